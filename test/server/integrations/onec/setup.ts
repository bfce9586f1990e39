import { and, count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { catalogLinks, movements, stockDocuments, stockSums } from '../../../../server/db/schema';
import { OneCClient, type FakeCatalogue, type Transport } from '../../../fakes/onec';
import { settingUp, type TestAccount, type TestServer } from '../../harness';

/** An account with the 1C exchange on: two warehouses and two price fields mapped, a login and password set. */
export interface OneCAccount {
  account: TestAccount;
  main: number;
  second: number;
  login: string;
  password: string;
  client(password?: string): OneCClient;
}

export const PASSWORD = 'secret-1c-password';

export function transportOf(server: TestServer): Transport {
  return async (request) => {
    const response = await server.app.inject({ method: request.method, url: request.url, headers: request.headers, ...(request.body && { payload: request.body }) });
    return { status: response.statusCode, body: response.body };
  };
}

export async function oneCAccount(server: TestServer, options: { tariff?: string } = {}): Promise<OneCAccount> {
  const account = await server.newAccount({ tariff: options.tariff ?? 'corporate' });
  const post = settingUp(server, account.token);
  const main = (await post('warehouse/add', { name: 'Main' })).id as number;
  const second = (await post('warehouse/add', { name: 'Second' })).id as number;
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  await post('field/add', { name: 'Wholesale', code: 'wholesale', type: 11 });
  expect((await server.call('GET', 'account/genezis-enable', { token: account.token })).status).toBe(200);
  const settings = await post('integrations/1c/settings', {
    login: `login-${account.id}`,
    password: PASSWORD,
    warehouses: { 'wh-a': main, 'wh-b': second },
    prices: { 'pt-retail': 'retail', 'pt-opt': 'wholesale' },
    sale_price_type: 'pt-retail',
  });
  const transport = transportOf(server);
  return { account, main, second, login: settings.login, password: PASSWORD, client: (password = PASSWORD) => new OneCClient(transport, settings.exchange_path, settings.login, password) };
}

export const catalogueOf = (products: number, shift = 0): FakeCatalogue => ({
  products,
  warehouses: [
    { id: 'wh-a', name: 'Склад А', count: (index) => (index % 7) + 1 + shift },
    { id: 'wh-b', name: 'Склад Б', count: (index) => (index % 5) * 2 },
  ],
  priceTypes: [
    { id: 'pt-retail', name: 'Розничная', price: (index) => 100 + index },
    { id: 'pt-opt', name: 'Оптовая', price: (index) => 80 + index },
  ],
});

/** What stock the account has: documents, ledger rows and the counts per warehouse. */
export async function stockState(server: TestServer, accountId: number) {
  const { db } = server.database;
  const [documents] = await db.select({ n: count() }).from(stockDocuments).where(eq(stockDocuments.accountId, accountId));
  const [ledger] = await db.select({ n: count() }).from(movements).where(eq(movements.accountId, accountId));
  const sums = await db
    .select({ warehouseId: stockSums.warehouseId, total: sql<string>`sum(${stockSums.count})` })
    .from(stockSums)
    .where(and(eq(stockSums.accountId, accountId), sql`${stockSums.warehouseId} <> 0`))
    .groupBy(stockSums.warehouseId);
  const [links] = await db.select({ n: count() }).from(catalogLinks).where(and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.source, '1c')));
  return { documents: documents!.n, ledger: ledger!.n, links: links!.n, byWarehouse: Object.fromEntries(sums.map((row) => [row.warehouseId, Number(row.total)])) };
}

export const expectedTotal = (catalogue: FakeCatalogue, storeIndex: number) => {
  let total = 0;
  for (let index = 0; index < catalogue.products; index += 1) total += catalogue.warehouses[storeIndex]!.count(index);
  return total;
};
