import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, newPage } from './browser';

/**
 * Issue 19 §5, notifications as people meet them on the orders list, in English and Russian: a failure is titled
 * by what failed with the server's text in the body; a success names the order; an archive can be undone from
 * its notification; no notification covers the screen's action bars or a dialog's buttons; every confirmation has
 * Cancel on the left and the action on the right.
 */
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('notifications', { demo: true });
});

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const withId = (text: string, id: number) => text.replace('{{id}}', String(id));

/** Every shown notification against every visible button of `bars`: the pairs that overlap. */
async function covered(page: Page, bars: Locator): Promise<string[]> {
  const notes = await page.locator('.ui-notification--shown').all();
  expect(notes.length, 'a notification shows').toBeGreaterThan(0);
  const found: string[] = [];
  for (const button of await bars.locator('button:visible, a:visible').all()) {
    const box = await button.boundingBox();
    for (const note of notes) {
      const noteBox = await note.boundingBox();
      if (box && noteBox && overlap(box, noteBox)) found.push(`${(await button.textContent())?.trim()} ${JSON.stringify(box)} under ${JSON.stringify(noteBox)}`);
    }
  }
  return found;
}

/** /orders in `lang`, and the ids of its first rows in the order shown. */
async function ordersPage(lang: 'en' | 'ru'): Promise<{ page: Page; ids: number[] }> {
  const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
  await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
  const listed = page.waitForResponse((response) => response.url().endsWith('/api/orders/list'));
  await page.goto(`${baseUrl}/?token=${account.token}#/orders`);
  const { data } = (await (await listed).json()) as { data: { id: number }[] };
  await page.locator('tbody tr').first().waitFor();
  return { page, ids: data.map((order) => order.id) };
}

async function rowMenu(page: Page, index: number, actionsPrefix: string): Promise<Locator> {
  // The button itself is brought into view (in Russian the wider table scrolls sideways), and the scroll allowed to
  // end: the menu closes on any scroll, as it should, so a scroll still under way when it opens would close it.
  const button = page.locator('tbody tr').nth(index).getByRole('button', { name: new RegExp(`^${actionsPrefix}`) });
  await button.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await button.click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

const LANGS = [
  ['English', 'en', en],
  ['Russian', 'ru', ru],
] as const;

describe.each(LANGS)('notifications in %s', (_name, lang, texts) => {
  const actions = texts.orders.actionsFor.replace('{{name}}', '');

  it("rule: archiving says 'Order #N archived' with Undo, which brings it back; the notification covers none of the list's action bars", async () => {
    const { page } = await ordersPage(lang);
    const menu = await rowMenu(page, 0, actions);
    const [request] = await Promise.all([
      page.waitForRequest((req) => req.url().endsWith('/api/orders/archive')),
      menu.getByRole('menuitem', { name: texts.archive.archiveOrder }).click(),
    ]);
    const id = (request.postDataJSON() as { id: number }).id;
    const note = page.locator('.ui-notification--shown', { hasText: withId(texts.done.orderArchived, id) });
    await note.waitFor();
    await note.getByText(texts.success.archived).waitFor();
    expect(await covered(page, page.locator('.shell-header, .orders-head, .orders-toolbar'))).toEqual([]);

    await note.getByRole('button', { name: texts.done.undo }).click();
    await page.locator('.ui-notification--shown', { hasText: withId(texts.done.orderRestored, id) }).waitFor();
    const back = await staffApi(account)<{ archived: boolean }>(`/api/orders/order?order_id=${id}`);
    expect(back.archived).toBe(false);
  });

  it("rule: a refused delete is titled 'Order not deleted' with the server's refusal in the user's language; a delete that works says 'Order #N deleted'; the confirmation's buttons are Cancel then Delete and no notification covers them", async () => {
    const { page, ids } = await ordersPage(lang);
    // Someone else deletes the second order while this list still shows it.
    const gone = ids[1];
    await staffApi(account)('/api/orders/delete', { body: { id: gone } });
    const again = await fetch(`${baseUrl}/api/orders/delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: gone }),
    });
    // The refusal is coded: the screen says it in the user's language (locales serverErrors), not the English `error`.
    const refused = (await again.json()) as { error: string; code: string };
    expect(refused.code).toBe('noSuchOrder');
    const serverText = texts.serverErrors.noSuchOrder;

    await (await rowMenu(page, 1, actions)).getByRole('menuitem', { name: texts.app.delete }).click();
    const dialog = page.getByRole('alertdialog');
    const buttons = dialog.locator('.ui-confirm__buttons button');
    expect(await buttons.allTextContents()).toEqual([texts.app.cancel, texts.app.delete]);
    const [cancelBox, deleteBox] = [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()];
    expect(cancelBox!.x).toBeLessThan(deleteBox!.x);
    await buttons.nth(1).click();
    const failed = page.locator('.ui-notification--shown', { hasText: texts.notify.failed.orderDelete });
    await failed.waitFor();
    await failed.getByText(serverText, { exact: true }).waitFor();
    expect(await page.locator('.ui-notification--shown', { hasText: texts.errors.global }).count()).toBe(0);

    // With the error still showing, the next confirmation's buttons stay uncovered.
    const deleted = ids[2];
    await (await rowMenu(page, 2, actions)).getByRole('menuitem', { name: texts.app.delete }).click();
    await dialog.waitFor();
    expect(await covered(page, dialog)).toEqual([]);
    await dialog.getByRole('button', { name: texts.app.delete, exact: true }).click();
    await page.locator('.ui-notification--shown', { hasText: withId(texts.done.orderDeleted, deleted) }).waitFor();
  });
});
