import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskItem } from '../../../src/contract/tasks';
import { $overlays, closeAllOverlays, openOverlay } from '../../../shell/stores/overlays';
import { $tasks, TASK_POLL_MS, taskStarted, titleText } from '../../../shell/stores/tasks';
import ru from '../../../locales/ru.json';
import { addMessages, setActiveLanguage } from '../../../src/i18n';
import { $notifications, clearNotifications, NOTIFICATION_HIDE_MS, NotificationType } from '../../../src/stores/notifications';
import { useApiFake } from '../../support/apiFake';

const { calls, answers } = useApiFake();

const task = (id: number, patch: Partial<TaskItem> = {}): TaskItem => ({
  id,
  type: 'import',
  title: `goods ${id}.xlsx`,
  title_code: null,
  title_params: null,
  status: 0,
  done: 0,
  total: 10,
  started_at: '2026-01-01T10:00:00.000Z',
  finished_at: null,
  counts: null,
  error: null,
  file: null,
  ...patch,
});

const listCalls = () => calls.filter((call) => call.path === '/api/task/list').length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  closeAllOverlays();
  clearNotifications();
});
afterEach(async () => {
  closeAllOverlays();
  // Lets a poll still scheduled by a test run out.
  answers['/api/task/list'] = { status: 200, body: [] };
  await vi.advanceTimersByTimeAsync(TASK_POLL_MS * 2);
  vi.useRealTimers();
  setActiveLanguage('en');
});

describe('the tasks store: a task started in this tab', () => {
  it('taskStarted shows the information notice with a link to the center and loads the list at once', async () => {
    answers['/api/task/list'] = { status: 200, body: [task(1)] };
    await taskStarted(1);
    expect(listCalls()).toBe(1);
    expect($tasks.get()?.map((item) => item.id)).toEqual([1]);
    const [notice] = $notifications.get();
    expect(notice).toMatchObject({ type: NotificationType.info, header: 'Task started', text: 'The task has started. Its progress is shown in the task center' });
    notice.action?.run();
    expect($overlays.get().taskCenter).toBe(true);
  });

  it('polls about once a second while the task runs, then gives one notice when it ends (with a link to the center) and stops polling', async () => {
    answers['/api/task/list'] = { status: 200, body: [task(2)] };
    await taskStarted(2);
    clearNotifications();
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS * 3);
    expect(listCalls()).toBeGreaterThanOrEqual(3);
    expect($notifications.get()).toEqual([]);
    answers['/api/task/list'] = { status: 200, body: [task(2, { status: 1, done: 10, finished_at: '2026-01-01T10:01:00.000Z' })] };
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS);
    expect($notifications.get()).toMatchObject([{ type: NotificationType.success, header: 'Task finished', text: 'goods 2.xlsx', action: { label: 'Open the task center' } }]);
    const after = listCalls();
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS * 5);
    // Nothing of this tab runs and the center is closed: no more polling, and no second notice.
    expect(listCalls()).toBe(after);
    expect($notifications.get()).toHaveLength(1);
  });

  it('rule: a notice shown while the task runs (a first download) stays past the usual 8 s and closes when the task ends', async () => {
    answers['/api/task/list'] = { status: 200, body: [task(5)] };
    await taskStarted(5, { header: 'Sync started', text: 'Attention! Account data is being downloaded', whileRunning: true });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_HIDE_MS * 2);
    expect($notifications.get().map((notice) => notice.text)).toEqual(['Attention! Account data is being downloaded']);
    answers['/api/task/list'] = { status: 200, body: [task(5, { status: 1, done: 10, finished_at: '2026-01-01T10:01:00.000Z' })] };
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS + 1);
    expect($notifications.get()).toMatchObject([{ type: NotificationType.success, header: 'Task finished', text: 'goods 5.xlsx' }]);
  });

  it('rule: a notice shown while a task runs is up at least the usual 8 s, even when the task ends at once', async () => {
    answers['/api/task/list'] = { status: 200, body: [task(6, { status: 1, done: 10, finished_at: '2026-01-01T10:01:00.000Z' })] };
    await taskStarted(6, { text: 'Attention! Account data is being downloaded', whileRunning: true });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_HIDE_MS - 1000);
    expect($notifications.get().map((notice) => notice.text)).toContain('Attention! Account data is being downloaded');
    await vi.advanceTimersByTimeAsync(1000);
    expect($notifications.get().map((notice) => notice.text)).not.toContain('Attention! Account data is being downloaded');
  });

  it('a failed task gives an error notice; a cancelled one none', async () => {
    answers['/api/task/list'] = { status: 200, body: [task(3), task(4)] };
    await taskStarted(3);
    await taskStarted(4);
    clearNotifications();
    answers['/api/task/list'] = { status: 200, body: [task(3, { status: 1, error: 'tasks.errors.crashed' }), task(4, { status: 2 })] };
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS);
    expect($notifications.get()).toMatchObject([{ type: NotificationType.error, header: 'Task failed', text: 'goods 3.xlsx' }]);
  });
});

describe('the tasks store: the task center', () => {
  it('opening the center loads the list at once and polls while it is open; closing it stops the polling', async () => {
    answers['/api/task/list'] = { status: 200, body: [] };
    const before = listCalls();
    openOverlay('taskCenter');
    await vi.advanceTimersByTimeAsync(0);
    expect(listCalls()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS * 3);
    expect(listCalls()).toBeGreaterThanOrEqual(before + 3);
    closeAllOverlays();
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS);
    const closed = listCalls();
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS * 5);
    expect(listCalls()).toBe(closed);
  });
});

describe("the tasks store: a task's title", () => {
  it("rule: a task the server named reads in the viewer's language; a file's name, an older task and an unknown code keep the stored title", () => {
    const leadPush = task(1, { type: 'amocrm-lead-push', title: 'Order 1234 → amoCRM', title_code: 'leadPush', title_params: { order: '1234' } });
    const sync = task(2, { type: 'onec-sync', title: 'Stock sync with 1C', title_code: 'onecSync', title_params: {} });
    const older = task(3, { type: 'amocrm-lead-push', title: 'Order 7 → amoCRM' });
    const unknown = task(4, { title: 'Something new', title_code: 'notKnownYet', title_params: {} });
    const file = task(5);
    expect([leadPush, sync, older, unknown, file].map(titleText)).toEqual(['Order 1234 → amoCRM', 'Stock sync with 1C', 'Order 7 → amoCRM', 'Something new', 'goods 5.xlsx']);
    addMessages('ru', ru);
    setActiveLanguage('ru');
    expect([leadPush, sync, older, unknown, file].map(titleText)).toEqual(['Заказ 1234 → amoCRM', 'Синхронизация остатков с 1С', 'Order 7 → amoCRM', 'Something new', 'goods 5.xlsx']);
  });

  it("rule: the notice that a sync started here ended names it in the viewer's language", async () => {
    addMessages('ru', ru);
    setActiveLanguage('ru');
    const sync = { type: 'amocrm-to-warehouse', title: 'amoCRM → warehouse', title_code: 'amoToWarehouse', title_params: {} };
    answers['/api/task/list'] = { status: 200, body: [task(7, sync)] };
    await taskStarted(7);
    clearNotifications();
    answers['/api/task/list'] = { status: 200, body: [task(7, { ...sync, status: 1, done: 10, finished_at: '2026-01-01T10:01:00.000Z' })] };
    await vi.advanceTimersByTimeAsync(TASK_POLL_MS);
    expect($notifications.get()).toMatchObject([{ type: NotificationType.success, text: 'amoCRM → склад' }]);
  });
});
