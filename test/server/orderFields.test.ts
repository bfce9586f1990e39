import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, contacts, fields, orders, products } from '../../server/db/schema';
import { useTestServer } from './harness';

/**
 * Route tests of the order's own fields (spec 2 §3, §7 "Orders": orders/field/types, list, add, update,
 * delete): every call's answer and the rows it wrote, every type code including the image carousel (15),
 * values of a deleted field leaving the orders, order values checked and coerced by type on orders/update,
 * refusals that change nothing, another account's ids, and the administrators-only writes.
 */
const server = useTestServer();
const db = () => server.database.db;

type Body = Record<string, unknown>;
type Answer = { status: number; body: any };

/** The calls of one user. */
function as(token: string) {
  return {
    post: (path: string, body?: unknown): Promise<Answer> => server.call('POST', path, { token, body }),
    get: (path: string, query: Record<string, string | number> = {}): Promise<Answer> => server.call('GET', path, { token, query }),
  };
}

const fieldRows = (accountId: number) => db().select().from(fields).where(eq(fields.accountId, accountId)).orderBy(asc(fields.id));
const orderFieldRows = (accountId: number) =>
  db()
    .select()
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'order')))
    .orderBy(asc(fields.id));
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];

/** Every row a field call may touch: a refused call must leave this unchanged. */
async function stateOf(accountId: number) {
  return {
    fields: await fieldRows(accountId),
    orders: await db().select().from(orders).where(eq(orders.accountId, accountId)).orderBy(asc(orders.id)),
    contacts: await db().select().from(contacts).where(eq(contacts.accountId, accountId)).orderBy(asc(contacts.id)),
    products: await db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id)),
  };
}

/** A field definition written straight to the table, so most tests do not depend on orders/field/add. */
async function insertField(accountId: number, entity: 'order' | 'contact' | 'product', code: string, type: number, data: unknown[] = []) {
  const [row] = await db().insert(fields).values({ accountId, entity, code, name: code, type, data }).returning();
  return row;
}

/** An order through orders/add (its answer: id, version, fields …). */
async function addOrder(token: string, body: Body = {}) {
  const answer = await as(token).post('orders/add', { name: 'Order', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: number; version: number; fields: Record<string, unknown> };
}

const ADMIN_TEXT = 'Only administrators change the order fields';

describe('orders/field/types', () => {
  it('rule: orders take every type code, the image carousel (15) included, each with its default; a Kommo account prices in USD', async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).get('orders/field/types');
    expect(answer.status).toBe(200);
    expect(answer.body.map((type: { id: number }) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15]);
    const byId = new Map(answer.body.map((type: { id: number }) => [type.id, type]));
    expect(byId.get(15)).toMatchObject({ code: 'images', name: 'Image carousel' });
    expect(byId.get(1)).toMatchObject({ code: 'integer', default: 0 });
    expect(byId.get(9)).toMatchObject({ code: 'flag', default: false });
    expect(byId.get(11)).toMatchObject({ code: 'price', default: expect.objectContaining({ currency: 'RUB' }) });
    await db().update(accounts).set({ isKommo: true }).where(eq(accounts.id, account.id));
    const kommo = await server.newMember(account, { admin: true });
    const usd = await as(kommo.token).get('orders/field/types');
    expect(usd.body.find((type: { id: number }) => type.id === 11).default.currency).toBe('USD');
  });

  it('rule: contacts and companies still get the types without 15 (company/field/types)', async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).get('company/field/types');
    expect(answer.body.map((type: { id: number }) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13]);
  });
});

