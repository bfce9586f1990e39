import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, contacts, fields, products } from '../../../server/db/schema';
import { useTestServer, type TestAccount } from '../harness';

/**
 * The rules the entity settings screen leans on (issue 17 §3, §7): a field's usage count before a delete,
 * options still chosen in a record cannot be removed (409 with the count, nothing changed), duplicate codes
 * refused with a clear text, and the field order of orders, contacts and companies (update-sort), for every
 * entity's own prefix and right.
 */
const server = useTestServer();
const db = () => server.database.db;
type Answer = { status: number; body: any };

function as(token: string) {
  return {
    post: (path: string, body?: unknown): Promise<Answer> => server.call('POST', path, { token, body }),
    get: (path: string, query: Record<string, string | number> = {}): Promise<Answer> => server.call('GET', path, { token, query }),
  };
}

const PREFIX = { product: 'field', order: 'orders/field', contact: 'contact/field', company: 'company/field' } as const;
type Entity = keyof typeof PREFIX;

async function addField(account: TestAccount, entity: Entity, body: Record<string, unknown>): Promise<{ id: number; code: string; data: unknown[] }> {
  const answer = await as(account.token).post(`${PREFIX[entity]}/add`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Records of the entity holding the given values, written directly (the value rules are tested elsewhere). */
async function recordsWith(account: TestAccount, entity: Entity, values: Record<string, unknown>[]): Promise<void> {
  if (entity === 'product') await db().insert(products).values(values.map((value, i) => ({ accountId: account.id, name: `P${i}`, values: value })));
  else if (entity === 'contact') await db().insert(contacts).values(values.map((value, i) => ({ accountId: account.id, name: `C${i}`, values: value })));
  else if (entity === 'company') await db().insert(companies).values(values.map((value, i) => ({ accountId: account.id, name: `Co${i}`, values: value })));
  else for (const value of values) expect((await as(account.token).post('orders/add', { name: 'Order', fields: value })).status).toBe(200);
}

const fieldRow = async (id: number) => (await db().select().from(fields).where(eq(fields.id, id)))[0];

describe('…/field/usage: how many records a field delete would empty', () => {
  it.each(['product', 'order', 'contact', 'company'] as const)('rule: %s — counts the records holding a value (not empty texts, lists or other accounts), so the screen can ask first', async (entity) => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const field = await addField(account, entity, { name: 'Colour', type: 3 });
    await addField(other, entity, { name: 'Colour', type: 3 });
    await recordsWith(account, entity, [{ colour: 'red' }, { colour: 'blue' }, { colour: '' }, {}]);
    await recordsWith(other, entity, [{ colour: 'green' }]);
    const usage = await as(account.token).get(`${PREFIX[entity]}/usage`, { id: field.id });
    expect(usage).toEqual({ status: 200, body: { id: field.id, code: 'colour', count: 2 } });
    // Another account's field does not exist for the caller.
    expect((await as(other.token).get(`${PREFIX[entity]}/usage`, { id: field.id })).status).toBe(404);
  });

  it('rule: the usage of order fields is an administrator call; a member without the admin right is refused (422, not 403)', async () => {
    const account = await server.newAccount();
    const field = await addField(account, 'order', { name: 'Rush', type: 9 });
    const member = await server.newMember(account, { admin: false });
    const refused = await as(member.token).get('orders/field/usage', { id: field.id });
    expect(refused.status).toBe(422);
  });
});

describe('removing a selector option that records still hold', () => {
  it.each(['product', 'contact', 'company', 'order'] as const)('rule: %s — refused with 409 and the count; the options stay; an unused option may go', async (entity) => {
    const account = await server.newAccount();
    const field = await addField(account, entity, {
      name: 'Size',
      type: 5,
      data: [
        { name: 'Small', value: 's' },
        { name: 'Large', value: 'l' },
        { name: 'Huge', value: 'h' },
      ],
    });
    await recordsWith(account, entity, [{ size: 's' }, { size: 's' }, { size: 'l' }]);
    const { post } = as(account.token);
    const refused = await post(`${PREFIX[entity]}/update`, { id: field.id, data: [{ name: 'Large', value: 'l' }] });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "The options 'Small', 'Huge' are chosen in 2 records; choose another option there first", count: 2, code: 'optionsInUse', params: { count: 2, names: "'Small', 'Huge'" } });
    expect((await fieldRow(field.id)).data).toEqual(field.data);
    // Renaming and recolouring keep the value, and Huge is chosen nowhere: allowed.
    const kept = await post(`${PREFIX[entity]}/update`, {
      id: field.id,
      data: [
        { name: 'Small size', value: 's', color: '#ff0000' },
        { name: 'Large', value: 'l' },
      ],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it('rule: a multi selector — an option inside any record’s list counts; plain options are known by name, so reordering them is no removal', async () => {
    const account = await server.newAccount();
    const field = await addField(account, 'contact', { name: 'Channels', type: 6, data: ['Mail', 'Phone', 'Fax'] });
    await recordsWith(account, 'contact', [{ channels: ['Phone', 'Mail'] }, { channels: ['Phone'] }, { channels: [] }]);
    const { post } = as(account.token);
    const refused = await post('contact/field/update', { id: field.id, data: ['Mail', 'Fax'] });
    expect(refused.status).toBe(409);
    expect(refused.body.count).toBe(2);
    expect((await post('contact/field/update', { id: field.id, data: ['Fax', 'Phone', 'Mail'] })).status).toBe(200);
    expect((await post('contact/field/update', { id: field.id, data: ['Phone', 'Mail'] })).status).toBe(200);
  });
});

describe('duplicate field codes', () => {
  it.each(['product', 'order', 'contact', 'company'] as const)("rule: %s — a taken code is refused with 409 'A field with the code … already exists' and no second field is written", async (entity) => {
    const account = await server.newAccount();
    await addField(account, entity, { name: 'Colour', type: 3 });
    const again = await as(account.token).post(`${PREFIX[entity]}/add`, { name: 'Another', code: 'colour', type: 3 });
    expect(again).toEqual({ status: 409, body: { error: 'A field with the code colour already exists', code: 'fieldCodeTaken', params: { code: 'colour' } } });
    const rows = await db().select().from(fields).where(eq(fields.accountId, account.id));
    expect(rows.filter((row) => row.code === 'colour')).toHaveLength(1);
  });
});

describe('…/field/update-sort for orders, contacts and companies', () => {
  it.each(['order', 'contact', 'company'] as const)('rule: %s — the listed fields take the places they held in the given order; positions 0, 1, 2…; other entities untouched', async (entity) => {
    const account = await server.newAccount();
    const a = await addField(account, entity, { name: 'A', type: 3 });
    const b = await addField(account, entity, { name: 'B', type: 3 });
    const c = await addField(account, entity, { name: 'C', type: 3 });
    const { post, get } = as(account.token);
    expect((await post(`${PREFIX[entity]}/update-sort`, { ids: [c.id, a.id] })).body).toEqual({ success: true });
    const listed = await get(`${PREFIX[entity]}/list`);
    expect(listed.body.map((field: { id: number; sort: number }) => [field.id, field.sort])).toEqual([
      [c.id, 0],
      [b.id, 1],
      [a.id, 2],
    ]);
  });

  it("rule: another entity's or another account's field id is refused (400) and no position changes", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await addField(account, 'contact', { name: 'A', type: 3 });
    const b = await addField(account, 'contact', { name: 'B', type: 3 });
    const company = await addField(account, 'company', { name: 'C', type: 3 });
    const theirs = await addField(other, 'contact', { name: 'D', type: 3 });
    const before = await db().select().from(fields).where(eq(fields.accountId, account.id)).orderBy(asc(fields.id));
    for (const ids of [[b.id, company.id], [b.id, theirs.id]]) expect((await as(account.token).post('contact/field/update-sort', { ids })).status).toBe(400);
    expect(await db().select().from(fields).where(eq(fields.accountId, account.id)).orderBy(asc(fields.id))).toEqual(before);
  });

  it('rule: a member without the admin right cannot reorder customer fields (422)', async () => {
    const account = await server.newAccount();
    const a = await addField(account, 'company', { name: 'A', type: 3 });
    const member = await server.newMember(account, { admin: false });
    expect((await as(member.token).post('company/field/update-sort', { ids: [a.id] })).status).toBe(422);
  });
});
