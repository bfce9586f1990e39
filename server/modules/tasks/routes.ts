import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TaskDeleteAnswer, TaskIdQuery, TaskList, type TaskItem } from '../../../src/contract/tasks';
import { callerOf } from '../../http/context';
import { sendStoredFile } from '../../http/downloads';
import { refusal, refusalText } from '../../http/refusal';
import { queueOf } from './queue';
import { cancelOrDeleteTask, listTasks, taskFile, type TaskRow } from './records';

const tags = ['tasks'];
export const TASK_NOT_FOUND = refusalText('taskNotFound');

function taskItem(row: TaskRow): TaskItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    title_code: row.titleCode,
    title_params: row.titleParams,
    status: row.status,
    done: row.done,
    total: row.total,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    counts: row.counts,
    error: row.error,
    file: row.fileName ? { name: row.fileName, size: row.fileSize ?? 0 } : null,
  };
}

/**
 * task/list, task/delete (spec §7 "Tasks") and task/file (the result download). A task is its user's: another
 * member of the account, like another account, gets 404 for it, as for a task that does not exist.
 */
export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get('/task/list', { config: { reads: true }, schema: { tags, response: { 200: TaskList } } }, async (request) => {
    const caller = callerOf(request);
    return (await listTasks(db, caller.account.id, caller.user.id)).map(taskItem);
  });
  app.get('/task/delete', { schema: { tags, description: 'Cancels an open task; deletes a finished or cancelled one.', querystring: TaskIdQuery, response: { 200: TaskDeleteAnswer } } }, async (request) => {
    const caller = callerOf(request);
    const changed = await cancelOrDeleteTask(db, request.query.id, caller.account.id, caller.user.id);
    if (!changed) throw refusal(404, 'taskNotFound');
    queueOf(db)?.cancelled(request.query.id);
    return { success: true, status: changed.status };
  });
  app.get('/task/file', { config: { reads: true }, schema: { tags, description: "The finished task's result file.", querystring: TaskIdQuery } }, async (request, reply) => {
    const caller = callerOf(request);
    const file = await taskFile(db, request.query.id, caller.account.id, caller.user.id);
    if (!file) throw refusal(404, 'taskNotFound');
    return sendStoredFile(reply, { name: file.name, mime: file.type, size: file.content.length, body: file.content });
  });
};