describe('orders/field/add', () => {
  it('rule: stores an order field with a code made from the name (Cyrillic transliterated), last in order, default card flags and the type\'s component; the answer is the definition', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const first = await post('orders/field/add', { name: ' Срок поставки ', type: 7 });
    expect(first.status).toBe(200);
    const photos = await post('orders/field/add', { name: 'Photos', type: 15, lead_config: { public_order_visible: true, editable: '0' } });
    const size = await post('orders/field/add', { name: 'Size', type: 5, code: 'size', data: [' S ', { name: 'M', value: 'm', color: '#fff' }], config: { width: 2, sort: 9 } });
    const rows = await orderFieldRows(account.id);
    expect(rows).toMatchObject([
      { entity: 'order', code: 'srok_postavki', name: 'Срок поставки', type: 7, sort: 0, categoryId: null, component: 'date', data: [], leadConfig: { visible: 1, public_order_visible: 0, editable: 1 } },
      { entity: 'order', code: 'photos', type: 15, sort: 1, component: 'carousel', data: [], leadConfig: { visible: 1, public_order_visible: 1, editable: 0 } },
      { entity: 'order', code: 'size', type: 5, sort: 2, component: 'select', data: ['S', { name: 'M', value: 'm', color: '#fff' }], config: { width: 2 } },
    ]);
    expect(first.body).toEqual({
      id: rows[0].id,
      code: 'srok_postavki',
      name: 'Срок поставки',
      type: 7,
      category: null,
      sort: 0,
      is_system: false,
      is_virtual: false,
      component: 'date',
      config: { sort: 0 },
      data: [],
      lead_config: { visible: 1, public_order_visible: 0, editable: 1 },
      created_at: rows[0].createdAt.toISOString(),
    });
    expect(photos.body).toMatchObject({ id: rows[1].id, type: 15, component: 'carousel', lead_config: { visible: 1, public_order_visible: 1, editable: 0 } });
    expect(size.body).toMatchObject({ id: rows[2].id, code: 'size', config: { width: 2, sort: 2 } });
  });

  it('rule: order codes are their own — a product or contact field with the same code does not take it', async () => {
    const account = await server.newAccount();
    await insertField(account.id, 'product', 'weight', 2);
    await insertField(account.id, 'contact', 'weight', 2);
    const answer = await as(account.token).post('orders/field/add', { name: 'Weight', type: 2 });
    expect(answer.status).toBe(200);
    expect((await fieldRows(account.id)).map((row) => `${row.entity}/${row.code}`)).toEqual(['product/weight', 'contact/weight', 'order/weight']);
  });

  it('rule: a field-add error returns the error object — a taken code → 409, an unknown type, a blank name or a blank option → 400; nothing is written', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    await post('orders/field/add', { name: 'Deadline', type: 7 });
    const before = await stateOf(account.id);
    const cases: [Body, number, Body][] = [
      [{ name: 'Deadline', type: 3 }, 409, { error: 'A field with the code deadline already exists' }],
      [{ name: 'Other name', type: 3, code: 'deadline' }, 409, { error: 'A field with the code deadline already exists' }],
      [{ name: 'Odd', type: 10 }, 400, { error: 'Unknown field type 10' }],
      [{ name: '   ', type: 3 }, 400, { error: 'Empty field', fields: { name: 'Empty field' } }],
      [{ name: 'Choice', type: 5, data: ['A', ' '] }, 400, { error: 'An option name must not be empty' }],
      [{ name: 'Choice', type: 5, data: [{ name: 'A', value: 1 }, { name: 'B', value: 1 }] }, 400, { error: 'Two options have the same value 1' }],
    ];
    for (const [body, status, expected] of cases) {
      const answer = await post('orders/field/add', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      // The English text as before, and a code the shell says in the user's language (serverErrors.<code>).
      expect(answer.body).toMatchObject(expected);
      expect(answer.body.code, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await post('orders/field/add', { name: 'Odd', type: 16 })).status).toBe(400);
    expect(await stateOf(account.id)).toEqual(before);
  });

  it('rule: concurrent adds of one code — exactly one is written, the others are refused with 409', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('orders/field/add', { name: 'Region', type: 3 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await orderFieldRows(account.id)).map((row) => row.code)).toEqual(['region']);
  });
});

