import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, fields, products } from '../../server/db/schema';
import { categoryFieldIds } from '../../src/domain/productCard';
import { useTestServer, type TestAccount } from './harness';

const server = useTestServer();

type Caller = { token: string };
interface Props {
  id: number;
  name: string;
  parent_id: number | null;
  levels: number[];
  fields_id_2: number[];
}

const addCategory = async (caller: Caller, name: string, parent_id?: number | null) => {
  const answer = await server.call('POST', 'category/add', { token: caller.token, body: { name, ...(parent_id !== undefined && { parent_id }) } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as number;
};
const addField = async (caller: Caller, name: string, category_id: number | null = null) => {
  const answer = await server.call('POST', 'field/add', { token: caller.token, body: { name, type: 3, category_id } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as number;
};
const categoryRows = (accountId: number) => server.database.db.select().from(categories).where(eq(categories.accountId, accountId)).orderBy(asc(categories.id));
const categoryRow = async (id: number) => (await server.database.db.select().from(categories).where(eq(categories.id, id)))[0];
const fieldRow = async (id: number) => (await server.database.db.select().from(fields).where(eq(fields.id, id)))[0];
const productRow = async (id: number) => (await server.database.db.select().from(products).where(eq(products.id, id)))[0];
const props = async (caller: Caller): Promise<Props[]> => (await server.call('GET', 'field/categories', { token: caller.token })).body;
const tree = async (caller: Caller) => (await server.call('GET', 'category/list', { token: caller.token })).body;

describe('category/add', () => {
  it('writes the row with a trimmed name, parent and image; a new category goes last among its siblings', async () => {
    const account = await server.newAccount();
    const tools = await server.call('POST', 'category/add', { token: account.token, body: { name: '  Tools ', image_url: '/images/tools.png' } });
    expect(tools.status).toBe(200);
    expect(tools.body).toEqual({ id: expect.any(Number), name: 'Tools', parent_id: null, image_url: '/images/tools.png', sort: 0 });
    const garden = await addCategory(account, 'Garden');
    const drills = await addCategory(account, 'Drills', tools.body.id);
    const saws = await addCategory(account, 'Saws', tools.body.id);
    const rows = await categoryRows(account.id);
    expect(rows.map((row) => [row.id, row.name, row.parentId, row.sort, row.imageUrl])).toEqual([
      [tools.body.id, 'Tools', null, 0, '/images/tools.png'],
      [garden, 'Garden', null, 1, null],
      [drills, 'Drills', tools.body.id, 0, null],
      [saws, 'Saws', tools.body.id, 1, null],
    ]);
    // Listed in sort order, not by name: Tools before Garden.
    expect((await tree(account)).map((node: { id: number }) => node.id)).toEqual([tools.body.id, garden]);
  });

  it('a blank name, an unknown parent or a parent of another account is refused and nothing is written', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const foreign = await addCategory(other, 'Theirs');
    const blank = await server.call('POST', 'category/add', { token: account.token, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toEqual(expect.any(String));
    expect((await server.call('POST', 'category/add', { token: account.token, body: { name: 'Orphan', parent_id: 2_000_000_000 } })).status).toBe(404);
    expect((await server.call('POST', 'category/add', { token: account.token, body: { name: 'Mine', parent_id: foreign } })).status).toBe(404);
    expect((await server.call('POST', 'category/add', { token: account.token, body: { name: 'Extra', colour: 'red' } })).status).toBe(400);
    expect(await categoryRows(account.id)).toHaveLength(0);
    expect(await categoryRows(other.id)).toHaveLength(1);
  });
});

describe('category/list', () => {
  it('gives the tree: each node with its levels (root down to it) and its subcategories, ordered by sort', async () => {
    const account = await server.newAccount();
    const tools = await addCategory(account, 'Tools');
    const power = await addCategory(account, 'Power', tools);
    const drills = await addCategory(account, 'Drills', power);
    const hand = await addCategory(account, 'Hand', tools);
    await server.call('POST', 'category/update', { token: account.token, body: { id: hand, sort: 0 } });
    await server.call('POST', 'category/update', { token: account.token, body: { id: power, sort: 5 } });
    expect(await tree(account)).toEqual([
      {
        id: tools,
        name: 'Tools',
        parent_id: null,
        image_url: null,
        sort: 0,
        levels: [tools],
        subcategories: [
          { id: hand, name: 'Hand', parent_id: tools, image_url: null, sort: 0, levels: [tools, hand], subcategories: [] },
          {
            id: power,
            name: 'Power',
            parent_id: tools,
            image_url: null,
            sort: 5,
            levels: [tools, power],
            subcategories: [{ id: drills, name: 'Drills', parent_id: power, image_url: null, sort: 0, levels: [tools, power, drills], subcategories: [] }],
          },
        ],
      },
    ]);
  });

  it("another account's categories are never listed", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await addCategory(other, 'Theirs');
    const mine = await addCategory(account, 'Mine');
    expect((await tree(account)).map((node: { id: number }) => node.id)).toEqual([mine]);
    expect((await props(account)).map((node) => node.id)).toEqual([mine]);
  });
});

describe('category/update', () => {
  it('renames, changes the image and the position, moves under another parent and back to the top (null)', async () => {
    const account = await server.newAccount();
    const tools = await addCategory(account, 'Tools');
    const garden = await addCategory(account, 'Garden');
    const updated = await server.call('POST', 'category/update', { token: account.token, body: { id: garden, name: ' Garden tools ', image_url: '/g.png', sort: 7, parent_id: tools } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id: garden, name: 'Garden tools', parent_id: tools, image_url: '/g.png', sort: 7 });
    expect(await categoryRow(garden)).toMatchObject({ name: 'Garden tools', parentId: tools, imageUrl: '/g.png', sort: 7 });
    await server.call('POST', 'category/update', { token: account.token, body: { id: garden, parent_id: null, image_url: null } });
    expect(await categoryRow(garden)).toMatchObject({ parentId: null, imageUrl: null, name: 'Garden tools' });
  });

  it('a category cannot become its own parent or move under its descendant; the row is unchanged', async () => {
    const account = await server.newAccount();
    const top = await addCategory(account, 'Top');
    const middle = await addCategory(account, 'Middle', top);
    const leaf = await addCategory(account, 'Leaf', middle);
    for (const parent_id of [top, leaf]) {
      const refused = await server.call('POST', 'category/update', { token: account.token, body: { id: top, parent_id, name: 'Renamed' } });
      expect(refused.status).toBe(400);
    }
    expect(await categoryRow(top)).toMatchObject({ parentId: null, name: 'Top' });
  });

  it('two opposite moves at once cannot make a cycle: one is refused and the tree stays whole', async () => {
    // A race shows only sometimes, so it is run a few times.
    for (let round = 0; round < 4; round += 1) {
      const account = await server.newAccount();
      const a = await addCategory(account, 'A');
      const b = await addCategory(account, 'B');
      const answers = await Promise.all([
        server.call('POST', 'category/update', { token: account.token, body: { id: a, parent_id: b } }),
        server.call('POST', 'category/update', { token: account.token, body: { id: b, parent_id: a } }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const roots = await tree(account);
      expect(roots).toHaveLength(1);
      expect(roots[0].subcategories).toHaveLength(1);
    }
  });

  it('a blank name, an unknown parent, a category or parent of another account is refused and nothing changes', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const mine = await addCategory(account, 'Mine');
    const theirs = await addCategory(other, 'Theirs');
    expect((await server.call('POST', 'category/update', { token: account.token, body: { id: mine, name: ' ' } })).status).toBe(400);
    expect((await server.call('POST', 'category/update', { token: account.token, body: { id: mine, parent_id: 2_000_000_000 } })).status).toBe(404);
    expect((await server.call('POST', 'category/update', { token: account.token, body: { id: mine, parent_id: theirs } })).status).toBe(404);
    expect((await server.call('POST', 'category/update', { token: account.token, body: { id: theirs, name: 'Stolen' } })).status).toBe(404);
    expect((await server.call('POST', 'category/update', { token: account.token, body: { id: mine, sort: -1 } })).status).toBe(400);
    expect(await categoryRow(mine)).toMatchObject({ name: 'Mine', parentId: null, sort: 0 });
    expect(await categoryRow(theirs)).toMatchObject({ name: 'Theirs', accountId: other.id });
  });
});

describe("category/delete: its products' properties move to the root, its subcategories and products up", () => {
  /** Top > Middle > Leaf, a field on each, products in Middle and Leaf, and an unrelated Other with its own field. */
  async function catalogue(account: TestAccount) {
    const top = await addCategory(account, 'Top');
    const middle = await addCategory(account, 'Middle', top);
    const leaf = await addCategory(account, 'Leaf', middle);
    const other = await addCategory(account, 'Other');
    const fieldsOf = { top: await addField(account, 'Top field', top), middle: await addField(account, 'Middle field', middle), leaf: await addField(account, 'Leaf field', leaf), other: await addField(account, 'Other field', other) };
    const [inMiddle] = await server.database.db.insert(products).values({ accountId: account.id, name: 'In middle', categoryId: middle, values: { middle_field: 'kept', top_field: 't' } }).returning();
    const [inLeaf] = await server.database.db.insert(products).values({ accountId: account.id, name: 'In leaf', categoryId: leaf, values: { leaf_field: 'l' } }).returning();
    return { top, middle, leaf, other, fields: fieldsOf, inMiddle: inMiddle.id, inLeaf: inLeaf.id };
  }

  it("the deleted category's fields go to the root, its subcategories and products to its parent; values are untouched", async () => {
    const account = await server.newAccount();
    const c = await catalogue(account);
    expect((await server.call('POST', 'category/delete', { token: account.token, body: { id: c.middle } })).body).toEqual({ success: true });
    expect(await categoryRow(c.middle)).toBeUndefined();
    expect((await fieldRow(c.fields.middle)).categoryId).toBeNull();
    expect((await fieldRow(c.fields.top)).categoryId).toBe(c.top);
    expect((await fieldRow(c.fields.leaf)).categoryId).toBe(c.leaf);
    expect((await fieldRow(c.fields.other)).categoryId).toBe(c.other);
    expect((await categoryRow(c.leaf)).parentId).toBe(c.top);
    expect(await productRow(c.inMiddle)).toMatchObject({ categoryId: c.top, values: { middle_field: 'kept', top_field: 't' } });
    expect(await productRow(c.inLeaf)).toMatchObject({ categoryId: c.leaf, values: { leaf_field: 'l' } });
    // The moved field is now a root field: every category's card shows it.
    for (const category of await props(account)) expect(category.fields_id_2).toContain(c.fields.middle);
    const leafFields = (await server.call('GET', 'field/list', { token: account.token, query: { category_id: c.leaf, with_parents: 1 } })).body.map((field: { id: number }) => field.id);
    expect(leafFields.sort()).toEqual([c.fields.top, c.fields.middle, c.fields.leaf].sort());
  });

  it('deleting a top-level category leaves its products and subcategories at the top (no category)', async () => {
    const account = await server.newAccount();
    const c = await catalogue(account);
    await server.call('POST', 'category/delete', { token: account.token, body: { id: c.top } });
    expect((await categoryRow(c.middle)).parentId).toBeNull();
    expect((await fieldRow(c.fields.top)).categoryId).toBeNull();
    expect((await tree(account)).map((node: { id: number }) => node.id).sort()).toEqual([c.middle, c.other].sort());
  });

  it('another account cannot delete a category (404): the category, its fields, subcategories and products stay', async () => {
    const account = await server.newAccount();
    const stranger = await server.newAccount();
    const c = await catalogue(account);
    const refused = await server.call('POST', 'category/delete', { token: stranger.token, body: { id: c.middle } });
    expect(refused.status).toBe(404);
    expect(await categoryRow(c.middle)).toBeDefined();
    expect((await fieldRow(c.fields.middle)).categoryId).toBe(c.middle);
    expect((await categoryRow(c.leaf)).parentId).toBe(c.middle);
    expect((await productRow(c.inMiddle)).categoryId).toBe(c.middle);
  });

  it('a field moved into a category while it is deleted never points to a missing category', async () => {
    // A race shows only sometimes, so it is run a few times.
    const account = await server.newAccount();
    for (let round = 0; round < 4; round += 1) {
      const doomed = await addCategory(account, `Doomed ${round}`);
      const field = await addField(account, `Wandering ${round}`);
      await Promise.all([
        server.call('POST', 'field/update', { token: account.token, body: { id: field, category_id: doomed } }),
        server.call('POST', 'category/delete', { token: account.token, body: { id: doomed } }),
      ]);
      expect(await categoryRow(doomed)).toBeUndefined();
      expect((await fieldRow(field)).categoryId).toBeNull();
    }
  });
});

describe('field/categories (get_fields_properties): what the product card needs per category', () => {
  it('gives each category, parents first, its name, parent, levels and fields_id_2: its own fields and the root fields, in card order', async () => {
    const account = await server.newAccount();
    const tools = await addCategory(account, 'Tools');
    const drills = await addCategory(account, 'Drills', tools);
    const rootField = await addField(account, 'Brand');
    const toolsField = await addField(account, 'Power', tools);
    const drillsField = await addField(account, 'Chuck', drills);
    const answer = await props(account);
    expect(answer).toEqual([
      { id: tools, name: 'Tools', parent_id: null, levels: [tools], fields_id_2: [rootField, toolsField] },
      { id: drills, name: 'Drills', parent_id: tools, levels: [tools, drills], fields_id_2: [rootField, drillsField] },
    ]);
    await server.call('POST', 'field/update-sort', { token: account.token, body: { ids: [drillsField, rootField] } });
    expect((await props(account)).find((category) => category.id === drills)?.fields_id_2).toEqual([drillsField, rootField]);
  });

  it("a category's fields include those of its sub-levels: the card's field set (categoryFieldIds) is field/list with_parents=1", async () => {
    const account = await server.newAccount();
    const tools = await addCategory(account, 'Tools');
    const power = await addCategory(account, 'Power', tools);
    const drills = await addCategory(account, 'Drills', power);
    const garden = await addCategory(account, 'Garden');
    await addField(account, 'Brand');
    await addField(account, 'Material', tools);
    await addField(account, 'Voltage', power);
    await addField(account, 'Chuck', drills);
    await addField(account, 'Season', garden);
    const answer = await props(account);
    for (const category of [tools, power, drills, garden]) {
      const card = [...categoryFieldIds(category, answer)].sort((x, y) => x - y);
      const listed = (await server.call('GET', 'field/list', { token: account.token, query: { category_id: category, with_parents: 1 } })).body;
      expect(card, `category ${category}`).toEqual(listed.map((field: { id: number }) => field.id).sort((x: number, y: number) => x - y));
    }
    const drillsCard = (await server.call('GET', 'field/list', { token: account.token, query: { category_id: drills, with_parents: 1 } })).body.map((field: { code: string }) => field.code);
    expect(drillsCard).toEqual(['brand', 'material', 'voltage', 'chuck']);
  });
});

describe("rights: with 'Separate rights', categories are changed only with 'editing product' or as an admin", () => {
  it('a member without editing_remains cannot add, update or delete categories (422) and nothing changes; it can still read them', async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { editingRemains: false, changeRemains: true });
    const tools = await addCategory(account, 'Tools');
    const field = await addField(account, 'Chuck', tools);
    const before = await categoryRows(account.id);
    const attempts = await Promise.all([
      server.call('POST', 'category/add', { token: member.token, body: { name: 'New' } }),
      server.call('POST', 'category/update', { token: member.token, body: { id: tools, name: 'Renamed' } }),
      server.call('POST', 'category/delete', { token: member.token, body: { id: tools } }),
    ]);
    for (const answer of attempts) {
      expect(answer.status).toBe(422);
      expect(answer.body.error).toBe('You do not have the right to edit products');
    }
    expect(await categoryRows(account.id)).toEqual(before);
    expect((await fieldRow(field)).categoryId).toBe(tools);
    expect((await tree(member)).map((node: { id: number }) => node.id)).toEqual([tools]);
    expect((await props(member)).map((node) => node.id)).toEqual([tools]);
  });

  it('an admin without editing_remains may add, update and delete categories', async () => {
    const account = await server.newAccount({ separateRights: true });
    const admin = await server.newMember(account, { admin: true, editingRemains: false });
    const added = await addCategory(admin, 'By admin');
    expect((await server.call('POST', 'category/update', { token: admin.token, body: { id: added, name: 'Renamed' } })).status).toBe(200);
    expect((await categoryRow(added)).name).toBe('Renamed');
    expect((await server.call('POST', 'category/delete', { token: admin.token, body: { id: added } })).status).toBe(200);
    expect(await categoryRows(account.id)).toHaveLength(0);
  });

  it('a disabled member cannot change categories', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account, { activity: false });
    expect((await server.call('POST', 'category/add', { token: member.token, body: { name: 'Inactive' } })).status).toBe(422);
    expect(await categoryRows(account.id)).toHaveLength(0);
  });
});
