import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, facilities, movements, orders, pipelines, pipelineStatuses } from '../../server/db/schema';
import { useTestServer, type TestAccount } from './harness';

/**
 * Route tests of facilities (objects, issue 13 §6): add, update, list with search and paging, archive; an order
 * and a write-off naming a facility (another account's refused, an archived one not newly chosen); and a
 * facility's page — the orders naming it and the goods delivered there with their sums.
 */
const server = useTestServer();
const db = () => server.database.db;

type Answer = { status: number; body: any };

function as(account: { token: string }) {
  return {
    post: (path: string, body?: unknown): Promise<Answer> => server.call('POST', path, { token: account.token, body }),
    get: (path: string, query: Record<string, string | number> = {}): Promise<Answer> => server.call('GET', path, { token: account.token, query }),
  };
}

/** A call that must succeed: its answer's body. */
async function ok(answer: Promise<Answer>) {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const facilityRows = (accountId: number) => db().select().from(facilities).where(eq(facilities.accountId, accountId)).orderBy(asc(facilities.id));
const orderRows = (accountId: number) => db().select().from(orders).where(eq(orders.accountId, accountId)).orderBy(asc(orders.id));
const movementRows = (accountId: number) => db().select().from(movements).where(eq(movements.accountId, accountId)).orderBy(asc(movements.id));

/** An account with a main warehouse and a product of 10 units in batch B1 (cost 40, retail price 100), and its system stages. */
async function stocked(account?: TestAccount) {
  const owner = account ?? (await server.newAccount());
  const api = as(owner);
  const main = await ok(api.post('warehouse/add', { name: 'Main' }));
  await ok(api.post('field/add', { name: 'Retail', code: 'retail', type: 11 }));
  const product = await ok(api.post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100, nds: 20 } } }));
  await ok(api.post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 }));
  const [batch] = await db().select().from(batches).where(eq(batches.productId, product.id));
  const rows = await db()
    .select({ id: pipelineStatuses.id, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, owner.id), eq(pipelines.isSystem, true)))
    .orderBy(asc(pipelineStatuses.sort));
  const stages = Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<'New' | 'Reserved' | 'Completed' | 'Cancelled', number>;
  return { account: owner, api, main, product, batch, stages };
}

describe('facility/add, facility/get and facility/update', () => {
  it('stores a facility with trimmed texts and its company and contact; the answer names them; get answers the same', async () => {
    const account = await server.newAccount();
    const api = as(account);
    const company = await ok(api.post('company/add', { name: 'Builders Ltd' }));
    const contact = await ok(api.post('contact/add', { name: 'Anna Smith' }));
    const added = await ok(api.post('facility/add', { name: '  North site ', address: ' 1 Quay St ', company_id: company.id, contact_id: contact.id, notes: ' Gate B ' }));
    expect(added).toMatchObject({
      name: 'North site',
      address: '1 Quay St',
      notes: 'Gate B',
      company: { id: company.id, name: 'Builders Ltd' },
      contact: { id: contact.id, name: 'Anna Smith' },
      archived: false,
    });
    expect(await ok(api.get('facility/get', { id: added.id }))).toEqual(added);
    const [row] = await facilityRows(account.id);
    expect(row).toMatchObject({ id: added.id, accountId: account.id, companyId: company.id, contactId: contact.id });
  });

  it('an empty name is refused with the interface text by the input (400), and nothing is written', async () => {
    const account = await server.newAccount();
    for (const body of [{}, { name: '   ', address: 'Somewhere' }]) {
      const answer = await as(account).post('facility/add', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'Empty field', fields: { name: 'Empty field' } });
    }
    expect(await facilityRows(account.id)).toEqual([]);
  });

  it('update changes only the given keys; null removes the company; an empty name is refused and changes nothing', async () => {
    const account = await server.newAccount();
    const api = as(account);
    const company = await ok(api.post('company/add', { name: 'Builders Ltd' }));
    const added = await ok(api.post('facility/add', { name: 'North site', address: '1 Quay St', company_id: company.id }));
    const updated = await ok(api.post('facility/update', { id: added.id, notes: 'Crane on site' }));
    expect(updated).toMatchObject({ name: 'North site', address: '1 Quay St', notes: 'Crane on site', company: { id: company.id } });
    expect(await ok(api.post('facility/update', { id: added.id, company_id: null }))).toMatchObject({ company: null, notes: 'Crane on site' });
    const before = await facilityRows(account.id);
    expect((await api.post('facility/update', { id: added.id, name: ' ' })).status).toBe(400);
    expect(await facilityRows(account.id)).toEqual(before);
  });

  it('a member without activity reads facilities but may not add, change or archive them (422, not 403, which would sign them out)', async () => {
    const account = await server.newAccount();
    const added = await ok(as(account).post('facility/add', { name: 'North site' }));
    const reader = await server.newMember(account, { activity: false });
    expect((await as(reader).get('facility/get', { id: added.id })).status).toBe(200);
    for (const [path, body] of [['facility/add', { name: 'Other' }], ['facility/update', { id: added.id, name: 'Renamed' }], ['facility/archive', { id: added.id }]] as const) {
      const answer = await as(reader).post(path, body);
      expect(answer.status, path).toBe(422);
      expect(answer.body.error).toBe('You do not have the right to edit contacts and companies');
    }
    expect((await facilityRows(account.id)).map((row) => [row.name, row.archived])).toEqual([['North site', false]]);
  });
});

