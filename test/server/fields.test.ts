import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, categories, fields, products } from '../../server/db/schema';
import { useTestServer } from './harness';

const server = useTestServer();

/** The account's product field rows, in card order. */
const fieldRows = (accountId: number) => server.database.db.select().from(fields).where(eq(fields.accountId, accountId)).orderBy(asc(fields.sort), asc(fields.id));
const fieldRow = async (id: number) => (await server.database.db.select().from(fields).where(eq(fields.id, id)))[0];
const addField = (caller: { token: string }, body: Record<string, unknown>) => server.call('POST', 'field/add', { token: caller.token, body });

const RUB_PRICE = { cost: 0, currency: 'RUB', is_manager_can_change_nds: false, is_nds: false, is_price_include_nds: false, nds: 0 };

describe('field/types', () => {
  it('lists the type codes of spec 2 §3', async () => {
    const account = await server.newAccount();
    const { body } = await server.call('GET', 'field/types', { token: account.token });
    expect(body.map((type: { id: number }) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15]);
  });

  it('gives each type the default of spec 2 §3: 0 for numbers, empty text, an empty list, false, a RUB price, zero stock', async () => {
    const account = await server.newAccount();
    const { status, body } = await server.call('GET', 'field/types', { token: account.token });
    expect(status).toBe(200);
    const defaults = Object.fromEntries(body.map((type: { id: number; default: unknown }) => [type.id, type.default]));
    expect(defaults).toEqual({ 1: 0, 2: 0, 3: '', 4: '', 5: '', 6: [], 7: '', 8: '', 9: false, 11: RUB_PRICE, 13: { count: 0, reserve: 0 }, 15: [] });
    expect(body.find((type: { id: number }) => type.id === 9)).toEqual({ id: 9, code: 'flag', name: 'Flag', default: false });
  });

  it('a price defaults to USD in an account with the is_kommo flag', async () => {
    const account = await server.newAccount();
    await server.database.db.update(accounts).set({ isKommo: true }).where(eq(accounts.id, account.id));
    const { body } = await server.call('GET', 'field/types', { token: account.token });
    expect(body.find((type: { id: number }) => type.id === 11).default).toEqual({ ...RUB_PRICE, currency: 'USD' });
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

describe('field/add: values validated and coerced by type before anything is written', () => {
  it('card flags given in part are merged over the defaults and stored as 0/1 (true and "0" coerced)', async () => {
    const account = await server.newAccount();
    const added = await addField(account, { name: 'Public note', type: 3, lead_config: { public_order_visible: true, editable: '0' } });
    expect(added.status).toBe(200);
    expect(added.body.lead_config).toEqual({ visible: 1, public_order_visible: 1, editable: 0 });
    expect((await fieldRow(added.body.id)).leadConfig).toEqual({ visible: 1, public_order_visible: 1, editable: 0 });
  });

  it('a card flag other than 0/1 is refused (400) and no field is written', async () => {
    const account = await server.newAccount();
    const refused = await addField(account, { name: 'Odd flag', type: 3, lead_config: { visible: 2 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual(expect.any(String));
    expect(await fieldRows(account.id)).toHaveLength(0);
  });

  it('selector options are trimmed; blank names and two options with one value are refused, and nothing is written', async () => {
    const account = await server.newAccount();
    const added = await addField(account, { name: 'Colour', type: 6, data: ['  red ', { name: ' Blue ', value: 'b', color: '#00f' }, { name: 'Metals', value: 'm', optgroup: true }] });
    expect(added.status).toBe(200);
    expect((await fieldRow(added.body.id)).data).toEqual(['red', { name: 'Blue', value: 'b', color: '#00f' }, { name: 'Metals', value: 'm', optgroup: true }]);
    for (const data of [['a', '  '], [{ name: ' ', value: 'x' }], [{ name: 'A', value: 'x' }, { name: 'B', value: 'x' }], ['first', { name: 'Clash', value: 0 }]]) {
      const refused = await addField(account, { name: `Bad options ${JSON.stringify(data)}`, type: 5, data });
      expect(refused.status, JSON.stringify(data)).toBe(400);
    }
    expect(await fieldRows(account.id)).toHaveLength(1);
  });

  it('a blank name is refused (400) and nothing is written', async () => {
    const account = await server.newAccount();
    expect((await addField(account, { name: '   ', type: 3 })).status).toBe(400);
    expect(await fieldRows(account.id)).toHaveLength(0);
  });

  it('names without Latin or Cyrillic letters get numbered codes instead of a refusal', async () => {
    const account = await server.newAccount();
    const first = await addField(account, { name: '价格', type: 3 });
    const second = await addField(account, { name: '★★', type: 3 });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.code, second.body.code]).toEqual(['field_1', 'field_2']);
  });

  it('config is stored without a sort key (the position lives in sort) and comes back with the position', async () => {
    const account = await server.newAccount();
    await addField(account, { name: 'First', type: 3 });
    const added = await addField(account, { name: 'Width', type: 2, config: { unit: 'mm', sort: 99 } });
    expect(added.body.config).toEqual({ unit: 'mm', sort: 1 });
    expect((await fieldRow(added.body.id)).config).toEqual({ unit: 'mm' });
  });

  it('a field into a category of another account is refused (404) and not written', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirs = await server.call('POST', 'category/add', { token: other.token, body: { name: 'Theirs' } });
    const refused = await addField(account, { name: 'Sneaky', type: 3, category_id: theirs.body.id });
    expect(refused.status).toBe(404);
    expect(await fieldRows(account.id)).toHaveLength(0);
  });

  it('concurrent adds of one code: exactly one is written, the others are refused with 409', async () => {
    const account = await server.newAccount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => addField(account, { name: 'Size', type: 3 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await fieldRows(account.id)).toHaveLength(1);
  });
});

describe('field/update', () => {
  it('options of a selector are validated on update; a refused update leaves the row as it was', async () => {
    const account = await server.newAccount();
    const added = await addField(account, { name: 'Grade', type: 5, data: ['A', 'B'] });
    const refused = await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, name: 'Renamed', data: [{ name: 'A', value: 1 }, { name: 'B', value: 1 }] } });
    expect(refused.status).toBe(400);
    expect(await fieldRow(added.body.id)).toMatchObject({ name: 'Grade', data: ['A', 'B'] });
  });

  it('a non-selector never stores options, on add or on update', async () => {
    const account = await server.newAccount();
    const added = await addField(account, { name: 'Weight', type: 2, data: ['x'] });
    const updated = await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, data: ['y'] } });
    expect(updated.status).toBe(200);
    expect((await fieldRow(added.body.id)).data).toEqual([]);
  });

  it('card flags are merged and coerced to 0/1; a blank name or a flag of 5 is refused and changes nothing', async () => {
    const account = await server.newAccount();
    const added = await addField(account, { name: 'Note', type: 4 });
    const updated = await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, lead_config: { visible: false, public_order_visible: '1' } } });
    expect(updated.body.lead_config).toEqual({ visible: 0, public_order_visible: 1, editable: 1 });
    expect((await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, name: ' ' } })).status).toBe(400);
    expect((await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, lead_config: { editable: 5 } } })).status).toBe(400);
    expect(await fieldRow(added.body.id)).toMatchObject({ name: 'Note', leadConfig: { visible: 0, public_order_visible: 1, editable: 1 } });
  });

  it('moves a field into a category and back to the root (null); a category of another account is refused (404)', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const mine = await server.call('POST', 'category/add', { token: account.token, body: { name: 'Mine' } });
    const theirs = await server.call('POST', 'category/add', { token: other.token, body: { name: 'Theirs' } });
    const added = await addField(account, { name: 'Moving', type: 3 });
    const moved = await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, category_id: mine.body.id } });
    expect(moved.body.category).toBe(mine.body.id);
    expect((await fieldRow(added.body.id)).categoryId).toBe(mine.body.id);
    expect((await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, category_id: theirs.body.id } })).status).toBe(404);
    expect((await fieldRow(added.body.id)).categoryId).toBe(mine.body.id);
    await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, category_id: null } });
    expect((await fieldRow(added.body.id)).categoryId).toBeNull();
  });

  it('a system field may be renamed and shown or hidden, but not moved or given options (422)', async () => {
    const account = await server.newAccount();
    const category = await server.call('POST', 'category/add', { token: account.token, body: { name: 'C' } });
    const added = await addField(account, { name: 'Retail', type: 5, data: ['x'] });
    await server.database.db.update(fields).set({ isSystem: true }).where(eq(fields.id, added.body.id));
    expect((await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, category_id: category.body.id } })).status).toBe(422);
    expect((await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, data: ['y'] } })).status).toBe(422);
    const renamed = await server.call('POST', 'field/update', { token: account.token, body: { id: added.body.id, name: 'Retail price', lead_config: { visible: 0 } } });
    expect(renamed.status).toBe(200);
    expect(await fieldRow(added.body.id)).toMatchObject({ name: 'Retail price', categoryId: null, data: ['x'], leadConfig: { visible: 0 } });
  });

  it('another account cannot update a field (404) and the row is unchanged', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const added = await addField(account, { name: 'Mine', type: 3 });
    const refused = await server.call('POST', 'field/update', { token: other.token, body: { id: added.body.id, name: 'Stolen', lead_config: { visible: 0 } } });
    expect(refused.status).toBe(404);
    expect(await fieldRow(added.body.id)).toMatchObject({ accountId: account.id, name: 'Mine', leadConfig: { visible: 1 } });
  });
});

