import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAccount, type TestAccount } from './account';
import { join } from 'node:path';
import { baseUrl, openPage, shots } from './browser';
import type { E2eTaskPayload } from './taskFixtures';

// The task center (issue 14 §2), opened from the home menu's 'Task list', on this file's own account. Tasks are of
// a test-only type, started through the e2e server's /e2e/task (the import starts the real ones).
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('tasks');
});

async function startTask(title: string, payload: E2eTaskPayload): Promise<number> {
  const response = await fetch(`${baseUrl}/e2e/task`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account_id: account.id, title, payload }) });
  if (response.status !== 200) throw new Error(`no task: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

const TEXTS = {
  en: {
    locale: 'en-US', menu: 'Menu', taskList: 'Task list', title: 'Task center', empty: 'No tasks in progress',
    progress: (title: string) => `Progress of ${title}`, cancel: (title: string) => `Cancel ${title}`, remove: (title: string) => `Delete ${title}`,
    cancelled: 'Cancelled', successful: 'Successful', download: 'Download result.txt', inProgress: 'In progress',
  },
  ru: {
    locale: 'ru-RU', menu: 'Меню', taskList: 'Список задач', title: 'Центр задач', empty: 'Нет задач в работе',
    progress: (title: string) => `Ход выполнения: ${title}`, cancel: (title: string) => `Отменить ${title}`, remove: (title: string) => `Удалить ${title}`,
    cancelled: 'Отменена', successful: 'Выполнена', download: 'Скачать result.txt', inProgress: 'Выполняется',
  },
} as const;
type Lang = keyof typeof TEXTS;

async function openCenter(page: Page, lang: Lang) {
  const texts = TEXTS[lang];
  await page.getByRole('button', { name: texts.menu, exact: true }).click();
  await page.getByRole('menuitem', { name: texts.taskList }).click();
  const center = page.getByRole('dialog', { name: texts.title });
  await center.waitFor();
  return center;
}

const taskItem = (page: Page, id: number) => page.locator(`.tasks-item[data-task-id="${id}"]`);

describe('task center in the browser', () => {
  for (const lang of ['en', 'ru'] as const) {
    const texts = TEXTS[lang];

    it(`${lang}: empty, then a running task's progress moves, cancel ends it, a finished task's file downloads, delete removes it`, async () => {
      // Each language starts from an empty list: the tasks of the other language's run are deleted by then.
      const page = await openPage('/orders', { token: account.token, locale: texts.locale });
      const center = await openCenter(page, lang);
      await center.getByText(texts.empty).waitFor();

      // A running task appears while the center is open (it polls) and its progress bar moves.
      const running = `Long ${lang}`;
      const runningId = await startTask(running, { steps: 40, stepMs: 250 });
      const bar = center.getByRole('progressbar', { name: texts.progress(running) });
      await bar.waitFor();
      await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
      const first = Number(await bar.getAttribute('value'));
      await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(first);
      await expect.poll(() => taskItem(page, runningId).locator('.tasks-item__status').textContent()).toBe(texts.inProgress);
      await page.screenshot({ path: join(shots, `task-center-running-${lang}.png`) });

      // Cancel: the task ends cancelled, its progress bar goes.
      await center.getByRole('button', { name: texts.cancel(running) }).click();
      await expect.poll(() => taskItem(page, runningId).locator('.tasks-item__status').textContent()).toBe(texts.cancelled);
      await bar.waitFor({ state: 'detached' });

      // A finished task's result file downloads.
      const quick = `Export ${lang}`;
      const quickId = await startTask(quick, { steps: 2, stepMs: 100, file: `file of ${lang}` });
      await expect.poll(() => taskItem(page, quickId).locator('.tasks-item__status').textContent()).toBe(texts.successful);
      const [download] = await Promise.all([page.waitForEvent('download'), taskItem(page, quickId).getByRole('button', { name: texts.download }).click()]);
      expect(download.suggestedFilename()).toBe('result.txt');
      expect(await readFile((await download.path()) as string, 'utf8')).toBe(`file of ${lang}`);
      await page.screenshot({ path: join(shots, `task-center-ended-${lang}.png`) });

      // Delete: ended tasks leave the list, and the center is empty again.
      await center.getByRole('button', { name: texts.remove(quick) }).click();
      await taskItem(page, quickId).waitFor({ state: 'detached' });
      await center.getByRole('button', { name: texts.remove(running) }).click();
      await center.getByText(texts.empty).waitFor();
    });
  }
});