describe('facility/list', () => {
  it('searches name and address case-insensitively (a % is a plain character), pages with links and meta, sorts by name', async () => {
    const account = await server.newAccount();
    const api = as(account);
    for (let i = 1; i <= 25; i += 1) await ok(api.post('facility/add', { name: `Site ${String(i).padStart(2, '0')}`, address: i % 5 === 0 ? `${i} Harbour Road` : `${i} Hill St` }));
    await ok(api.post('facility/add', { name: '100% warehouse', address: '' }));
    const first = await ok(api.post('facility/list', { per_page: 10 }));
    expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 10, total: 26 });
    expect(first.links).toMatchObject({ prev: null, next: '?page=2', last: '?page=3' });
    const third = await ok(api.post('facility/list', { per_page: 10, page: 3 }));
    expect(third.data.map((item: { name: string }) => item.name)).toEqual(['Site 21', 'Site 22', 'Site 23', 'Site 24', 'Site 25', '100% warehouse']);
    const harbour = await ok(api.post('facility/list', { filter: { search: 'harbour' } }));
    expect(harbour.data.map((item: { name: string }) => item.name)).toEqual(['Site 05', 'Site 10', 'Site 15', 'Site 20', 'Site 25']);
    expect((await ok(api.post('facility/list', { filter: { search: 'site 1' } }))).meta.total).toBe(10);
    expect((await ok(api.post('facility/list', { filter: { search: '0%' } }))).data.map((item: { name: string }) => item.name)).toEqual(['100% warehouse']);
    const byName = await ok(api.post('facility/list', { per_page: 2, sort: { field: 'name', order: 'desc' } }));
    expect(byName.data.map((item: { name: string }) => item.name)).toEqual(['Site 25', 'Site 24']);
    // No body at all reads as page 1 of the default list.
    expect((await ok(api.post('facility/list'))).meta.total).toBe(26);
  });

  it('archived facilities leave the list and show under filter.archived; unarchive brings them back', async () => {
    const account = await server.newAccount();
    const api = as(account);
    const kept = await ok(api.post('facility/add', { name: 'Kept' }));
    const gone = await ok(api.post('facility/add', { name: 'Gone' }));
    expect(await ok(api.post('facility/archive', { id: gone.id }))).toMatchObject({ id: gone.id, archived: true });
    expect((await ok(api.post('facility/list', {}))).data.map((item: { id: number }) => item.id)).toEqual([kept.id]);
    expect((await ok(api.post('facility/list', { filter: { archived: true } }))).data.map((item: { id: number }) => item.id)).toEqual([gone.id]);
    expect(await ok(api.post('facility/unarchive', { id: gone.id }))).toMatchObject({ archived: false });
    expect((await ok(api.post('facility/list', {}))).meta.total).toBe(2);
  });
});

