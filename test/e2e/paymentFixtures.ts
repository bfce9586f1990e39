import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { accounts } from '../../server/db/schema';

/**
 * Test-only: POST /e2e/payment-providers points the server at the payment fakes a test file started (test/fakes/
 * yookassa.ts, stripe.ts) — the configuration's YOOKASSA_API_URL / STRIPE_API_URL, known only once the fakes listen —
 * and, with kommo_account_id, makes that account price in dollars (Stripe takes USD). Registered by the e2e set-up only.
 */
export function addPaymentFixtures(app: FastifyInstance, db: Db, config: ServerConfig): void {
  app.post('/e2e/payment-providers', async (request) => {
    const { yookassa, stripe, kommo_account_id: kommo } = request.body as { yookassa?: string; stripe?: string; kommo_account_id?: number };
    if (yookassa) config.yookassaApiUrl = yookassa;
    if (stripe) config.stripeApiUrl = stripe;
    if (kommo) await db.update(accounts).set({ isKommo: true }).where(eq(accounts.id, kommo));
    return { ok: true };
  });
}
