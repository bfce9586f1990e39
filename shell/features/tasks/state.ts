import { saveFile } from '../../../src/ui/saveFile';
import { refreshTasks } from '../../stores/tasks';
import { deleteTask, getTaskFile } from './api';

export { $tasks, taskStarted, titleText } from '../../stores/tasks';

/** task/delete (cancel when open, delete when ended), then the list at once rather than at the next poll. */
export async function removeTask(id: number): Promise<void> {
  await deleteTask(id);
  await refreshTasks();
}

export async function downloadResult(id: number, name: string): Promise<void> {
  const answer = await getTaskFile(id);
  if (answer.ok) saveFile(answer.data, name);
}
