import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import ru from '../../../../locales/ru.json';
import TaskCenter from '../../../../shell/features/tasks/TaskCenter';
import { $tasks } from '../../../../shell/stores/tasks';
import type { TaskItem } from '../../../../src/contract/tasks';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { settle } from '../../../support/settle';
import { all, render } from '../../../ui/render';

/** Task titles the server wrote are said in the viewer's language; a name the user gave, or an older task's, as stored. */
const task = (id: number, patch: Partial<TaskItem>): TaskItem => ({
  id, type: 'import', title: '', title_code: null, title_params: null, status: 1, done: 0, total: 0, started_at: '2026-01-01T10:00:00.000Z', finished_at: '2026-01-01T10:00:01.000Z', counts: null, error: null, file: null, ...patch,
});

const tasks = [
  task(3, { type: 'amocrm-lead-push', title: 'Order 15 → amoCRM', title_code: 'leadPush', title_params: { order: '15' } }),
  task(2, { type: 'bitrix24-deal', title: 'Bitrix24 deal 77', title_code: 'bitrixDeal', title_params: { deal: '77' } }),
  task(1, { title: 'goods.xlsx' }),
];

afterEach(() => setActiveLanguage('en'));

const titles = () => all<HTMLElement>(document.body, '.tasks-item__title').map((title) => title.textContent);
const deleteLabels = () => all<HTMLButtonElement>(document.body, '.tasks-item__buttons button').map((button) => button.getAttribute('aria-label'));

describe('task center titles', () => {
  it.each([
    ['en', en, ['Order 15 → amoCRM', 'Bitrix24 deal 77', 'goods.xlsx']],
    ['ru', ru, ['Заказ 15 → amoCRM', 'Сделка Битрикс24 77', 'goods.xlsx']],
  ] as const)("rule: a lead push's and a deal sync's titles read in the viewer's language (%s); a file's name stays as it is", async (lang, table, expected) => {
    addMessages(lang, table);
    setActiveLanguage(lang);
    $tasks.set(tasks);
    render(<TaskCenter />);
    await settle();
    expect(titles()).toEqual(expected);
    // The buttons name the task the same way.
    expect(deleteLabels().every((label, index) => label?.includes(expected[index]))).toBe(true);
  });
});
