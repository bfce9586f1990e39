import { expect } from 'vitest';
import { orderPayments, paymentSettings } from '../../../server/db/schema';
import { logIntegration } from '../../../server/modules/integrations/log';
import { vaultOf } from '../../../server/modules/integrations/vaultOf';
import type { TestAccount, TestServer } from '../harness';

/**
 * B's payment rows for the isolation walk (test/server/isolation.test.ts): its provider keys and a payment of one of
 * its orders. Payments are made by customers and providers, not by a staff call the walk can make, so they are written
 * here, with marked texts the walk looks for in A's answers.
 */
export async function seedPayments(server: TestServer, account: TestAccount, mark: () => string): Promise<void> {
  const db = server.database.db;
  const vault = vaultOf(server.app.ctx.config);
  const order = await server.call('POST', 'orders/add', { token: account.token, body: { name: `${mark()} paid order` } });
  expect(order.status).toBe(200);
  await db
    .insert(paymentSettings)
    .values({ accountId: account.id, provider: 'yookassa', yookassaCredentials: vault.seal({ shopId: mark(), secretKey: mark() }), stripeCredentials: vault.seal({ secretKey: mark(), webhookSecret: mark() }) })
    .onConflictDoNothing();
  await db.insert(orderPayments).values({
    accountId: account.id,
    orderId: order.body.id,
    provider: 'yookassa',
    externalId: mark(),
    amount: '12.50',
    currency: 'RUB',
    state: 'succeeded',
    idempotenceKey: mark(),
    confirmationUrl: `https://${mark()}.example.com/confirm`,
    orderVersion: 1,
  });
  // The payments log (payments/log) reads these: A's must never show B's.
  await logIntegration(db, { accountId: account.id, source: 'yookassa', level: 'info', action: 'payment-webhook', message: `${mark()} payment notice`, details: { order_id: order.body.id, event: mark(), amount: '12.50', currency: 'RUB' } });
}
