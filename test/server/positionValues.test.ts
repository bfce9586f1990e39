import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { useTestServer } from './harness';

const server = useTestServer();

/** An account with a warehouse and one product with two price types, an editable note and a read-only grade. */
async function catalogue() {
  const account = await server.newAccount();
  const call = async (method: 'GET' | 'POST', path: string, args: { body?: unknown; query?: Record<string, string | number> }) => {
    const answer = await server.call(method, path, { token: account.token, ...args });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const post = (path: string, body: unknown) => call('POST', path, { body });
  const main = await post('warehouse/add', { name: 'Main' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  await post('field/add', { name: 'Wholesale', code: 'wholesale', type: 11 });
  await post('field/add', { name: 'Note', code: 'note', type: 3 });
  await post('field/add', { name: 'Grade', code: 'grade', type: 3, lead_config: { editable: 0 } });
  const product = await post('product/add', { name: 'Drill', article: 'D-1', values: { retail: { cost: 100 }, wholesale: { cost: 80 }, note: 'catalogue note', grade: 'A' } });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 20, cost_price: 40 });
  const newOrder = async () => {
    const added = await post('orders/add', { name: 'Deal' });
    return post('orders/product/add', { order_id: added.id, product: `${product.id}`, quantity: 1 });
  };
  const read = (orderId: number) => call('GET', 'orders/order', { query: { order_id: orderId } });
  return { account, product, post, newOrder, read };
}

const storedValues = async (productId: number) => (await server.database.db.select({ values: products.values }).from(products).where(eq(products.id, productId)))[0].values;

describe('a position holds its own field values (issue 19 §2)', () => {
  it('rule: a field edit sent with orders/update belongs to that position: the catalogue product and another order with the same product keep theirs', async () => {
    const { product, post, newOrder, read } = await catalogue();
    const first = await newOrder();
    const second = await newOrder();
    const before = await storedValues(product.id);
    const positionId = first.positions[0].id;
    const saved = await post('orders/update', { id: first.id, version: first.version, positions: [{ id: positionId, count: 3, fields: { note: 'engraved for this deal' } }] });
    expect(saved.positions[0]).toMatchObject({ count: 3, fields: { note: 'engraved for this deal', grade: 'A', retail: { cost: 100 } } });
    expect((await read(first.id)).positions[0].fields.note).toBe('engraved for this deal');
    expect((await read(second.id)).positions[0].fields.note).toBe('catalogue note');
    expect(await storedValues(product.id)).toEqual(before);
    // A later edit merges over the position's values; a later catalogue change still shows where the position has none of its own.
    const again = await post('orders/update', { id: saved.id, version: saved.version, positions: [{ id: positionId, fields: { note: 'second thought' } }] });
    expect(again.positions[0].fields.note).toBe('second thought');
    await post('product/update', { id: product.id, values: { grade: 'B' } });
    expect((await read(first.id)).positions[0].fields).toMatchObject({ note: 'second thought', grade: 'B' });
  });

  it('rule: a new price type prices the position from its own value of that price field before the product’s', async () => {
    const { post, newOrder } = await catalogue();
    const order = await newOrder();
    const positionId = order.positions[0].id;
    const own = await post('orders/update', { id: order.id, version: order.version, positions: [{ id: positionId, fields: { wholesale: { cost: 70 } } }] });
    const repriced = await post('orders/update', { id: own.id, version: own.version, positions: [{ id: positionId, price_field: 'wholesale' }] });
    expect(repriced.positions[0]).toMatchObject({ price_field: 'wholesale', price: 70 });
  });

  it('rule: a field the card shows read-only (editable 0) or no such field is refused (400) and nothing changes', async () => {
    const { account, newOrder, read } = await catalogue();
    const order = await newOrder();
    const positionId = order.positions[0].id;
    for (const fields of [{ grade: 'Z' }, { nonsense: 1 }]) {
      const answer = await server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: order.version, positions: [{ id: positionId, fields }] } });
      expect(answer.status).toBe(400);
    }
    expect(await read(order.id)).toEqual(order);
  });
});