describe('isolation: another account\'s facility', () => {
  it('is not found by get, update, archive, its page, an order or a write-off (404 "No such facility"), and nothing of either account changes', async () => {
    const theirs = await stocked();
    const facility = await ok(theirs.api.post('facility/add', { name: 'Their site', address: 'Secret Lane' }));
    const mine = await stocked();
    const order = await ok(mine.api.post('orders/add', { name: 'Mine' }));
    const before = { facilities: await facilityRows(theirs.account.id), orders: await orderRows(mine.account.id), movements: await movementRows(mine.account.id) };
    const calls: [string, Promise<Answer>][] = [
      ['get', mine.api.get('facility/get', { id: facility.id })],
      ['update', mine.api.post('facility/update', { id: facility.id, name: 'Taken' })],
      ['archive', mine.api.post('facility/archive', { id: facility.id })],
      ['orders', mine.api.get('facility/orders', { id: facility.id })],
      ['goods', mine.api.get('facility/goods', { id: facility.id })],
      ['client-update', mine.api.post('orders/client-update', { id: order.id, facility_id: facility.id })],
      ['orders/update', mine.api.post('orders/update', { id: order.id, version: order.version, facility_id: facility.id })],
      ['write-off', mine.api.post('product/write-off', { batch_id: mine.batch.id, count: 1, facility_id: facility.id })],
    ];
    for (const [name, call] of calls) {
      const answer = await call;
      expect(answer.status, name).toBe(404);
      expect(answer.body.error, name).toBe('No such facility');
      expect(JSON.stringify(answer.body), name).not.toContain('Secret Lane');
    }
    expect((await ok(mine.api.post('facility/list', { filter: { search: 'Their' } }))).meta.total).toBe(0);
    expect({ facilities: await facilityRows(theirs.account.id), orders: await orderRows(mine.account.id), movements: await movementRows(mine.account.id) }).toEqual(before);
  });

  it('the database itself refuses an order naming another account\'s facility (the foreign key holds the account)', async () => {
    const theirs = await server.newAccount();
    const facility = await ok(as(theirs).post('facility/add', { name: 'Their site' }));
    const mine = await server.newAccount();
    const order = await ok(as(mine).post('orders/add', { name: 'Mine' }));
    await expect(db().update(orders).set({ facilityId: facility.id }).where(eq(orders.id, order.id))).rejects.toThrow();
  });
});

describe('an order and a write-off naming a facility', () => {
  it('orders/client-update and orders/update set the facility (the answer names it), null removes it', async () => {
    const { api } = await stocked();
    const facility = await ok(api.post('facility/add', { name: 'North site', address: '1 Quay St' }));
    const order = await ok(api.post('orders/add', { name: 'Order A' }));
    expect(order.facility).toBeNull();
    const named = await ok(api.post('orders/client-update', { id: order.id, facility_id: facility.id }));
    expect(named.facility).toEqual({ id: facility.id, name: 'North site', address: '1 Quay St', archived: false });
    expect((await ok(api.get('orders/order', { order_id: order.id }))).facility).toMatchObject({ id: facility.id });
    const cleared = await ok(api.post('orders/update', { id: order.id, version: named.version, facility_id: null }));
    expect(cleared.facility).toBeNull();
    const again = await ok(api.post('orders/update', { id: order.id, version: cleared.version, facility_id: facility.id }));
    expect(again.facility).toMatchObject({ id: facility.id });
  });

  it('an archived facility cannot be newly chosen by an order or a write-off (422), but an order naming it keeps it through other changes', async () => {
    const { account, api, batch } = await stocked();
    const facility = await ok(api.post('facility/add', { name: 'North site' }));
    const keeps = await ok(api.post('orders/add', { name: 'Keeps' }));
    const named = await ok(api.post('orders/client-update', { id: keeps.id, facility_id: facility.id }));
    const fresh = await ok(api.post('orders/add', { name: 'Fresh' }));
    await ok(api.post('facility/archive', { id: facility.id }));
    const before = { orders: await orderRows(account.id), movements: await movementRows(account.id) };
    for (const [name, call] of [
      ['client-update', api.post('orders/client-update', { id: fresh.id, facility_id: facility.id })],
      ['orders/update', api.post('orders/update', { id: fresh.id, version: fresh.version, facility_id: facility.id })],
      ['write-off', api.post('product/write-off', { batch_id: batch.id, count: 1, facility_id: facility.id })],
    ] as const) {
      const answer = await call;
      expect(answer.status, name).toBe(422);
      expect(answer.body.error, name).toBe('This facility is archived: take it out of the archive to choose it');
    }
    expect({ orders: await orderRows(account.id), movements: await movementRows(account.id) }).toEqual(before);
    const renamed = await ok(api.post('orders/update', { id: keeps.id, version: named.version, name: 'Kept', facility_id: facility.id }));
    expect(renamed.facility).toMatchObject({ id: facility.id, archived: true });
  });

  it('a write-off naming a facility records it on the ledger row; one naming none leaves it empty', async () => {
    const { account, api, batch } = await stocked();
    const facility = await ok(api.post('facility/add', { name: 'North site' }));
    await ok(api.post('product/write-off', { batch_id: batch.id, count: 2, facility_id: facility.id, comment: 'Delivered' }));
    await ok(api.post('product/write-off', { batch_id: batch.id, count: 1 }));
    const writeOffs = (await movementRows(account.id)).filter((row) => row.eventType === 'write_off');
    expect(writeOffs.map((row) => [Number(row.quantity), row.facilityId])).toEqual([
      [2, facility.id],
      [1, null],
    ]);
  });
});

