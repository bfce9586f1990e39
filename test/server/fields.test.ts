import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, fields } from '../../server/db/schema';
import { useTestServer } from './harness';

const server = useTestServer();

describe('field/types', () => {
  it('lists the type codes of spec 2 §3', async () => {
    const account = await server.newAccount();
    const { body } = await server.call('GET', 'field/types', { token: account.token });
    expect(body.map((type: { id: number }) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15]);
  });
});

describe('field/add, update, delete, update-sort, list', () => {
  it('adds a field with a code from its name, default card flags and the next sort position; the row is written', async () => {
    const account = await server.newAccount();
    const first = await server.call('POST', 'field/add', { token: account.token, body: { name: 'Цвет корпуса', type: 5, data: ['red', { name: 'Blue', value: 'b', color: '#00f' }] } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 'cvet_korpusa', type: 5, sort: 0, component: 'select', lead_config: { visible: 1, public_order_visible: 0, editable: 1 } });
    const second = await server.call('POST', 'field/add', { token: account.token, body: { name: 'Weight', type: 2, data: ['ignored for non-selectors'] } });
    expect(second.body).toMatchObject({ code: 'weight', sort: 1, data: [] });
    const [row] = await server.database.db.select().from(fields).where(eq(fields.id, first.body.id));
    expect(row).toMatchObject({ accountId: account.id, entity: 'product', name: 'Цвет корпуса' });
  });

  it('a taken code is refused with 409; an unknown type (10) with 400; another account may use the same code', async () => {
    const account = await server.newAccount();
    await server.call('POST', 'field/add', { token: account.token, body: { name: 'Size', type: 3 } });
    expect((await server.call('POST', 'field/add', { token: account.token, body: { name: 'Size', type: 3 } })).status).toBe(409);
    expect((await server.call('POST', 'field/add', { token: account.token, body: { name: 'Odd', type: 10 } })).status).toBe(400);
    const other = await server.newAccount();
    expect((await server.call('POST', 'field/add', { token: other.token, body: { name: 'Size', type: 3 } })).status).toBe(200);
  });

  it('field/list with category_id and with_parents=1 returns the category, its ancestors and root fields; sort=created orders by creation', async () => {
    const account = await server.newAccount();
    const parent = await server.call('POST', 'category/add', { token: account.token, body: { name: 'Tools' } });
    const child = await server.call('POST', 'category/add', { token: account.token, body: { name: 'Drills', parent_id: parent.body.id } });
    const add = (name: string, category_id: number | null) => server.call('POST', 'field/add', { token: account.token, body: { name, type: 3, category_id } });
    await add('root_field', null);
    await add('tools_field', parent.body.id);
    await add('drills_field', child.body.id);
    const codes = async (query: Record<string, string | number>) =>
      (await server.call('GET', 'field/list', { token: account.token, query })).body.map((field: { code: string }) => field.code);
    expect(await codes({ category_id: child.body.id })).toEqual(['drills_field']);
    expect(await codes({ category_id: child.body.id, with_parents: 1 })).toEqual(['root_field', 'tools_field', 'drills_field']);
    expect(await codes({ sort: 'created' })).toEqual(['root_field', 'tools_field', 'drills_field']);
    await server.call('POST', 'field/update-sort', { token: account.token, body: { ids: (await server.call('GET', 'field/list', { token: account.token })).body.map((f: { id: number }) => f.id).reverse() } });
    expect(await codes({})).toEqual(['drills_field', 'tools_field', 'root_field']);
  });

  it('update changes name, options and card flags (merged); a system field cannot be deleted', async () => {
    const account = await server.newAccount();
    const added = await server.call('POST', 'field/add', { token: account.token, body: { name: 'Grade', type: 5, data: ['A'] } });
    const updated = await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, name: 'Quality', data: ['A', 'B'], lead_config: { public_order_visible: 1 } } });
    expect(updated.body).toMatchObject({ name: 'Quality', data: ['A', 'B'], lead_config: { visible: 1, public_order_visible: 1, editable: 1 } });
    await server.database.db.update(fields).set({ isSystem: true }).where(eq(fields.id, added.body.id));
    const refused = await server.call('POST', 'field/delete', { token: account.token, body: { id: added.body.id } });
    expect(refused.status).toBe(422);
    expect(await server.database.db.select().from(fields).where(eq(fields.id, added.body.id))).toHaveLength(1);
  });

  it('delete removes the row; another account cannot touch it (404)', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const added = await server.call('POST', 'field/add', { token: account.token, body: { name: 'Temp', type: 1 } });
    expect((await server.call('POST', 'field/delete', { token: other.token, body: { id: added.body.id } })).status).toBe(404);
    expect((await server.call('POST', 'field/delete', { token: account.token, body: { id: added.body.id } })).body).toEqual({ success: true });
    expect(await server.database.db.select().from(fields).where(and(eq(fields.id, added.body.id)))).toHaveLength(0);
  });

  it("with 'Separate rights', a member without 'editing product' cannot add fields", async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { editingRemains: false, changeRemains: true });
    const refused = await server.call('POST', 'field/add', { token: member.token, body: { name: 'X', type: 3 } });
    expect(refused.status).toBe(422);
    expect(await server.database.db.select().from(fields).where(eq(fields.accountId, account.id))).toHaveLength(0);
  });
});

