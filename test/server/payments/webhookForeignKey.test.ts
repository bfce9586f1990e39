import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentSettings } from '../../../server/db/schema';
import { createVault } from '../../../server/modules/integrations/vault';
import { useTestServer } from '../harness';
import { paymentFakes, paymentSetup } from './paymentSetup';

/** The payment webhook reads its keys through vault.openOrNull: keys it cannot open are no keys, never a 500. */
const server = useTestServer();
const { shop, logOf } = paymentSetup(server);
const fakes = paymentFakes(server);

describe('payment webhooks with keys sealed under another key', () => {
  it('rule: keys sealed under another INTEGRATION_KEY give no provider to believe: 404, nothing logged', async () => {
    const other = createVault(Buffer.alloc(32, 9));
    const cases = [
      ['stripe', { stripe_secret_key: fakes.stripe.secretKey, stripe_webhook_secret: fakes.stripe.webhookSecret }, { stripeCredentials: other.seal({ secretKey: fakes.stripe.secretKey, webhookSecret: fakes.stripe.webhookSecret }) }],
      ['yookassa', { yookassa_shop_id: fakes.yoo.shopId, yookassa_secret_key: fakes.yoo.secretKey }, { yookassaCredentials: other.seal({ shopId: fakes.yoo.shopId, secretKey: fakes.yoo.secretKey }) }],
    ] as const;
    for (const [provider, keys, foreign] of cases) {
      const { account } = await shop(provider, keys);
      await server.database.db.update(paymentSettings).set(foreign).where(eq(paymentSettings.accountId, account.id));
      const before = (await logOf(account.id)).length;
      const answer = await server.app.inject({ method: 'POST', url: `/api/payments/webhook/${provider}/${account.id}`, payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(answer.statusCode, provider).toBe(404);
      expect((await logOf(account.id)).length, provider).toBe(before);
    }
  });
});