describe('orders/field/list', () => {
  it("rule: the account's order fields by position, or by creation with sort=created; never another account's, a product's or a contact's", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const [late] = await db()
      .insert(fields)
      .values({ accountId: account.id, entity: 'order', code: 'late', name: 'Late', type: 3, sort: 0, createdAt: new Date(Date.UTC(2024, 5, 1)) })
      .returning();
    const [early] = await db()
      .insert(fields)
      .values({ accountId: account.id, entity: 'order', code: 'early', name: 'Early', type: 15, sort: 1, createdAt: new Date(Date.UTC(2024, 0, 1)) })
      .returning();
    await insertField(account.id, 'product', 'product_only', 3);
    await insertField(account.id, 'contact', 'contact_only', 3);
    await insertField(other.id, 'order', 'theirs', 3);
    const { get } = as(account.token);
    const listed = async (query: Record<string, string> = {}) => (await get('orders/field/list', query)).body.map((field: { id: number }) => field.id);
    expect(await listed()).toEqual([late.id, early.id]);
    expect(await listed({ sort: 'created' })).toEqual([early.id, late.id]);
    const answer = await get('orders/field/list');
    expect(answer.body[1]).toMatchObject({ id: early.id, code: 'early', type: 15, category: null, sort: 1, config: { sort: 1 } });
    expect((await get('orders/field/list', { sort: 'name' })).status).toBe(400);
  });
});

describe('orders/field/update', () => {
  it('rule: changes name, component, config, options and card flags; type and code stay; a blank name is refused and nothing changes', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const added = (await post('orders/field/add', { name: 'Grade', type: 5, data: ['A'] })).body;
    const answer = await post('orders/field/update', { id: added.id, name: ' Quality ', data: ['A', 'B'], lead_config: { visible: 0, public_order_visible: 1 }, config: { width: 2, sort: 99 }, component: 'radio' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: added.id,
      code: 'grade',
      type: 5,
      name: 'Quality',
      component: 'radio',
      data: ['A', 'B'],
      lead_config: { visible: 0, public_order_visible: 1, editable: 1 },
      config: { width: 2, sort: 0 },
    });
    expect((await orderFieldRows(account.id))[0]).toMatchObject({ code: 'grade', type: 5, name: 'Quality', data: ['A', 'B'], config: { width: 2 }, leadConfig: { visible: 0, public_order_visible: 1, editable: 1 } });
    const before = await stateOf(account.id);
    expect(await post('orders/field/update', { id: added.id, name: '' })).toEqual({ status: 400, body: { error: 'Empty field', fields: { name: 'Empty field' }, code: 'emptyField' } });
    expect((await post('orders/field/update', { id: added.id, type: 3 })).status).toBe(400);
    expect(await stateOf(account.id)).toEqual(before);
  });

  it('rule: options sent for a type without options are ignored', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const added = (await post('orders/field/add', { name: 'Note', type: 3 })).body;
    const answer = await post('orders/field/update', { id: added.id, data: ['A'] });
    expect(answer.body).toMatchObject({ id: added.id, data: [] });
    expect((await orderFieldRows(account.id))[0].data).toEqual([]);
  });
});

describe('orders/field/delete', () => {
  it("rule: the definition goes and its values leave the account's orders; other fields' values, other accounts' orders and other entities' values stay", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const { post } = as(account.token);
    const note = (await post('orders/field/add', { name: 'Note', type: 3 })).body;
    await post('orders/field/add', { name: 'Rush', type: 9 });
    const first = await addOrder(account.token, { fields: { note: 'fragile', rush: '1' } });
    const second = await addOrder(account.token, { fields: { rush: 0 } });
    await insertField(other.id, 'order', 'note', 3);
    const theirs = await addOrder(other.token, { fields: { note: 'theirs' } });
    await insertField(account.id, 'contact', 'note', 3);
    const [contact] = await db().insert(contacts).values({ accountId: account.id, name: 'Anna', values: { note: 'kept' } }).returning();
    expect((await orderRow(first.id)).values).toEqual({ note: 'fragile', rush: true });

    const answer = await post('orders/field/delete', { id: note.id });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect((await fieldRows(account.id)).map((row) => `${row.entity}/${row.code}`)).toEqual(['order/rush', 'contact/note']);
    expect((await orderRow(first.id)).values).toEqual({ rush: true });
    expect((await orderRow(second.id)).values).toEqual({ rush: false });
    expect((await orderRow(theirs.id)).values).toEqual({ note: 'theirs' });
    expect((await db().select().from(contacts).where(eq(contacts.id, contact.id)))[0].values).toEqual({ note: 'kept' });
    const read = await as(account.token).get('orders/order', { order_id: first.id });
    expect(read.body.fields).toEqual({ rush: true, name: 'Order' });

    // The code is free again and a new field of it (another type) starts with no values.
    const again = await post('orders/field/add', { name: 'Note', type: 1 });
    expect(again.status).toBe(200);
    expect((await orderRow(first.id)).values).toEqual({ rush: true });
  });
});