describe('field/delete', () => {
  it("removes the field's values from the account's products and nothing else", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const doomed = await addField(account, { name: 'Colour', type: 3 });
    await addField(account, { name: 'Weight', type: 2 });
    await addField(other, { name: 'Colour', type: 3 });
    const [mine] = await server.database.db.insert(products).values({ accountId: account.id, name: 'Drill', values: { colour: 'red', weight: 1.5 } }).returning();
    const [theirs] = await server.database.db.insert(products).values({ accountId: other.id, name: 'Saw', values: { colour: 'blue' } }).returning();
    expect((await server.call('POST', 'field/delete', { token: account.token, body: { id: doomed.body.id } })).body).toEqual({ success: true });
    const [mineAfter] = await server.database.db.select().from(products).where(eq(products.id, mine.id));
    const [theirsAfter] = await server.database.db.select().from(products).where(eq(products.id, theirs.id));
    expect(mineAfter.values).toEqual({ weight: 1.5 });
    expect(theirsAfter.values).toEqual({ colour: 'blue' });
    // A new field of another type with the old code starts with no stale value.
    await addField(account, { name: 'Colour', type: 9 });
    const [again] = await server.database.db.select().from(products).where(eq(products.id, mine.id));
    expect(again.values).toEqual({ weight: 1.5 });
  });

  it('another account cannot delete a field (404) and its values stay', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const added = await addField(account, { name: 'Kept', type: 3 });
    const [product] = await server.database.db.insert(products).values({ accountId: account.id, name: 'P', values: { kept: 'yes' } }).returning();
    expect((await server.call('POST', 'field/delete', { token: other.token, body: { id: added.body.id } })).status).toBe(404);
    expect(await fieldRow(added.body.id)).toBeDefined();
    expect((await server.database.db.select().from(products).where(eq(products.id, product.id)))[0].values).toEqual({ kept: 'yes' });
  });
});

