import type { TaskItem } from '../../../src/contract/tasks';
import { TASK_STATUS } from '../../../src/domain/taskStatus';
import { t, translateDynamic } from '../../../src/i18n';
import { formatDateTimeText } from '../../../src/i18n/dates';

/** Status words of the task center: a finished task with an error reads 'Failed'. */
export function statusText(task: TaskItem): string {
  if (task.status === TASK_STATUS.open) return t('tasks.inProgress');
  if (task.status === TASK_STATUS.cancelled) return t('tasks.cancelled');
  if (task.status === TASK_STATUS.deleted) return t('tasks.deleted');
  return task.error ? t('tasks.failed') : t('tasks.successful');
}

export function startText(task: TaskItem): string {
  return formatDateTimeText(task.started_at);
}

/** How long it ran (or has run so far): '12 s', '3 min 5 s'. */
export function durationText(task: TaskItem, now: number): string {
  const end = task.finished_at ? Date.parse(task.finished_at) : now;
  const total = Math.max(0, Math.round((end - Date.parse(task.started_at)) / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes ? t('tasks.minutes', { minutes, seconds }) : t('tasks.seconds', { seconds });
}

/** The server's error: a locale key of ours (tasks.errors.*) or a text already meant for the user. */
export const errorText = (task: TaskItem) => (task.error ? translateDynamic(task.error) : '');

/** A count's name in the user's language when we know it (tasks.countNames), else as the task named it. */
function countName(name: string): string {
  const key = `tasks.countNames.${name}`;
  const text = translateDynamic(key);
  return text === key ? name : text;
}

export const countsText = (task: TaskItem) =>
  Object.entries(task.counts ?? {})
    .map(([name, count]) => t('tasks.counts', { name: countName(name), count }))
    .join(', ');
