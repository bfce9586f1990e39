import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../server/http/jsonBody';
import { batches, contacts, orderPositions, pipelineStatuses, pipelines, tableConfigs } from '../../server/db/schema';
import { MAX_PRICE } from '../../src/contract/common';
import { useTestServer, type TestAccount } from './harness';

/**
 * Odd input (issue 12 §4): values a client can send that once reached the database or the parser and
 * answered 5xx. Each is refused with a 4xx `{ error }` naming what is wrong, and changes nothing.
 */
const server = useTestServer();
const db = () => server.database.db;

/** An account with a main warehouse, a product of 10 units (retail price 100) and an order holding 1 of it. */
async function orderWithPosition(account?: TestAccount) {
  const owner = account ?? (await server.newAccount());
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: owner.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await post('warehouse/add', { name: 'Main' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100, nds: 20 } } });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  const [reserved] = await db()
    .select({ id: pipelineStatuses.id })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, owner.id), eq(pipelines.isSystem, true), eq(pipelineStatuses.isReserve, true)));
  const order = await post('orders/add', { name: 'Odd', status_id: reserved.id });
  const withPosition = await post('orders/product/add', { order_id: order.id, product: product.id, quantity: 1 });
  return { account: owner, post, main, product, order: withPosition };
}

const positionsOf = (orderId: number) => db().select().from(orderPositions).where(eq(orderPositions.orderId, orderId)).orderBy(asc(orderPositions.id));
const batchesOf = (productId: number) => db().select().from(batches).where(eq(batches.productId, productId)).orderBy(asc(batches.id));