describe('field/update-sort', () => {
  it('a reordered subset takes the places it held; the others keep theirs; positions are 0, 1, 2… with no ties', async () => {
    const account = await server.newAccount();
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push((await addField(account, { name, type: 3 })).body.id);
    const [a, b, c, d] = ids;
    expect((await server.call('POST', 'field/update-sort', { token: account.token, body: { ids: [d, b] } })).body).toEqual({ success: true });
    const rows = await fieldRows(account.id);
    expect(rows.map((row) => [row.code, row.sort])).toEqual([['a', 0], ['d', 1], ['c', 2], ['b', 3]]);
    const listed = (await server.call('GET', 'field/list', { token: account.token })).body.map((field: { id: number }) => field.id);
    expect(listed).toEqual([a, d, c, b]);
    // sort=created still gives the order of creation.
    const created = (await server.call('GET', 'field/list', { token: account.token, query: { sort: 'created' } })).body.map((field: { id: number }) => field.id);
    expect(created).toEqual(ids);
  });

  it("an id of another account's field (or an unknown id) is refused with 400 and no position changes", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const first = await addField(account, { name: 'First', type: 3 });
    const second = await addField(account, { name: 'Second', type: 3 });
    const theirs = await addField(other, { name: 'Theirs', type: 3 });
    for (const foreign of [theirs.body.id, 2_000_000_000]) {
      const refused = await server.call('POST', 'field/update-sort', { token: account.token, body: { ids: [second.body.id, foreign, first.body.id] } });
      expect(refused.status).toBe(400);
    }
    expect((await fieldRows(account.id)).map((row) => [row.id, row.sort])).toEqual([[first.body.id, 0], [second.body.id, 1]]);
    expect((await fieldRow(theirs.body.id)).sort).toBe(0);
  });
});