describe('order values on orders/add and orders/update', () => {
  it('rule: values of order fields are coerced by type code (spec 2 §3), image carousels included', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    for (const [name, type, data] of [
      ['Boxes', 1, undefined],
      ['Weight', 2, undefined],
      ['Rush', 9, undefined],
      ['Budget', 11, undefined],
      ['Photos', 15, undefined],
      ['Colours', 6, ['Red', 'Blue']],
    ] as const)
      expect((await post('orders/field/add', { name, type, ...(data && { data }) })).status).toBe(200);
    const order = await addOrder(account.token);
    const answer = await post('orders/update', {
      id: order.id,
      version: order.version,
      fields: { boxes: '12', weight: '2.5', rush: '1', budget: 250, photos: ['https://example.com/a.png'], colours: 'Red' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = (await orderRow(order.id)).values;
    expect(stored).toMatchObject({ boxes: 12, weight: 2.5, rush: true, budget: expect.objectContaining({ cost: 250, currency: 'RUB' }), colours: ['Red'] });
    expect(stored.photos).toEqual(['https://example.com/a.png']);
    expect(answer.body.fields).toMatchObject({ boxes: 12, weight: 2.5, rush: true, name: 'Order' });
  });

  it("rule: an unknown code (also a contact's or a product's field code, or a deleted field's) or a value its type cannot hold is refused with 400 { error, fields }; the order is unchanged", async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    await post('orders/field/add', { name: 'Boxes', type: 1 });
    await post('orders/field/add', { name: 'Photos', type: 15 });
    const gone = (await post('orders/field/add', { name: 'Gone', type: 3 })).body;
    await post('orders/field/delete', { id: gone.id });
    await insertField(account.id, 'contact', 'vip', 9);
    await insertField(account.id, 'product', 'weight', 2);
    const order = await addOrder(account.token, { fields: { boxes: 3 } });
    const before = await orderRow(order.id);
    const cases: [Body, Body][] = [
      [{ nope: 1 }, { error: 'Unknown fields: nope', fields: { nope: 'no such field' } }],
      [{ vip: true }, { error: 'Unknown fields: vip', fields: { vip: 'no such field' } }],
      [{ weight: 2 }, { error: 'Unknown fields: weight', fields: { weight: 'no such field' } }],
      [{ gone: 'x' }, { error: 'Unknown fields: gone', fields: { gone: 'no such field' } }],
      [{ boxes: 'many' }, { error: 'Field boxes: a number is expected', fields: { boxes: 'a number is expected' } }],
      [{ photos: 'https://example.com/a.png' }, { error: 'Field photos: a list of image urls is expected', fields: { photos: 'a list of image urls is expected' } }],
    ];
    for (const [values, expected] of cases) {
      const answer = await post('orders/update', { id: order.id, version: order.version, fields: values });
      expect(answer.status, JSON.stringify(values)).toBe(400);
      expect(answer.body, JSON.stringify(values)).toMatchObject(expected);
      expect(answer.body.code, JSON.stringify(values)).toEqual(expect.any(String));
    }
    expect(await orderRow(order.id)).toEqual(before);
    expect((await post('orders/add', { fields: { nope: 1 } })).status).toBe(400);
    expect((await db().select().from(orders).where(eq(orders.accountId, account.id))).length).toBe(1);
  });
});

describe('rights', () => {
  it('rule: only administrators add, update and delete order fields (422 for the others, even with every other right); nothing changes; every member reads types and list', async () => {
    const account = await server.newAccount({ separateRights: true });
    const field = (await as(account.token).post('orders/field/add', { name: 'Note', type: 3 })).body;
    const order = await addOrder(account.token, { fields: { note: 'kept' } });
    for (const [rights, separate] of [
      [{ activity: true, editingRemains: true, changeRemains: true }, true],
      [{ activity: true }, false],
      [{ activity: false }, false],
    ] as const) {
      if (!separate) await db().update(accounts).set({ separateRights: false }).where(eq(accounts.id, account.id));
      const member = await server.newMember(account, rights);
      const { post, get } = as(member.token);
      const before = await stateOf(account.id);
      expect(await post('orders/field/add', { name: 'Other', type: 3 })).toEqual({ status: 422, body: { error: ADMIN_TEXT, code: 'notOrderFieldEditor' } });
      expect(await post('orders/field/update', { id: field.id, name: 'Renamed' })).toEqual({ status: 422, body: { error: ADMIN_TEXT, code: 'notOrderFieldEditor' } });
      expect(await post('orders/field/delete', { id: field.id })).toEqual({ status: 422, body: { error: ADMIN_TEXT, code: 'notOrderFieldEditor' } });
      expect(await stateOf(account.id)).toEqual(before);
      expect((await get('orders/field/types')).status).toBe(200);
      const list = await get('orders/field/list');
      expect(list.status).toBe(200);
      expect(list.body.map((item: { id: number }) => item.id)).toEqual([field.id]);
    }
    expect((await orderRow(order.id)).values).toEqual({ note: 'kept' });
  });

  it('rule: an admin member (not the owner) changes order fields', async () => {
    const account = await server.newAccount({ separateRights: true });
    const admin = await server.newMember(account, { admin: true });
    const { post } = as(admin.token);
    const added = await post('orders/field/add', { name: 'Note', type: 3 });
    expect(added.status).toBe(200);
    expect((await post('orders/field/update', { id: added.body.id, name: 'Notes' })).body).toMatchObject({ name: 'Notes' });
    expect(await post('orders/field/delete', { id: added.body.id })).toEqual({ status: 200, body: { success: true } });
    expect(await orderFieldRows(account.id)).toEqual([]);
  });

  it('rule: without a token every orders/field call is refused', async () => {
    for (const [method, path] of [
      ['GET', 'orders/field/types'],
      ['GET', 'orders/field/list'],
      ['POST', 'orders/field/add'],
    ] as const) {
      const answer = await server.call(method, path, method === 'POST' ? { body: { name: 'X', type: 3 } } : {});
      expect([401, 403], path).toContain(answer.status);
    }
  });
});

describe('another account', () => {
  it("rule: another account's order field, a contact field or a product field of one's own → 404 on update and delete; nothing changes anywhere", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirs = await insertField(other.id, 'order', 'theirs', 3);
    await addOrder(other.token, { fields: { theirs: 'their value' } });
    const contactField = await insertField(account.id, 'contact', 'vip', 9);
    const productField = await insertField(account.id, 'product', 'weight', 2);
    const before = await stateOf(account.id);
    const theirsBefore = await stateOf(other.id);
    const { post } = as(account.token);
    for (const id of [theirs.id, contactField.id, productField.id, 2_000_000_000]) {
      expect(await post('orders/field/update', { id, name: 'Hijacked' })).toEqual({ status: 404, body: { error: 'No such field', code: 'noSuchField' } });
      expect(await post('orders/field/delete', { id })).toEqual({ status: 404, body: { error: 'No such field', code: 'noSuchField' } });
    }
    expect(await stateOf(account.id)).toEqual(before);
    expect(await stateOf(other.id)).toEqual(theirsBefore);
  });
});

describe('product values are bounded like order and customer values', () => {
  it('rule: product/add and product/update refuse more than 1000 values with 400 (not a 500 from the code lookup); nothing is written', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Vase' })).body;
    const before = await stateOf(account.id);
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    for (const values of [many(1001), many(70_000)]) {
      const added = await post('product/add', { name: 'Bowl', values });
      expect(added.status).toBe(400);
      expect(typeof added.body.error).toBe('string');
      expect((await post('product/update', { id: product.id, values })).status).toBe(400);
    }
    expect(await stateOf(account.id)).toEqual(before);
  });
});
