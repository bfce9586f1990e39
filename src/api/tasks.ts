import type { TaskDeleteAnswer, TaskList } from '../contract/tasks';
import { staffApi } from './http';
import { getFile } from './transport';

/** task/list: the caller's tasks, newest first. */
export const listTasks = () => staffApi.get<TaskList>('task/list');
/** task/delete: cancels an open task, deletes an ended one. */
export const deleteTask = (id: number) => staffApi.get<TaskDeleteAnswer>('task/delete', { id });
/** task/file: a finished task's result file. */
export const getTaskFile = (id: number) => getFile(staffApi, 'task/file', { id });
