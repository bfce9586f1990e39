import { expect } from 'vitest';
import { catalogLinks, crmDeals, integrationEvents, integrationLog, onecImports, onecLinks } from '../../../server/db/schema';
import type { TestAccount, TestServer } from '../harness';

/**
 * B's integration rows for the isolation walk (test/server/isolation.test.ts): a CRM's log entries, a taken delivery,
 * a known deal linked to B's order, a catalogue link, and 1C's group links and import progress. They come from CRMs and 1C (webhooks, syncs), which the walk
 * cannot call as a user, so they are written here, with marked texts the walk looks for in A's answers.
 */
export async function seedIntegrations(server: TestServer, account: TestAccount, mark: () => string): Promise<void> {
  const db = server.database.db;
  const order = await server.call('POST', 'orders/add', { token: account.token, body: { name: `${mark()} crm order` } });
  expect(order.status).toBe(200);
  const product = await server.call('POST', 'product/add', { token: account.token, body: { name: `${mark()} synced product` } });
  expect(product.status).toBe(200);
  await db.insert(integrationLog).values([
    { accountId: account.id, source: 'amocrm:1', level: 'error', action: 'sync', message: `${mark()} amo failure`, retry: { type: 'none', title: mark(), payload: {} } },
    { accountId: account.id, source: '1c', level: 'info', action: '1c-import', message: `${mark()} 1c import` },
  ]);
  await db.insert(integrationEvents).values({ accountId: account.id, source: 'amocrm:1', key: mark() });
  await db.insert(crmDeals).values({ accountId: account.id, source: 'amocrm:1', externalId: mark(), orderId: order.body.id, name: `${mark()} deal`, stageName: mark(), sum: '10.00' });
  await db.insert(catalogLinks).values({ accountId: account.id, source: '1c', productId: product.body.id, externalId: mark() });
  // 1C's exchange state: what its groups became, and an import file's progress.
  await db.insert(onecLinks).values({ accountId: account.id, kind: 'group', externalId: mark(), target: mark() });
  await db.insert(onecImports).values({ accountId: account.id, filename: `${mark()}.xml`, digest: mark(), done: 3 });
}