describe('category/list, add, update, delete and field/categories', () => {
  it('builds the tree with levels; field/categories gives levels and fields_id_2', async () => {
    const account = await server.newAccount();
    const tools = await server.call('POST', 'category/add', { token: account.token, body: { name: 'Tools' } });
    const drills = await server.call('POST', 'category/add', { token: account.token, body: { name: 'Drills', parent_id: tools.body.id } });
    const field = await server.call('POST', 'field/add', { token: account.token, body: { name: 'Chuck', type: 3, category_id: drills.body.id } });
    const tree = (await server.call('GET', 'category/list', { token: account.token })).body;
    expect(tree).toEqual([
      expect.objectContaining({ id: tools.body.id, levels: [tools.body.id], subcategories: [expect.objectContaining({ id: drills.body.id, levels: [tools.body.id, drills.body.id], subcategories: [] })] }),
    ]);
    const props = (await server.call('GET', 'field/categories', { token: account.token })).body;
    expect(props.find((p: { id: number }) => p.id === drills.body.id)).toEqual({ id: drills.body.id, name: 'Drills', parent_id: tools.body.id, levels: [tools.body.id, drills.body.id], fields_id_2: [field.body.id] });
  });

  it('a category cannot move under its own subcategory', async () => {
    const account = await server.newAccount();
    const a = await server.call('POST', 'category/add', { token: account.token, body: { name: 'A' } });
    const b = await server.call('POST', 'category/add', { token: account.token, body: { name: 'B', parent_id: a.body.id } });
    const refused = await server.call('POST', 'category/update', { token: account.token, body: { id: a.body.id, parent_id: b.body.id } });
    expect(refused.status).toBe(400);
    const [row] = await server.database.db.select().from(categories).where(eq(categories.id, a.body.id));
    expect(row.parentId).toBeNull();
  });

  it("delete moves the category's fields to the root and its subcategories up to its parent", async () => {
    const account = await server.newAccount();
    const top = await server.call('POST', 'category/add', { token: account.token, body: { name: 'Top' } });
    const middle = await server.call('POST', 'category/add', { token: account.token, body: { name: 'Middle', parent_id: top.body.id } });
    const leaf = await server.call('POST', 'category/add', { token: account.token, body: { name: 'Leaf', parent_id: middle.body.id } });
    const field = await server.call('POST', 'field/add', { token: account.token, body: { name: 'Moved', type: 3, category_id: middle.body.id } });
    expect((await server.call('POST', 'category/delete', { token: account.token, body: { id: middle.body.id } })).body).toEqual({ success: true });
    const [fieldRow] = await server.database.db.select().from(fields).where(eq(fields.id, field.body.id));
    const [leafRow] = await server.database.db.select().from(categories).where(eq(categories.id, leaf.body.id));
    expect(fieldRow.categoryId).toBeNull();
    expect(leafRow.parentId).toBe(top.body.id);
  });

  it('a parent from another account is refused (404) and nothing is written', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const foreign = await server.call('POST', 'category/add', { token: other.token, body: { name: 'Theirs' } });
    expect((await server.call('POST', 'category/add', { token: account.token, body: { name: 'Mine', parent_id: foreign.body.id } })).status).toBe(404);
    expect(await server.database.db.select().from(categories).where(eq(categories.accountId, account.id))).toHaveLength(0);
  });
});
