import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { startFakeYooKassa, type FakeYooKassa } from '../fakes/yookassa';
import { staffApi, testAccount } from './account';
import { baseUrl, openPage, openUrl } from './browser';

/**
 * 'Pay' in the public order (issue 18 §4) in a real browser against the real server and the providers' fakes: the
 * admin chooses the provider and its keys in Settings → Payments and tests them, the customer pays on the fake's
 * confirmation page, comes back and sees 'Paid', and staff see it on the order screen. English with Stripe (a Kommo
 * account, dollars), Russian with YooKassa (roubles).
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts, provider: 'stripe' },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts, provider: 'yookassa' },
] as const;

/** The start of a text with a {{param}}: what a button or line reads before the amount. */
const lead = (text: string) => text.split('{{')[0]!;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let yoo: FakeYooKassa;
let stripe: FakeStripe;
beforeAll(async () => {
  [yoo, stripe] = await Promise.all([startFakeYooKassa(), startFakeStripe()]);
  const answer = await fetch(`${baseUrl}/e2e/payment-providers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ yookassa: yoo.url, stripe: stripe.url }) });
  expect(answer.status).toBe(200);
});
afterAll(async () => Promise.all([yoo.close(), stripe.close()]));

for (const { lang, locale, texts, provider } of LANGS) {
  const t = texts.payments;
  describe(`payments (${lang}, ${provider})`, () => {
    it("rule: the admin sets the provider (keys shown masked, connection tested); the customer pays on the provider's page, returns and sees 'Paid'; staff see it on the order", async () => {
      const account = await testAccount(`payments-${lang}`);
      if (provider === 'stripe') {
        await fetch(`${baseUrl}/e2e/payment-providers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kommo_account_id: account.id }) });
      }
      const api = staffApi(account);

      // Settings → Payments, as the admin fills it in.
      const admin = await openPage('/orders?settings=payments', { token: account.token, locale });
      await admin.getByRole('heading', { name: t.title, exact: true }).waitFor();
      await admin.getByLabel(provider === 'stripe' ? t.stripe : t.yookassa).check();
      const secret = provider === 'stripe' ? stripe.secretKey : yoo.secretKey;
      if (provider === 'stripe') {
        await admin.getByLabel(t.secretKey).fill(stripe.secretKey);
        await admin.getByLabel(t.webhookSecret).fill(stripe.webhookSecret);
      } else {
        await admin.getByLabel(t.shopId).fill(yoo.shopId);
        await admin.getByLabel(t.secretKey).fill(yoo.secretKey);
      }
      await admin.getByRole('button', { name: t.save, exact: true }).click();
      await admin.getByText(`••••${secret.slice(-4)}`).first().waitFor();
      expect(await admin.content()).not.toContain(secret);
      await admin.getByRole('button', { name: t.test, exact: true }).click();
      await admin.getByText(t.testOk).waitFor();

      // An order of two at 61.75, shared by a link.
      const warehouse = await api<{ id: number }>('/api/warehouse/add', { body: { name: `Main ${lang}` } });
      await api('/api/field/add', { body: { name: 'Retail', code: 'retail', type: 11, lead_config: { public_order_visible: 1 } } });
      const product = await api<{ id: number }>('/api/product/add', { body: { name: `Drill ${lang}`, values: { retail: { cost: 61.75, nds: 0 } } } });
      await api('/api/product/arrival', { body: { product_id: product.id, warehouse_id: warehouse.id, batch: 'b1', count: 10, cost_price: 40 } });
      const order = await api<{ id: number }>('/api/orders/add', { body: { name: `Paid online ${lang}` } });
      const share = await api<{ path: string; link_token: string }>('/api/orders/public/link', { body: { order_id: order.id } });
      const session = await (await fetch(`${baseUrl}/api/public-order/token/get`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ public_token: share.link_token }) })).json();
      const added = await fetch(`${baseUrl}/api/public-order/order/position/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
        body: JSON.stringify({ order_id: order.id, product: String(product.id), quantity: 2 }),
      });
      expect(added.status).toBe(200);
      (provider === 'stripe' ? stripe : yoo).webhookUrl = `${baseUrl}/api/payments/webhook/${provider}/${account.id}`;

      // The customer: 'Pay' on the order page, the provider's page, back to the order, 'Paid'.
      const customer = await openUrl(share.path, { locale });
      const pay = customer.getByRole('button', { name: new RegExp(`^${literal(lead(t.pay))}`) });
      await pay.waitFor();
      expect(await pay.textContent()).toMatch(/123[.,]50/);
      // The invoice stays offered beside 'Pay'.
      await customer.getByText(t.orInvoice).waitFor();
      await pay.click();
      await customer.waitForURL((url) => url.origin === new URL((provider === 'stripe' ? stripe : yoo).url).origin);
      expect(await customer.locator('#amount').textContent()).toBe(provider === 'stripe' ? '123.50 USD' : '123.50 RUB');
      await customer.locator('#pay').click();
      await customer.waitForURL((url) => url.origin === baseUrl && url.hash.startsWith(`#/publicOrder?order_id=${order.id}`));
      await customer.getByText(new RegExp(`^${literal(lead(t.paid))}.*123[.,]50`)).waitFor();
      expect(await customer.getByRole('button', { name: new RegExp(`^${literal(lead(t.pay))}`) }).count()).toBe(0);

      // Staff: the order screen shows the payment.
      const staff = await openPage(`/addToDeal?order_id=${order.id}`, { token: account.token, locale });
      const line = staff.locator('[data-payment="succeeded"]');
      await line.waitFor();
      expect(await line.textContent()).toContain(t.staffLabel);
      expect(await line.textContent()).toContain(t.statePaid);
      await Promise.all([admin, customer, staff].map((page) => page.context().close()));
    });
  });
}
