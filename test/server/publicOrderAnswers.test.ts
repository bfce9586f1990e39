import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documentTemplates, fields, orderFiles } from '../../server/db/schema';
import { routeName } from './support/routes';
import { useTestServer } from './harness';
import { publicOrderSetup } from './publicOrderSetup';

/**
 * Issue 19 §3: a public customer's answers carry what the customer page shows and nothing internal — no cost
 * prices, profit, stock counts, warehouses, batches, stock state, staff or CRM data, hidden fields. Every JSON
 * answer of the public-order area is walked key by key; a new public route must be added to the walk.
 */
const server = useTestServer();
const { stocked, newOrder, link, get, post, upload, signedInCustomer } = publicOrderSetup(server);

/** Keys that name internal figures or records; none may appear at any depth of a public answer. */
const FORBIDDEN_KEYS = new Set([
  'cost_price',
  'profit',
  'available',
  'reserved',
  'reserve',
  'written_off',
  'stock_state',
  'warehouse',
  'warehouse_id',
  'warehouse_code',
  'warehouse_name',
  'warehouses',
  'batch',
  'batches',
  'batch_id',
  'identifier',
  'user_id',
  'user_name',
  'lead_id',
  'tags',
  'company',
  'contacts',
  'facility',
  'last_change',
  'supplier_note',
  'margin_comment',
]);

/** Every forbidden key in a JSON value, with its path. */
function forbiddenKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => forbiddenKeys(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [...(FORBIDDEN_KEYS.has(key) ? [`${path}.${key}`] : []), ...forbiddenKeys(item, `${path}.${key}`)]);
}

// The field type catalogue describes value shapes (the stock type's default is { count, reserve }), the same for every
// account: its keys name no data, so only its values are checked.
const TYPE_CATALOGUE = 'GET /api/public-order/fields/types';
/** Routes whose answer in this walk is a refusal (still checked for what it shows). */
const REFUSED_HERE = new Set(['GET /api/public-order/doc/delete', 'POST /api/public-order/order/pay']);
// Downloads answer the file itself, not JSON.
const NOT_JSON = new Set(['GET /api/public-order/custom-doc/download', 'GET /api/public-order/doc/download']);

