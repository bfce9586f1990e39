import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { startFakeYooKassa, type FakeYooKassa } from '../fakes/yookassa';
import { staffApi, testAccount } from './account';
import { baseUrl, openPage } from './browser';

/**
 * What staff see of online payments (issue 18 §4) in a real browser against the real server and the providers' fakes:
 * the orders list's Payment badge after a payment and a partial refund, and the payments log in Settings → Payments
 * (time, order, provider, event, amount, result; paged), and the order screen's line. English with Stripe (dollars), Russian with YooKassa (roubles).
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts, provider: 'stripe' },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts, provider: 'yookassa' },
] as const;

let yoo: FakeYooKassa;
let stripe: FakeStripe;
const postJson = (path: string, body: unknown, token?: string) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

beforeAll(async () => {
  [yoo, stripe] = await Promise.all([startFakeYooKassa(), startFakeStripe()]);
  expect((await postJson('/e2e/payment-providers', { yookassa: yoo.url, stripe: stripe.url })).status).toBe(200);
});
afterAll(async () => Promise.all([yoo.close(), stripe.close()]));

for (const { lang, locale, texts, provider } of LANGS) {
  const t = texts.payments;
  describe(`staff payments view (${lang}, ${provider})`, () => {
    it("rule: after a payment and a partial refund the orders list shows 'Partly refunded' on that order only; the payments log lists the attempt, the success and the refund with order, provider, amount and result, paged", async () => {
      const account = await testAccount(`payments-staff-${lang}`);
      if (provider === 'stripe') expect((await postJson('/e2e/payment-providers', { kommo_account_id: account.id })).status).toBe(200);
      const api = staffApi(account);
      await api('/api/payments/settings', {
        body: provider === 'stripe' ? { provider, stripe_secret_key: stripe.secretKey, stripe_webhook_secret: stripe.webhookSecret } : { provider, yookassa_shop_id: yoo.shopId, yookassa_secret_key: yoo.secretKey },
      });
      // Twenty connection tests fill the log's first page, so the payment's entries need the pager too.
      for (let i = 0; i < 20; i += 1) await api('/api/payments/settings/test', { body: {} });

      const warehouse = await api<{ id: number }>('/api/warehouse/add', { body: { name: `Main ${lang}` } });
      await api('/api/field/add', { body: { name: 'Retail', code: 'retail', type: 11, lead_config: { public_order_visible: 1 } } });
      const product = await api<{ id: number }>('/api/product/add', { body: { name: `Drill ${lang}`, values: { retail: { cost: 61.75, nds: 0 } } } });
      await api('/api/product/arrival', { body: { product_id: product.id, warehouse_id: warehouse.id, batch: 'b1', count: 10, cost_price: 40 } });
      const unpaid = await api<{ id: number }>('/api/orders/add', { body: { name: `Not paid ${lang}` } });
      const order = await api<{ id: number }>('/api/orders/add', { body: { name: `Paid online ${lang}` } });
      const share = await api<{ link_token: string }>('/api/orders/public/link', { body: { order_id: order.id } });
      const session = await (await postJson('/api/public-order/token/get', { public_token: share.link_token })).json();
      expect((await postJson('/api/public-order/order/position/add', { order_id: order.id, product: String(product.id), quantity: 2 }, session.token)).status).toBe(200);
      expect((await postJson('/api/public-order/order/pay', { order_id: order.id }, session.token)).status).toBe(200);

      const webhookUrl = `${baseUrl}/api/payments/webhook/${provider}/${account.id}`;
      if (provider === 'stripe') {
        stripe.webhookUrl = webhookUrl;
        const sessionId = [...stripe.sessions.values()].find((item) => item.client_reference_id === String(order.id))!.id;
        expect(await stripe.settle(sessionId, 'completed')).toBe(200);
        const refund = stripe.refund(sessionId, 2000);
        expect(await stripe.deliver(refund.body, refund.signature)).toBe(200);
      } else {
        yoo.webhookUrl = webhookUrl;
        const paymentId = [...yoo.payments.values()].find((item) => item.metadata.order_id === String(order.id))!.id;
        expect(await yoo.settle(paymentId, 'succeeded')).toBe(200);
        expect((await yoo.refund(paymentId, '20.00')).status).toBe(200);
      }

      // The orders list: the badge on the paid order, nothing on the other.
      const page = await openPage('/orders', { token: account.token, locale });
      await page.getByRole('columnheader', { name: t.column, exact: true }).waitFor();
      const badge = page.locator(`tr[data-order-id="${order.id}"] td[data-column="order_payment"] [data-payment="partly_refunded"]`);
      await badge.waitFor();
      expect(await badge.textContent()).toBe(t.badgePartlyRefunded);
      expect(await page.locator(`tr[data-order-id="${unpaid.id}"] td[data-column="order_payment"]`).textContent()).toBe('');

      // Settings → Payments: the log, newest first; the payment's entries on the first page above the tests.
      await page.goto(`${baseUrl}/#/orders?settings=payments`);
      const log = page.getByTestId('payments-log');
      await log.waitFor();
      expect(await log.locator('th').allTextContents()).toEqual([t.logAt, t.logOrder, t.logProvider, t.logEvent, t.logAmount, t.logResult]);
      const rows = log.locator('tbody tr');
      expect(await rows.count()).toBe(20);
      const cells = async (index: number) => (await rows.nth(index).locator('td').allTextContents()).map((text) => text.replace(/\s/g, ' '));
      const providerName = provider === 'stripe' ? t.stripe : t.yookassa;
      const [refundRow, successRow, createRow] = [await cells(0), await cells(1), await cells(2)];
      expect(refundRow.slice(1, 4)).toEqual([String(order.id), providerName, provider === 'stripe' ? 'charge.refunded' : 'refund.succeeded']);
      expect(refundRow[4]).toMatch(/20[.,]00/);
      expect(refundRow[5]).toBe(t.resultOk);
      expect(successRow.slice(1, 4)).toEqual([String(order.id), providerName, provider === 'stripe' ? 'checkout.session.completed' : 'payment.succeeded']);
      expect(successRow[4]).toMatch(/123[.,]50/);
      expect(createRow.slice(1, 4)).toEqual([String(order.id), providerName, t.eventCreate]);
      expect((await cells(3)).slice(2, 4)).toEqual([providerName, t.eventTest]);
      expect(refundRow[0]).toMatch(/\d/);

      // Paged: 23 entries, 20 a page.
      await page.getByText(t.logPage.replace('{{page}}', '1').replace('{{pages}}', '2')).waitFor();
      await page.getByRole('button', { name: t.logOlder, exact: true }).click();
      await page.getByText(t.logPage.replace('{{page}}', '2').replace('{{pages}}', '2')).waitFor();
      expect(await rows.count()).toBe(3);
      expect(await page.getByRole('button', { name: t.logOlder, exact: true }).isDisabled()).toBe(true);

      // The order screen: partly refunded, with the amount given back.
      await page.goto(`${baseUrl}/#/addToDeal?order_id=${order.id}`);
      const line = page.locator('[data-payment="partly_refunded"]');
      await line.waitFor();
      expect(await line.textContent()).toContain(t.statePartlyRefunded);
      expect(await line.textContent()).toMatch(new RegExp(`${t.refunded.split('{{')[0]}.*20[.,]00`));
      await page.context().close();
    });
  });
}