describe('quantities finer than the units are kept in (thousandths)', () => {
  it('rule: a quantity of 0.0001 added to an order is refused with 400 naming the precision, and changes nothing', async () => {
    const { account, order, product } = await orderWithPosition();
    const before = { positions: await positionsOf(order.id), batches: await batchesOf(product.id) };
    for (const quantity of [0.0001, 1.0004, 5e-324]) {
      const answer = await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: product.id, quantity } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error).toMatch(/0\.001/);
    }
    expect({ positions: await positionsOf(order.id), batches: await batchesOf(product.id) }).toEqual(before);
  });

  it('rule: a position count of 0.0004 in orders/update is refused with 400 naming the precision, and changes nothing', async () => {
    const { account, order, product } = await orderWithPosition();
    const before = { positions: await positionsOf(order.id), batches: await batchesOf(product.id) };
    const answer = await server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: order.version, positions: [{ id: order.positions[0].id, count: 0.0004 }] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatch(/0\.001/);
    expect({ positions: await positionsOf(order.id), batches: await batchesOf(product.id) }).toEqual(before);
  });

  it('rule: quantities in thousandths with float noise (1.001, 0.1 + 0.2) are taken as meant; a reserved position lowered releases the excess first', async () => {
    const { account, order, product, main } = await orderWithPosition();
    const update = await server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: order.version, positions: [{ id: order.positions[0].id, count: 0.1 + 0.2 }] } });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(Number((await positionsOf(order.id))[0].quantity)).toBe(0.3);
    // It held 1 reserved: 0.7 went back to the batch (not a 500 from the position's held-within-quantity check).
    expect(Number((await batchesOf(product.id))[0].reserve)).toBe(0.3);
    const arrival = await server.call('POST', 'product/arrival', { token: account.token, body: { product_id: product.id, warehouse_id: main.id, batch: 'B2', count: 1.001 } });
    expect(arrival.status, JSON.stringify(arrival.body)).toBe(200);
  });

  it('rule: a public count cap finer than a thousandth (0.0001, 0.0004, 5e-324) is refused with 400 naming 0.001, and the caps stay as they were', async () => {
    const { account } = await orderWithPosition();
    const settings = (body: unknown) => server.call('POST', 'orders/public/settings', { token: account.token, body });
    expect((await settings({ max_count_per_position: 2, max_count_per_order: 5 })).status).toBe(200);
    for (const cap of [0.0001, 0.0004, 5e-324]) {
      for (const field of ['max_count_per_position', 'max_count_per_order']) {
        const answer = await settings({ [field]: cap });
        expect(answer.status, `${field} ${cap}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.error).toMatch(/0\.001/);
      }
    }
    expect((await server.call('GET', 'orders/public/settings', { token: account.token })).body).toMatchObject({ max_count_per_position: 2, max_count_per_order: 5 });
  });
});

describe('JSON nested deeper than the limit', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('rule: a body nested thousands of levels deep is refused with 400 before any route sees it, and changes nothing', async () => {
    const { account } = await orderWithPosition();
    for (const [url, body] of [
      ['/api/account/table-config', `{"code":"deep","value":${nested(5000)}}`],
      ['/api/orders/table-config', `{"value":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`],
      ['/api/orders/add', `{"fields":${nested(100_000)}}`],
      ['/api/auth/login', nested(MAX_JSON_DEPTH + 1)],
    ] as const) {
      const answer = await server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' }, payload: body });
      expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBe(400);
      expect(JSON.parse(answer.body).error).toMatch(/nested/);
    }
    expect(await db().select().from(tableConfigs).where(eq(tableConfigs.accountId, account.id))).toEqual([]);
  });

  it('rule: nesting up to the limit (and brackets inside texts) is parsed as before', async () => {
    const { account } = await orderWithPosition();
    const value = JSON.parse(nested(MAX_JSON_DEPTH - 2)); // inside the body and its value: exactly the limit
    const saved = await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'deep', value: { text: '[[[[{{{{'.repeat(100), value } } });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 200)).toBe(200);
  });
});

describe('prices above the documented maximum', () => {
  it(`rule: a price above ${MAX_PRICE} (1e12, 1e15) is refused with 400 naming the maximum, wherever a price is set, and changes nothing`, async () => {
    const { account, order, product } = await orderWithPosition();
    const before = { positions: await positionsOf(order.id), batches: await batchesOf(product.id) };
    const cases: [string, unknown][] = [
      ['orders/update', { id: order.id, version: order.version, positions: [{ id: order.positions[0].id, price: 1e12 }] }],
      ['product/set-price', { id: product.id, price_field: 'retail', cost: 1e12 }],
      ['product/update', { id: product.id, values: { retail: { cost: 1e15 } } }],
      ['product/add', { name: 'Gold', values: { retail: 1e12 } }],
      ['product/arrival', { product_id: product.id, warehouse_id: before.batches[0].warehouseId, count: 1, cost_price: 1e12 }],
    ];
    for (const [path, body] of cases) {
      const answer = await server.call('POST', path, { token: account.token, body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(JSON.stringify(answer.body), path).toMatch(/1 ?000 ?000 ?000|1000000000/);
    }
    expect({ positions: await positionsOf(order.id), batches: await batchesOf(product.id) }).toEqual(before);
  });

  it('rule: a price of exactly the maximum is taken', async () => {
    const { account, order } = await orderWithPosition();
    const answer = await server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: order.version, positions: [{ id: order.positions[0].id, price: MAX_PRICE }] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.positions[0].price).toBe(MAX_PRICE);
  });
});

describe('ids are decimal numbers only', () => {
  it('rule: ids written as 0x10, 0o20, 0b10000, 1e1, " 16" or "+16" are refused with 400 in queries, paths and bodies', async () => {
    const { account, order } = await orderWithPosition();
    // The order's id in a form the validator's coercion would read as that very id.
    const forms = [`0x${order.id.toString(16)}`, `0o${order.id.toString(8)}`, `0b${order.id.toString(2)}`, `${order.id / 10}e1`, ` ${order.id}`, `+${order.id}`, `${order.id}\n`];
    for (const form of forms) {
      const query = await server.call('GET', 'orders/order', { token: account.token, query: { order_id: form } });
      expect(query.status, `query ${JSON.stringify(form)}: ${JSON.stringify(query.body)}`).toBe(400);
      expect(query.body.error).toMatch(/decimal/);
      const body = await server.call('POST', 'orders/update', { token: account.token, body: { id: form, version: order.version, name: 'Renamed' } });
      expect(body.status, `body ${JSON.stringify(form)}: ${JSON.stringify(body.body)}`).toBe(400);
      expect(body.body.error).toMatch(/decimal/);
    }
    // Inside a nullable body (anyOf null | object) too.
    const nullable = await server.call('POST', 'orders/add', { token: account.token, body: { name: 'Hex', pipeline_id: `0x${order.pipeline_id.toString(16)}` } });
    expect(nullable.status, JSON.stringify(nullable.body)).toBe(400);
    const path = await server.call('GET', `account/user/0x${account.ownerId.toString(16)}`, { token: account.token });
    expect(path.status, JSON.stringify(path.body)).toBe(400);
    expect((await server.call('GET', 'orders/order', { token: account.token, query: { order_id: order.id } })).body.name).toBe('Odd');
  });

  it('rule: decimal ids as texts ("16") and numbers still work', async () => {
    const { account, order } = await orderWithPosition();
    expect((await server.call('GET', 'orders/order', { token: account.token, query: { order_id: String(order.id) } })).status).toBe(200);
    const renamed = await server.call('POST', 'orders/update', { token: account.token, body: { id: String(order.id), version: order.version, name: 'Renamed' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});

describe('links in customer fields', () => {
  it('rule: a customer link other than http, https, mailto or tel (javascript:, data:, vbscript:) is refused with 400, and nothing is stored', async () => {
    const account = await server.newAccount();
    const contact = await server.call('POST', 'contact/add', { token: account.token, body: { name: 'Anna Smith' } });
    for (const link of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', '//evil.example']) {
      for (const [path, body] of [
        ['contact/add', { name: 'Boris Ivanov', link }],
        ['contact/update', { id: contact.body.id, link }],
        ['company/add', { name: 'Horns and Hooves', link }],
      ] as const) {
        const answer = await server.call('POST', path, { token: account.token, body });
        expect(answer.status, `${path} ${JSON.stringify(link)}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.fields?.link, path).toBeTruthy();
      }
    }
    const rows = await db().select().from(contacts).where(eq(contacts.accountId, account.id));
    expect(rows.map((row) => [row.name, row.link])).toEqual([['Anna Smith', '']]);
  });

  it('rule: http, https, mailto and tel links (and no link) are stored', async () => {
    const account = await server.newAccount();
    for (const link of ['https://crm.example.com/contacts/1', 'http://example.com', 'mailto:anna@example.com', 'tel:+79000000000', '']) {
      const answer = await server.call('POST', 'contact/add', { token: account.token, body: { name: 'Anna Smith', link } });
      expect(answer.status, `${link}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.link).toBe(link);
    }
  });
});

describe("read-only members and the account's shared settings", () => {
  it('rule: a member without activity (read-only) cannot change the shared table layouts (422), and nothing is stored', async () => {
    const account = await server.newAccount();
    const reader = await server.newMember(account, { activity: false });
    const orders = await server.call('POST', 'orders/table-config', { token: reader.token, body: { value: { order_name: { sort: 1, visible: false } } } });
    expect(orders.status, JSON.stringify(orders.body)).toBe(422);
    expect(orders.body.error).toMatch(/right/);
    const table = await server.call('POST', 'account/table-config', { token: reader.token, body: { code: 'products', value: { name: { sort: 1, visible: false } } } });
    expect(table.status, JSON.stringify(table.body)).toBe(422);
    expect(await db().select().from(tableConfigs).where(eq(tableConfigs.accountId, account.id))).toEqual([]);
    // Reading them stays allowed.
    expect((await server.call('GET', 'orders/table-config', { token: reader.token })).status).toBe(200);
  });

  it('rule: with separate rights, a member with no right at all is read-only; one with a right may change the layout', async () => {
    const account = await server.newAccount({ separateRights: true });
    const none = await server.newMember(account, { activity: true, editingRemains: false, changeRemains: false });
    const editor = await server.newMember(account, { activity: true, editingRemains: true });
    const body = { value: { order_name: { sort: 1, visible: true } } };
    expect((await server.call('POST', 'orders/table-config', { token: none.token, body })).status).toBe(422);
    expect((await server.call('POST', 'orders/table-config', { token: editor.token, body })).status).toBe(200);
    expect((await server.call('POST', 'orders/table-config', { token: account.token, body })).status).toBe(200);
  });
});
