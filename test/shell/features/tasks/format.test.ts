import { afterEach, describe, expect, it } from 'vitest';
import ru from '../../../../locales/ru.json';
import '../../../../shell/features/tasks/texts';
import { countsText, durationText, errorText, statusText, titleText } from '../../../../shell/features/tasks/format';
import type { TaskItem } from '../../../../src/contract/tasks';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';

const task = (patch: Partial<TaskItem> = {}): TaskItem => ({
  id: 1, type: 'import', title: 'goods.xlsx', title_code: null, title_params: null, status: 0, done: 0, total: 0, started_at: '2026-01-01T10:00:00.000Z', finished_at: null, counts: null, error: null, file: null, ...patch,
});

afterEach(() => setActiveLanguage('en'));

describe('task center texts', () => {
  it("rule: a task the server named reads in the viewer's language; a file's name, an older task and an unknown code keep the stored title", () => {
    const leadPush = task({ type: 'amocrm-lead-push', title: 'Order 1234 → amoCRM', title_code: 'leadPush', title_params: { order: '1234' } });
    const sync = task({ type: 'onec-sync', title: 'Stock sync with 1C', title_code: 'onecSync', title_params: {} });
    const older = task({ type: 'amocrm-lead-push', title: 'Order 7 → amoCRM' });
    const unknown = task({ title: 'Something new', title_code: 'notKnownYet', title_params: {} });
    expect([leadPush, sync, older, unknown, task()].map(titleText)).toEqual(['Order 1234 → amoCRM', 'Stock sync with 1C', 'Order 7 → amoCRM', 'Something new', 'goods.xlsx']);
    addMessages('ru', ru);
    setActiveLanguage('ru');
    expect([leadPush, sync, older, unknown, task()].map(titleText)).toEqual(['Заказ 1234 → amoCRM', 'Синхронизация остатков с 1С', 'Order 7 → amoCRM', 'Something new', 'goods.xlsx']);
  });

  it('statuses (spec §3): open reads in progress; a finished task with an error reads failed', () => {
    expect([task(), task({ status: 1 }), task({ status: 1, error: 'x' }), task({ status: 2 }), task({ status: 3 })].map(statusText)).toEqual(['In progress', 'Successful', 'Failed', 'Cancelled', 'Deleted']);
  });

  it("duration: to the end, or to now while it runs; minutes past a minute", () => {
    expect(durationText(task({ finished_at: '2026-01-01T10:00:42.400Z' }), 0)).toBe('42 s');
    expect(durationText(task(), Date.parse('2026-01-01T10:03:05.000Z'))).toBe('3 min 5 s');
  });

  it("the queue's errors are locale keys and translated; a handler's own text is shown as it is", () => {
    expect(errorText(task({ error: 'tasks.errors.serverStopped' }))).toBe('The server stopped while the task was running');
    expect(errorText(task({ error: 'Row 3: the price is not a number' }))).toBe('Row 3: the price is not a number');
  });

  it('counts: known names translated, others as the task named them', () => {
    expect(countsText(task({ counts: { added: 10, wrong: 1, other: 2 } }))).toBe('added: 10, wrong: 1, other: 2');
  });
});
