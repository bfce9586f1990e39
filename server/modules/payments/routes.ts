import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { Id } from '../../../src/contract/catalogue';
import { OrderPaymentView, PayAnswer, PaymentLogPage, PaymentLogQuery, PaymentOrderQuery, PaymentSettings, PaymentSettingsUpdate, PaymentStates, PaymentStatesQuery, PaymentTestAnswer } from '../../../src/contract/payments';
import { callerOf, publicCallerOf } from '../../http/context';
import { notFound } from '../../http/errors';
import { NO_SUCH_ORDER } from '../orders/service';
import { requireOrderAccess } from '../publicOrder/access';
import { orderPaymentView, paymentStates } from './orderPayments';
import { payForOrder } from './pay';
import { listPaymentLog } from './paymentLog';
import { readPaymentSettings, testPaymentConnection, updatePaymentSettings } from './settings';
import { acceptPaymentWebhook } from './webhooks';

/** PUBLIC_URL when set; else the address this request came to (development and tests). */
const ourUrlOf = (publicUrl: string | null, request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

/**
 * The providers' notifications: no token (the body proves itself: Stripe's signature, YooKassa's re-read payment). The
 * signature covers the bytes as sent, so in this plugin only every body is kept as text.
 */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  const params = Type.Object({ provider: Type.Union([Type.Literal('yookassa'), Type.Literal('stripe')]), account: Id });
  const answer = Type.Object({ accepted: Type.Boolean(), state: Type.Union([Type.String(), Type.Null()]) });
  app.post('/payments/webhook/:provider/:account', { config: { auth: 'none', rateLimit: { max: 600, timeWindow: '1 minute' } }, schema: { tags: ['payments'], hide: true, params, response: { 200: answer } } }, async (request) =>
    acceptPaymentWebhook(db, config, request.params.provider, request.params.account, typeof request.body === 'string' ? request.body : '', request.headers),
  );
};

/** Issue 18 §4: payment settings (admins), an order's payment state (staff and its customer), 'Pay', and the webhooks. */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['payments'];

  app.get('/payments/settings', { config: { reads: true }, schema: { tags, response: { 200: PaymentSettings } } }, async (request) =>
    readPaymentSettings(db, config, callerOf(request), ourUrlOf(config.publicUrl, request)),
  );
  app.post('/payments/settings', { schema: { tags, body: PaymentSettingsUpdate, response: { 200: PaymentSettings } } }, async (request) =>
    updatePaymentSettings(db, config, callerOf(request), request.body, ourUrlOf(config.publicUrl, request)),
  );
  app.post('/payments/settings/test', { schema: { tags, response: { 200: PaymentTestAnswer } } }, async (request) => testPaymentConnection(db, config, callerOf(request)));

  app.get('/payments/log', { config: { reads: true }, schema: { tags, querystring: PaymentLogQuery, response: { 200: PaymentLogPage } } }, async (request) =>
    listPaymentLog(db, callerOf(request), request.query),
  );

  app.get('/payments/order', { config: { reads: true }, schema: { tags, querystring: PaymentOrderQuery, response: { 200: OrderPaymentView } } }, async (request) => {
    const view = await orderPaymentView(db, config, callerOf(request).account.id, request.query.order_id);
    if (!view) throw notFound(NO_SUCH_ORDER);
    return view;
  });
  app.get('/payments/orders', { config: { reads: true }, schema: { tags, querystring: PaymentStatesQuery, response: { 200: PaymentStates } } }, async (request) =>
    paymentStates(db, callerOf(request).account.id, [...new Set(request.query.order_ids.split(',').map(Number))].filter((id) => id > 0 && id <= 2_147_483_647).slice(0, 200)),
  );

  app.get('/public-order/order/payment', { config: { auth: 'public', reads: true }, schema: { tags: ['public-order'], querystring: PaymentOrderQuery, response: { 200: OrderPaymentView } } }, async (request) => {
    const caller = publicCallerOf(request);
    await requireOrderAccess(db, caller, request.query.order_id);
    const view = await orderPaymentView(db, config, caller.accountId, request.query.order_id);
    if (!view) throw notFound(NO_SUCH_ORDER);
    return view;
  });
  app.post('/public-order/order/pay', { config: { auth: 'public' }, schema: { tags: ['public-order'], body: PaymentOrderQuery, response: { 200: PayAnswer } } }, async (request) =>
    payForOrder(db, config, publicCallerOf(request), request.body.order_id, ourUrlOf(config.publicUrl, request)),
  );

  await app.register(webhookRoutes);
};
