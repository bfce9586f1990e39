import { eq } from 'drizzle-orm';
import type { PaymentProvider, PaymentSettings, PaymentSettingsUpdate, PaymentTestAnswer } from '../../../src/contract/payments';
import type { Caller } from '../../auth/sessions';
import { requireAdmin } from '../../auth/rights';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { paymentSettings } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import { logIntegration } from '../integrations/log';
import { vaultOf } from '../integrations/vaultOf';
import { failureText } from './http';
import type { PaymentAdapter } from './provider';
import { stripeAdapter, type StripeKeys } from './stripe';
import { yookassaAdapter, type YooKassaKeys } from './yookassa';

export const NO_YOOKASSA_KEYS = 'Enter the YooKassa shop ID and secret key';
export const NO_STRIPE_KEYS = 'Enter the Stripe secret key and webhook signing secret';

type SettingsRow = typeof paymentSettings.$inferSelect;

/** A key as the screen shows it: its last four characters, the rest hidden (a shop ID is not secret and shows whole). */
export const masked = (value: string) => (value.length <= 4 ? '••••' : `••••${value.slice(-4)}`);

export async function settingsRowOf(db: Db, accountId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.accountId, accountId));
  return row ?? null;
}

const isProvider = (value: string | null): value is PaymentProvider => value === 'yookassa' || value === 'stripe';

/**
 * The adapter of the account's chosen provider with its keys; null when it takes no payments. `unreadableKeys: 'none'`
 * counts keys sealed under another key (INTEGRATION_KEY changed) as no keys instead of throwing.
 */
export function adapterOf(config: ServerConfig, row: SettingsRow | null, provider: string | null = row?.provider ?? null, unreadableKeys: 'throw' | 'none' = 'throw'): PaymentAdapter | null {
  if (!row || !isProvider(provider)) return null;
  const vault = vaultOf(config);
  const open = unreadableKeys === 'none' ? vault.openOrNull : vault.open;
  if (provider === 'yookassa') {
    const keys = row.yookassaCredentials ? open<YooKassaKeys>(row.yookassaCredentials) : null;
    return keys ? yookassaAdapter(config.yookassaApiUrl, keys, `yookassa:${row.accountId}`) : null;
  }
  const keys = row.stripeCredentials ? open<StripeKeys>(row.stripeCredentials) : null;
  return keys ? stripeAdapter(config.stripeApiUrl, keys, `stripe:${row.accountId}`) : null;
}

/** payments/settings: the provider and masked keys, and the addresses to enter in each provider's dashboard (admins only). */
export async function readPaymentSettings(db: Db, config: ServerConfig, caller: Caller, ourUrl: string): Promise<PaymentSettings> {
  requireAdmin(caller);
  const row = await settingsRowOf(db, caller.account.id);
  const vault = vaultOf(config);
  const yoo = row?.yookassaCredentials ? vault.open<YooKassaKeys>(row.yookassaCredentials) : null;
  const stripe = row?.stripeCredentials ? vault.open<StripeKeys>(row.stripeCredentials) : null;
  return {
    provider: isProvider(row?.provider ?? null) ? (row!.provider as PaymentProvider) : null,
    yookassa: { shop_id: yoo?.shopId ?? null, secret_key: yoo ? masked(yoo.secretKey) : null },
    stripe: { secret_key: stripe ? masked(stripe.secretKey) : null, webhook_secret: stripe ? masked(stripe.webhookSecret) : null },
    webhook_urls: webhookUrls(ourUrl, caller.account.id),
  };
}

export const webhookUrls = (ourUrl: string, accountId: number) => ({
  yookassa: `${ourUrl}/api/payments/webhook/yookassa/${accountId}`,
  stripe: `${ourUrl}/api/payments/webhook/stripe/${accountId}`,
});

/** payments/settings (POST): keys given replace the stored ones; a provider is chosen only with its keys complete. */
export async function updatePaymentSettings(db: Db, config: ServerConfig, caller: Caller, update: PaymentSettingsUpdate, ourUrl: string): Promise<PaymentSettings> {
  requireAdmin(caller);
  const accountId = caller.account.id;
  const vault = vaultOf(config);
  const row = await settingsRowOf(db, accountId);
  const oldYoo = row?.yookassaCredentials ? vault.open<YooKassaKeys>(row.yookassaCredentials) : null;
  const oldStripe = row?.stripeCredentials ? vault.open<StripeKeys>(row.stripeCredentials) : null;
  const shopId = update.yookassa_shop_id ?? oldYoo?.shopId;
  const yooSecret = update.yookassa_secret_key ?? oldYoo?.secretKey;
  const stripeSecret = update.stripe_secret_key ?? oldStripe?.secretKey;
  const webhookSecret = update.stripe_webhook_secret ?? oldStripe?.webhookSecret;
  if (update.provider === 'yookassa' && !(shopId && yooSecret)) throw unprocessable(NO_YOOKASSA_KEYS);
  if (update.provider === 'stripe' && !(stripeSecret && webhookSecret)) throw unprocessable(NO_STRIPE_KEYS);
  const values = {
    provider: update.provider,
    yookassaCredentials: shopId && yooSecret ? vault.seal({ shopId, secretKey: yooSecret }) : (row?.yookassaCredentials ?? null),
    stripeCredentials: stripeSecret && webhookSecret ? vault.seal({ secretKey: stripeSecret, webhookSecret }) : (row?.stripeCredentials ?? null),
    updatedAt: new Date(),
  };
  await db
    .insert(paymentSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.accountId, set: values });
  return readPaymentSettings(db, config, caller, ourUrl);
}

/** payments/settings/test: one harmless read with the stored keys of the chosen provider; the outcome is logged. */
export async function testPaymentConnection(db: Db, config: ServerConfig, caller: Caller): Promise<PaymentTestAnswer> {
  requireAdmin(caller);
  const row = await settingsRowOf(db, caller.account.id);
  const adapter = adapterOf(config, row);
  if (!adapter) throw unprocessable('Choose a payment provider and enter its keys first');
  try {
    await adapter.testConnection();
  } catch (error) {
    const message = failureText(error);
    await logIntegration(db, { accountId: caller.account.id, source: adapter.provider, level: 'error', action: 'payment-test', message });
    return { ok: false, message };
  }
  await logIntegration(db, { accountId: caller.account.id, source: adapter.provider, level: 'info', action: 'payment-test', message: 'The payment provider accepted the keys' });
  return { ok: true, message: 'The payment provider accepted the keys' };
}