describe('field/list: reading is scoped to the account', () => {
  it('a category of another account is 404 with and without with_parents; the list shows only own fields', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirs = await server.call('POST', 'category/add', { token: other.token, body: { name: 'Theirs' } });
    await addField(other, { name: 'Secret', type: 3, category_id: theirs.body.id });
    await addField(account, { name: 'Mine', type: 3 });
    for (const with_parents of [0, 1]) {
      const refused = await server.call('GET', 'field/list', { token: account.token, query: { category_id: theirs.body.id, with_parents } });
      expect(refused.status).toBe(404);
    }
    const listed = await server.call('GET', 'field/list', { token: account.token });
    expect(listed.body.map((field: { code: string }) => field.code)).toEqual(['mine']);
  });

  it('a bad with_parents or sort is refused with 400', async () => {
    const account = await server.newAccount();
    expect((await server.call('GET', 'field/list', { token: account.token, query: { with_parents: 2 } })).status).toBe(400);
    expect((await server.call('GET', 'field/list', { token: account.token, query: { sort: 'name' } })).status).toBe(400);
  });
});

describe("rights: with 'Separate rights', fields are changed only with 'editing product' or as an admin", () => {
  it('a member without editing_remains cannot update, delete or sort fields (422), and nothing changes; it can still read them', async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { editingRemains: false, changeRemains: true });
    const first = await addField(account, { name: 'First', type: 3 });
    const second = await addField(account, { name: 'Second', type: 3 });
    const before = await fieldRows(account.id);
    const attempts = [
      server.call('POST', 'field/update', { token: member.token, body: { id: first.body.id, name: 'Changed' } }),
      server.call('POST', 'field/delete', { token: member.token, body: { id: first.body.id } }),
      server.call('POST', 'field/update-sort', { token: member.token, body: { ids: [second.body.id, first.body.id] } }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(422);
      expect(answer.body.error).toBe('You do not have the right to edit products');
    }
    expect(await fieldRows(account.id)).toEqual(before);
    expect((await server.call('GET', 'field/list', { token: member.token })).body).toHaveLength(2);
  });

  it('an admin without editing_remains may add, update, sort and delete fields', async () => {
    const account = await server.newAccount({ separateRights: true });
    const admin = await server.newMember(account, { admin: true, editingRemains: false });
    const added = await addField(admin, { name: 'By admin', type: 3 });
    expect(added.status).toBe(200);
    expect((await server.call('POST', 'field/update', { token: admin.token, body: { id: added.body.id, name: 'Renamed' } })).status).toBe(200);
    expect((await server.call('POST', 'field/update-sort', { token: admin.token, body: { ids: [added.body.id] } })).status).toBe(200);
    expect((await fieldRow(added.body.id)).name).toBe('Renamed');
    expect((await server.call('POST', 'field/delete', { token: admin.token, body: { id: added.body.id } })).status).toBe(200);
    expect(await fieldRows(account.id)).toHaveLength(0);
  });

  it("without 'Separate rights' an active member without the flag may edit fields; a member with editing_remains may with it", async () => {
    const open = await server.newAccount();
    const plain = await server.newMember(open, { editingRemains: false });
    expect((await addField(plain, { name: 'Open', type: 3 })).status).toBe(200);
    const strict = await server.newAccount({ separateRights: true });
    const editor = await server.newMember(strict, { editingRemains: true });
    expect((await addField(editor, { name: 'Editor', type: 3 })).status).toBe(200);
    expect(await fieldRows(strict.id)).toHaveLength(1);
  });
});