describe('public answers carry no internal data', () => {
  it('rule: no JSON answer of public-order/* holds cost, profit, stock counts, warehouse, batch, stock state, staff, CRM or hidden-field keys, nor the warehouse, batch or hidden values', async () => {
    const ctx = await stocked(10);
    const { db } = server.database;
    await db.insert(fields).values([
      { accountId: ctx.account.id, entity: 'order', code: 'delivery_note', name: 'Delivery note', type: 3, leadConfig: { visible: 1, public_order_visible: 1, editable: 1 } },
      { accountId: ctx.account.id, entity: 'order', code: 'margin_comment', name: 'Margin comment', type: 3, leadConfig: { visible: 1, public_order_visible: 0, editable: 1 } },
    ]);
    const order = await newOrder(ctx, 'Reserved');
    await ctx.post('orders/update', { id: order.id, version: order.version, fields: { delivery_note: 'At the door', margin_comment: `margin-${ctx.mark}` } });
    const customer = await signedInCustomer(ctx);
    await link(ctx, order.id, { customer_id: customer.customer.id });
    const { token } = customer;
    const staffFile = await upload(ctx.account.token, 'orders/custom-doc/upload', order.id, 'from the staff');
    expect(staffFile.status).toBe(200);
    await db.insert(orderFiles).values({ accountId: ctx.account.id, orderId: order.id, kind: 'generated', name: 'Invoice.pdf', mime: 'application/pdf', size: 3, content: Buffer.from('pdf'), userId: ctx.account.ownerId });

    const answers = new Map<string, { status: number; body: unknown }>();
    const added = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 2 });
    answers.set('POST /api/public-order/order/position/add', added);
    const position = added.body.positions[0];
    answers.set('POST /api/public-order/order/update', await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: position.id, count: 3 }] }));
    answers.set('GET /api/public-order/order', await get('public-order/order', token, { order_id: order.id }));
    answers.set('GET /api/public-order/order/list', await get('public-order/order/list', token));
    answers.set('POST /api/public-order/order/list', await post('public-order/order/list', token, {}));
    answers.set('GET /api/public-order/categories/list', await get('public-order/categories/list', token));
    answers.set('GET /api/public-order/fields/list', await get('public-order/fields/list', token));
    answers.set('GET /api/public-order/fields/types', await get('public-order/fields/types', token));
    answers.set('GET /api/public-order/pipelines', await get('public-order/pipelines', token));
    answers.set('GET /api/public-order/config', await get('public-order/config', token));
    answers.set('GET /api/public-order/profile', await get('public-order/profile', token));
    answers.set('POST /api/public-order/profile', await post('public-order/profile', token, { phone: '+7 900 000 00 00' }));
    const mine = await upload(token, 'public-order/custom-doc/upload', order.id, 'from the customer');
    answers.set('POST /api/public-order/custom-doc/upload', mine);
    answers.set('GET /api/public-order/custom-doc/list', await get('public-order/custom-doc/list', token, { order_id: order.id }));
    answers.set('GET /api/public-order/doc/list', await get('public-order/doc/list', token, { order_id: order.id }));
    // A template shown in the public order (the account's built-ins are made on the staff's first listing).
    expect((await get('document/list', ctx.account.token)).status).toBe(200);
    await db.update(documentTemplates).set({ publicVisible: true }).where(eq(documentTemplates.accountId, ctx.account.id));
    const templates = await get('public-order/doc/templates', token, { order_id: order.id });
    answers.set('GET /api/public-order/doc/templates', templates);
    const generated = await post('public-order/doc/generate', token, { order_id: order.id, template_id: templates.body[0]?.id });
    expect(generated.status).toBe(200);
    answers.set('POST /api/public-order/doc/generate', generated);
    answers.set('GET /api/public-order/custom-doc/delete', await get('public-order/custom-doc/delete', token, { id: mine.body.id, order_id: order.id }));
    answers.set('GET /api/public-order/doc/delete', await get('public-order/doc/delete', token, { id: 2_000_000_000, order_id: order.id }));
    // Payments (issue 18 §4): the order's payment state; 'Pay' is refused here (the account takes no payments; test/server/payments covers it).
    answers.set('GET /api/public-order/order/payment', await get('public-order/order/payment', token, { order_id: order.id }));
    answers.set('POST /api/public-order/order/pay', await post('public-order/order/pay', token, { order_id: order.id }));
    answers.set('POST /api/public-order/order/position/delete', await post('public-order/order/position/delete', token, { id: position.id, order_id: order.id }));

    // Every public route is walked (a new one fails here until it is added above).
    const routes = server.app.apiRoutes.filter((route) => route.auth === 'public' && !route.endsSessions).map(routeName);
    expect(routes.filter((name) => !NOT_JSON.has(name) && !answers.has(name))).toEqual([]);

    const found: string[] = [];
    for (const [name, answer] of answers) {
      if (!REFUSED_HERE.has(name)) expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      if (name !== TYPE_CATALOGUE) found.push(...forbiddenKeys(answer.body).map((path) => `${name} ${path}`));
      if (JSON.stringify(answer.body).includes(ctx.mark)) found.push(`${name}: a warehouse, batch or hidden value`);
    }
    expect(found).toEqual([]);
    // The walk saw real data: the positions, the catalogue's product, both kinds of files.
    expect((answers.get('POST /api/public-order/order/update')!.body as { positions: { count: number }[] }).positions[0].count).toBe(3);
    expect((answers.get('GET /api/public-order/categories/list')!.body as { products: { data: unknown[] } }).products.data).toHaveLength(1);
    expect((answers.get('GET /api/public-order/custom-doc/list')!.body as unknown[]).length).toBe(2);
    expect((answers.get('GET /api/public-order/doc/list')!.body as unknown[]).length).toBe(1);
    // Control: the staff answer of the same order does carry them (the walk would see a leak).
    const staff = await server.call('GET', 'orders/order', { token: ctx.account.token, query: { order_id: order.id } });
    expect(forbiddenKeys(staff.body).length).toBeGreaterThan(0);
  });

  it('rule: a product the customer adds by its plain id comes from a warehouse that has it, not only the main one', async () => {
    const ctx = await stocked(0);
    const second = await ctx.post('warehouse/add', { name: 'Second' });
    await ctx.post('product/arrival', { product_id: ctx.product.id, warehouse_id: second.id, batch: 'S1', count: 5, cost_price: 40 });
    const order = await newOrder(ctx, 'Reserved');
    const customer = await signedInCustomer(ctx);
    await link(ctx, order.id, { customer_id: customer.customer.id });
    const catalogue = await get('public-order/categories/list', customer.token);
    expect(catalogue.body.products.data[0]).toMatchObject({ id: ctx.product.id, availability: 'in_stock' });
    const added = await post('public-order/order/position/add', customer.token, { order_id: order.id, product: String(ctx.product.id), quantity: 2 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.positions[0]).toMatchObject({ count: 2, availability: 'in_stock' });
    const staff = await server.call('GET', 'orders/order', { token: ctx.account.token, query: { order_id: order.id } });
    expect(staff.body.positions[0]).toMatchObject({ warehouse_id: second.id, reserved: 2 });
  });
});
