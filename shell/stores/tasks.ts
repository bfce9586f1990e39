import { atom } from 'nanostores';
import { tasks } from '../../locales/en.json';
import { listTasks } from '../../src/api/tasks';
import type { TaskItem } from '../../src/contract/tasks';
import { TASK_STATUS } from '../../src/domain/taskStatus';
import { registerTexts, t, translateDynamic } from '../../src/i18n';
import { onAccountForgotten } from '../../src/stores/account';
import { closeNotification, NOTIFICATION_HIDE_MS, notify, NotificationType } from '../../src/stores/notifications';
import { $overlays, openOverlay } from './overlays';

/**
 * The user's background tasks, shared by the task center (shell/features/tasks) and every screen that starts a
 * task (import, exports, syncs): such a screen calls taskStarted, the center shows the task at once, and this tab
 * gets a notice when the task ends. The list is polled about once a second while the center is open or a task
 * started in this tab is still running, and not at all otherwise.
 */

registerTexts({ tasks });

export const TASK_POLL_MS = 1000;

/** The user's tasks as task/list last answered (null before the first answer). */
export const $tasks = atom<readonly TaskItem[] | null>(null);

/** Tasks started in this tab and not yet seen ending: each gets a notice when it ends. */
const startedHere = new Set<number>();
/** Notices that say what a running task is doing: each closes when its task ends, but is up at least the usual 8 s. */
const whileRunning = new Map<number, { notice: number; shownAt: number }>();
let timer: ReturnType<typeof setTimeout> | undefined;
let loading: Promise<void> | null = null;

const centerOpen = () => $overlays.get().taskCenter;
const shouldPoll = () => centerOpen() || startedHere.size > 0;

/** Loads the list now (one request at a time) and announces this tab's tasks that ended. */
export function refreshTasks(): Promise<void> {
  loading ??= (async () => {
    const answer = await listTasks();
    if (answer.ok) {
      $tasks.set(answer.data);
      announceEnded(answer.data);
    }
  })().finally(() => {
    loading = null;
    schedule();
  });
  return loading;
}

function schedule(): void {
  clearTimeout(timer);
  timer = shouldPoll() ? setTimeout(() => void refreshTasks(), TASK_POLL_MS) : undefined;
}

/**
 * The task's name in the user's language: a task the server named carries its title's code (tasks.titles.<code>)
 * and params; a name the user gave (a file's), an older task or a code this shell does not know shows the stored title.
 */
export function titleText(task: TaskItem): string {
  if (!task.title_code) return task.title;
  const key = `tasks.titles.${task.title_code}`;
  const text = translateDynamic(key, task.title_params ?? {});
  return text === key ? task.title : text;
}

function announceEnded(list: readonly TaskItem[]): void {
  for (const id of startedHere) {
    const task = list.find((item) => item.id === id);
    if (task?.status === TASK_STATUS.open) continue;
    startedHere.delete(id);
    const running = whileRunning.get(id);
    if (running) setTimeout(() => closeNotification(running.notice), Math.max(0, running.shownAt + NOTIFICATION_HIDE_MS - Date.now()));
    whileRunning.delete(id);
    // Cancelled or deleted by this user: nothing to announce.
    if (task?.status !== TASK_STATUS.finished) continue;
    notify({
      type: task.error ? NotificationType.error : NotificationType.success,
      header: t(task.error ? 'tasks.failedHeader' : 'tasks.finishedHeader'),
      text: titleText(task),
      action: { label: t('tasks.openCenter'), run: () => void openOverlay('taskCenter') },
    });
  }
}

/**
 * What a screen calls once the server answered a task's id (import started, big export started): the spec's
 * information notice, the task in the center at once, and a notice here when it ends.
 */
export function taskStarted(id: number, notice: { header?: string; text?: string; whileRunning?: boolean } = {}): Promise<void> {
  startedHere.add(id);
  const shown = notify({ type: NotificationType.info, header: notice.header ?? t('tasks.startedHeader'), text: notice.text ?? t('tasks.started'), action: { label: t('tasks.openCenter'), run: () => void openOverlay('taskCenter') }, stay: notice.whileRunning });
  if (notice.whileRunning) whileRunning.set(id, { notice: shown, shownAt: Date.now() });
  return refreshTasks();
}

// Opening the center loads the list at once and starts the polling; closing it lets the polling stop.
let wasOpen = false;
$overlays.subscribe((flags) => {
  if (flags.taskCenter === wasOpen) return;
  wasOpen = flags.taskCenter;
  if (wasOpen) void refreshTasks();
  else schedule();
});

onAccountForgotten(() => {
  startedHere.clear();
  clearTimeout(timer);
  $tasks.set(null);
});