describe('a facility\'s page: facility/orders and facility/goods', () => {
  it('lists the orders naming it and the goods delivered there — written-off positions at the order price, write-offs at cost — with sums and totals', async () => {
    const { api, product, main, batch, stages } = await stocked();
    const facility = await ok(api.post('facility/add', { name: 'North site' }));
    const elsewhere = await ok(api.post('facility/add', { name: 'South site' }));

    // An order naming the facility, its 3 units written off at the Completed (write-off) stage: 3 × 100 = 300.
    const delivered = await ok(api.post('orders/add', { name: 'Delivered order', status_id: stages.New }));
    await ok(api.post('orders/product/add', { order_id: delivered.id, product: `${product.id}%%%${main.code}`, quantity: 3 }));
    const named = await ok(api.post('orders/client-update', { id: delivered.id, facility_id: facility.id }));
    const completed = await ok(api.post('orders/update', { id: delivered.id, version: named.version, status_id: stages.Completed }));
    expect(completed.stock_state).toBe('written_off');
    // An order naming it whose goods are not yet gone: listed among the orders, no goods.
    const open = await ok(api.post('orders/add', { name: 'Open order' }));
    await ok(api.post('orders/product/add', { order_id: open.id, product: `${product.id}%%%${main.code}`, quantity: 1 }));
    await ok(api.post('orders/client-update', { id: open.id, facility_id: facility.id }));
    // A write-off naming it: 2 units at cost 40 = 80. One naming another facility and one naming none are not its goods.
    await ok(api.post('product/write-off', { batch_id: batch.id, count: 2, facility_id: facility.id }));
    await ok(api.post('product/write-off', { batch_id: batch.id, count: 1, facility_id: elsewhere.id }));
    await ok(api.post('product/write-off', { batch_id: batch.id, count: 1 }));

    const listed = await ok(api.get('facility/orders', { id: facility.id }));
    expect(listed.data.map((order: { name: string }) => order.name)).toEqual(['Open order', 'Delivered order']);
    expect(listed.data[1]).toMatchObject({ id: delivered.id, sum: 300, status: 'Completed' });
    expect(listed.meta.total).toBe(2);

    const goods = await ok(api.get('facility/goods', { id: facility.id }));
    expect(goods.totals).toEqual({ quantity: 5, sum: 380 });
    expect(goods.meta.total).toBe(2);
    const lines = goods.data.map((line: { source: string; order_id: number | null; name: string; quantity: number; price: number; sum: number }) => [line.source, line.order_id, line.name, line.quantity, line.price, line.sum]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['order', delivered.id, 'Hammer drill', 3, 100, 300],
        ['write_off', null, 'Hammer drill', 2, 40, 80],
      ]),
    );
    const other = await ok(api.get('facility/goods', { id: elsewhere.id }));
    expect(other.totals).toEqual({ quantity: 1, sum: 40 });
    expect((await ok(api.get('facility/goods', { id: facility.id, per_page: 1, page: 2 }))).data).toHaveLength(1);
  });
});
