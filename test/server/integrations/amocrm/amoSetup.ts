import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { batches, movements, tasks } from '../../../../server/db/schema';
import type { FakeAmo } from '../../../fakes/amocrmServer';
import type { TestAccount, useTestServer } from '../../harness';

type Server = ReturnType<typeof useTestServer>;

/** A new account connected to the fake amoCRM account through the real install flow. */
export async function connectedAmo(server: Server, amo: FakeAmo): Promise<{ account: TestAccount; connectionId: number }> {
  const account = await server.newAccount();
  amo.users.push({ id: 700 + amo.users.length, name: 'Owner', email: account.email });
  const started = await server.call('POST', 'integrations/amocrm/install', { token: account.token, body: { origin: amo.origin, client_id: amo.clientId, client_secret: amo.clientSecret } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await server.app.inject({ method: 'GET', url: `/api/integrations/amocrm/oauth?${new URLSearchParams({ code: amo.issueCode(), state: started.body.state, referer: new URL(amo.origin).host })}` });
  return { account, connectionId: started.body.connection_id };
}

export async function tasksSettled(server: Server, accountId: number) {
  for (let i = 0; i < 300; i++) {
    const rows = await server.database.db.select().from(tasks).where(eq(tasks.accountId, accountId)).orderBy(asc(tasks.id));
    if (rows.every((row) => row.status !== 0)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('tasks did not finish');
}

/** A product with 10 in stock and, when leadId is given, an order of that lead holding 3 of it (lost, so holding nothing yet). */
export async function stockedProduct(server: Server, account: TestAccount, leadId?: number) {
  const call = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: account.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await call('warehouse/add', { name: 'Main' });
  const product = await call('product/add', { name: 'Drill', article: 'D-1' });
  await call('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  if (leadId === undefined) return { product, order: null };
  const order = await call('orders/add', { lead_id: leadId, status: 3 });
  await call('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 3 });
  return { product, order };
}

export async function balance(server: Server, productId: number) {
  const rows = await server.database.db.select().from(batches).where(eq(batches.productId, productId));
  return { count: rows.reduce((sum, row) => sum + Number(row.count), 0), reserve: rows.reduce((sum, row) => sum + Number(row.reserve), 0) };
}

export const ledger = async (server: Server, productId: number) =>
  (await server.database.db.select().from(movements).where(eq(movements.productId, productId)).orderBy(asc(movements.id))).map((row) => `${row.eventType} ${Number(row.quantity)}`);
