import { describe, expect, it } from 'vitest';
import '../../../../shell/features/tasks/texts';
import { countsText, durationText, errorText, statusText } from '../../../../shell/features/tasks/format';
import type { TaskItem } from '../../../../src/contract/tasks';

const task = (patch: Partial<TaskItem> = {}): TaskItem => ({
  id: 1, type: 'import', title: 'goods.xlsx', title_code: null, title_params: null, status: 0, done: 0, total: 0, started_at: '2026-01-01T10:00:00.000Z', finished_at: null, counts: null, error: null, file: null, ...patch,
});

describe('task center texts', () => {
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
