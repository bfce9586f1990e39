import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Company } from '../../src/contract/customers';
import type { Facility, FacilityList } from '../../src/contract/facilities';
import type { OrderWithPositions } from '../../src/contract/orders';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage } from './browser';

/**
 * /objects in Chromium against the real server, in English and in Russian (issue 13 §6): a facility is added
 * (its name required), found by search, edited, chosen for an order in the deal's client tab, seen with that
 * order on its page, and archived (it leaves the list and shows under the archive switch).
 */

const TEXTS = {
  en: {
    locale: 'en-US',
    nav: 'Facilities',
    add: 'Add facility',
    name: 'Name',
    address: 'Address',
    company: 'Company',
    empty: 'Empty field',
    addButton: 'Add',
    save: 'Save',
    search: 'Search facilities',
    editOf: (name: string) => `Edit ${name}`,
    openPage: (name: string) => `Open the page of ${name}`,
    archiveOf: (name: string) => `Archive ${name}`,
    restoreOf: (name: string) => `Restore ${name}`,
    clientTab: 'Client',
    orderFacility: 'Facility',
    orders: 'Orders',
    showArchived: 'Show archived',
    close: 'Close',
  },
  ru: {
    locale: 'ru-RU',
    nav: 'Объекты',
    add: 'Добавить объект',
    name: 'Название',
    address: 'Адрес',
    company: 'Компания',
    empty: 'Пустое поле',
    addButton: 'Добавить',
    save: 'Сохранить',
    search: 'Поиск объектов',
    editOf: (name: string) => `Изменить ${name}`,
    openPage: (name: string) => `Открыть страницу объекта ${name}`,
    archiveOf: (name: string) => `Отправить в архив ${name}`,
    restoreOf: (name: string) => `Восстановить ${name}`,
    clientTab: 'Клиент',
    orderFacility: 'Объект',
    orders: 'Заказы',
    showArchived: 'Показать архивные',
    close: 'Закрыть',
  },
} as const;

const rows = (page: Page) => page.locator('[data-testid="facilities-table"] tbody th[scope="row"] button');

describe.each(Object.entries(TEXTS))('/objects in %s', (language, text) => {
  it('adds a facility (name required), finds it, edits it, chooses it for an order, sees the order on its page, archives it', async () => {
    const account: TestAccount = await testAccount(`facilities-${language}`);
    const api = <T>(path: string, body?: unknown) => staffApi(account)<T>(`/api/${path}`, { body });
    const company = await api<Company>('company/add', { name: `Builders ${language}` });
    await api<Facility>('facility/add', { name: 'South yard', address: '9 Dock Road' });
    const order = await api<OrderWithPositions>('orders/add', { name: `Order for the site ${language}` });

    const page = await openPage('/objects', { token: account.token, locale: text.locale });
    await page.getByRole('heading', { level: 1, name: text.nav }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: text.nav }).waitFor();
    await expect.poll(() => rows(page).allTextContents()).toEqual(['South yard']);

    // Add: an empty name is refused by its input, then the facility is stored with its company.
    await page.getByRole('button', { name: text.add }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('button', { name: text.addButton, exact: true }).click();
    await editor.getByText(text.empty).waitFor();
    await editor.getByLabel(text.name, { exact: true }).fill('North site');
    await editor.getByLabel(text.address, { exact: true }).fill('1 Quay Street');
    await editor.getByRole('combobox', { name: text.company }).fill('Builders');
    await page.getByRole('option', { name: new RegExp(`Builders ${language}`) }).click();
    await editor.getByText(`Builders ${language}`).waitFor();
    await editor.getByRole('button', { name: text.addButton, exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).allTextContents()).toEqual(['South yard', 'North site']);
    const stored = (await api<FacilityList>('facility/list', { filter: { search: 'North' } })).data[0];
    expect(stored).toMatchObject({ name: 'North site', address: '1 Quay Street', company: { id: company.id } });

    // Search by address as well as by name.
    await page.getByLabel(text.search).fill('quay');
    await expect.poll(() => rows(page).allTextContents()).toEqual(['North site']);

    // Edit the address.
    await page.getByRole('button', { name: text.editOf('North site') }).click();
    await editor.getByLabel(text.address, { exact: true }).fill('2 Quay Street');
    await editor.getByRole('button', { name: text.save, exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '2 Quay Street' }).waitFor();

    // Choose it for an order in the deal's client tab.
    const deal = await openPage(`/addToDeal?order_id=${order.id}`, { token: account.token, locale: text.locale });
    await deal.getByRole('tab', { name: text.clientTab }).click();
    const choice = deal.getByTestId('order-facility');
    await choice.getByRole('combobox', { name: text.orderFacility }).fill('North');
    await deal.getByRole('option', { name: /North site/ }).click();
    await choice.getByText('North site').waitFor();
    await expect.poll(async () => (await api<OrderWithPositions>(`orders/order?order_id=${order.id}`)).facility?.id).toBe(stored.id);

    // Its page lists the order.
    await page.reload();
    await page.getByRole('button', { name: text.openPage('North site') }).click();
    const card = page.getByTestId('facility-page');
    await card.getByRole('heading', { name: text.orders }).waitFor();
    await card.getByTestId('facility-orders').getByRole('link', { name: `Order for the site ${language}` }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: text.close }).click();

    // Archive: it leaves the list and shows under the archive switch, with a restore button.
    await page.getByRole('button', { name: text.archiveOf('North site') }).click();
    await expect.poll(() => rows(page).allTextContents()).toEqual(['South yard']);
    await page.getByLabel(text.showArchived).check();
    await expect.poll(() => rows(page).allTextContents()).toEqual(['North site']);
    await page.getByRole('button', { name: text.restoreOf('North site') }).waitFor();
    expect((await api<Facility>(`facility/get?id=${stored.id}`)).archived).toBe(true);
  });
});
