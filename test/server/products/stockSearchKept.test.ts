import { asc, eq, sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { batches, products } from '../../../server/db/schema';
import { csv, importFile, shop } from '../import/support';
import { settingUp, type TestAccount, useTestServer } from '../harness';

/**
 * The stock search's narrow table (product_search, issue 13: the search page within its budget) is kept in step with
 * every write: after an arrival, a write-off, a move, an archive and un-archive, a rename, an article change, an import
 * and a product's deletion, the kept rows equal what the products and their batches say, and a search right after
 * the write finds exactly the right rows — the same page and count as the list's general path, which reads the
 * product rows and their sums, and the rows named here.
 */
const server = useTestServer();
const db = () => server.database.db;

/** Kept rows that differ from those rebuilt from the products and their batches (in stock at a level: Σ count > 0 there); none when in step. */
async function drift(accountId: number): Promise<unknown[]> {
  const result = await db().execute(sql`
    with levels as (
      select b.product_id, level.w from batches b cross join lateral (values (0), (b.warehouse_id)) as level(w)
      where b.account_id = ${accountId} group by 1, 2 having sum(b.count) > 0
    ),
    expected as (
      select p.account_id, p.id as product_id, p.archived, p.name, lower(p.name) as name_lower, lower(p.article) as article_lower,
        coalesce((select array_agg(l.w order by l.w) from levels l where l.product_id = p.id), '{}') as in_stock
      from products p where p.account_id = ${accountId}
    ),
    kept as (select account_id, product_id, archived, name, name_lower, article_lower, in_stock from product_search where account_id = ${accountId})
    select row_to_json(e) as expected, row_to_json(k) as kept
    from expected e full join kept k on k.product_id = e.product_id
    where e is distinct from k`);
  return (result as unknown as { rows: unknown[] }).rows;
}

type Answer = { data: { name: string }[]; meta: { total: number; total_is_estimate: boolean } };

async function list(account: TestAccount, body: Record<string, unknown>): Promise<Answer> {
  const answer = await server.call('POST', 'product/stock-list', { token: account.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Answer;
}

async function totals(account: TestAccount, body: Record<string, unknown>): Promise<Record<string, number>> {
  const answer = await server.call('POST', 'product/stock-totals', { token: account.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, number>;
}

/** A search's names in the list's order (the narrow table's answer), each warehouse choice, with and without 'positive'. */
async function found(account: TestAccount, search: string, warehouse: number | 'all', positive: boolean): Promise<string[]> {
  return (await list(account, { warehouse, filter: { search, ...(positive && { positive: true }) }, per_page: 200 })).data.map((row) => row.name);
}

/**
 * Every search of `texts` in every warehouse choice, with and without 'positive', a page in each order: the same
 * rows and totals as the general path (a neutral extra condition, quantity ≥ 0, sends the list there), and the pager
 * that follows: neither page counts, each reads one row past itself (stockList.ts), so it is exact where the page is
 * the last one, else "at least the rows up to this page's end" with a next page.
 */
async function sameAsGeneralPath(account: TestAccount, warehouses: (number | 'all')[], texts: string[]): Promise<void> {
  for (const search of texts)
    for (const warehouse of warehouses)
      for (const positive of [false, true])
        for (const [order, page] of [['asc', 1], ['desc', 2]] as const) {
            const filter = { search, ...(positive && { positive: true }) };
            const body = { warehouse, filter, per_page: 2, page, sort: { field: 'name', order } };
            const narrow = await list(account, body);
            const general = await list(account, { ...body, filter: { ...filter, count_min: 0 } });
            const what = `${search} in ${warehouse}${positive ? ', positive' : ''}, ${order}, page ${page}`;
            expect(narrow.data.map((row) => row.name), what).toEqual(general.data.map((row) => row.name));
            const last = general.meta.total <= page * 2;
            expect(narrow.meta, what).toEqual(last ? general.meta : { ...general.meta, total: page * 2, last_page: page + 1, total_is_estimate: true });
            if (page === 1 && order === 'asc') expect(await totals(account, { warehouse, filter }), what).toEqual(await totals(account, { warehouse, filter: { ...filter, count_min: 0 } }));
          }
}

describe('the stock search reads a kept narrow table (product_search)', () => {
  it('rule: after each kind of write (arrival, write-off, move, archive, rename, article change, import, delete) the kept rows are in step and a search right after finds exactly the right rows', async () => {
    const { account, mainId, otherId } = await shop(server);
    const call = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
    const post = async (path: string, body: unknown) => {
      const answer = await call(path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    const where = [mainId, otherId, 'all'] as const;
    const texts = ['drill', 'DR-', 'lot-7', 'Ü'];
    const check = async (step: string) => {
      expect(await drift(account.id), step).toEqual([]);
      await sameAsGeneralPath(account, [...where], texts);
    };
    const drill = await post('product/add', { name: 'Hammer drill', article: 'DR-1', values: { price: { cost: 100 } } });
    const saw = await post('product/add', { name: 'Saw', article: 'SW-1', values: { price: { cost: 10 } } });
    const bit = await post('product/add', { name: 'Drill bit 100%', article: 'DR-2', values: { price: { cost: 3 } } });
    await post('product/add', { name: 'Über drill', article: 'DR-3' });
    await check('added');
    // A price type named without a range, or no tags, filters nothing: the same answer as the search alone.
    expect(await list(account, { filter: { search: 'drill', price_field: 'price', tags: [] } })).toEqual(await list(account, { filter: { search: 'drill' } }));
    expect(await found(account, 'drill', 'all', false)).toEqual(['Drill bit 100%', 'Hammer drill', 'Über drill']);
    expect(await found(account, 'drill', 'all', true)).toEqual([]);
    // LIKE's wildcards are searched as themselves.
    expect(await found(account, '0%', 'all', false)).toEqual(['Drill bit 100%']);
    expect(await found(account, 'r_d', 'all', false)).toEqual([]);

    await post('stock/arrival', { warehouse_id: mainId, lines: [{ product_id: drill.id, count: 5, cost_price: 40, batch: 'LOT-7' }, { product_id: bit.id, count: 2, cost_price: 1, batch: 'B1' }] });
    await check('arrival');
    expect(await found(account, 'drill', mainId, true)).toEqual(['Drill bit 100%', 'Hammer drill']);
    expect(await found(account, 'drill', otherId, true)).toEqual([]);
    expect(await found(account, 'lot-7', 'all', true)).toEqual(['Hammer drill']);

    const [bitBatch] = await db().select().from(batches).where(eq(batches.productId, bit.id));
    await post('stock/write-off', { warehouse_id: mainId, comment: 'gone', lines: [{ batch_id: bitBatch.id, count: 2 }] });
    await check('write-off to nothing');
    expect(await found(account, 'drill', 'all', true)).toEqual(['Hammer drill']);
    expect(await found(account, 'drill', mainId, false)).toEqual(['Drill bit 100%', 'Hammer drill', 'Über drill']);

    const [drillBatch] = await db().select().from(batches).where(eq(batches.productId, drill.id));
    await post('stock/move', { from_warehouse_id: mainId, to_warehouse_id: otherId, mode: 'now', lines: [{ batch_id: drillBatch.id, count: 2 }] });
    await check('part moved');
    expect(await found(account, 'drill', otherId, true)).toEqual(['Hammer drill']);
    expect(await found(account, 'drill', mainId, true)).toEqual(['Hammer drill']);
    await post('stock/move', { from_warehouse_id: mainId, to_warehouse_id: otherId, mode: 'now', lines: [{ batch_id: drillBatch.id, count: 3 }] });
    await check('rest moved');
    expect(await found(account, 'drill', mainId, true)).toEqual([]);
    expect(await found(account, 'drill', otherId, true)).toEqual(['Hammer drill']);
    // Sent in two steps: in transit it counts in neither warehouse, so it is in stock nowhere until received.
    const [moved] = await db().select().from(batches).where(eq(batches.warehouseId, otherId)).orderBy(asc(batches.id));
    const transit = await post('stock/move', { from_warehouse_id: otherId, to_warehouse_id: mainId, mode: 'transit', lines: [{ batch_id: moved.id, count: 5 }] });
    await check('sent');
    expect(await found(account, 'drill', 'all', true)).toEqual([]);
    await post('stock/transit/receive', { id: transit.id });
    await check('received');
    expect(await found(account, 'drill', mainId, true)).toEqual(['Hammer drill']);

    await post('product/archive', { id: drill.id });
    await check('archived');
    expect(await found(account, 'drill', 'all', false)).toEqual(['Drill bit 100%', 'Über drill']);
    await post('product/unarchive', { id: drill.id });
    await check('un-archived');
    expect(await found(account, 'drill', mainId, true)).toEqual(['Hammer drill']);

    await post('product/update', { id: drill.id, name: 'Rotary hammer' });
    await check('renamed');
    expect(await found(account, 'drill', 'all', false)).toEqual(['Drill bit 100%', 'Über drill']);
    expect(await found(account, 'rotary', mainId, true)).toEqual(['Rotary hammer']);
    await post('product/update', { id: saw.id, article: 'DR-9' });
    await check('article changed');
    expect(await found(account, 'dr-9', 'all', false)).toEqual(['Saw']);
    // A change of anything else (prices, tags) leaves the row alone and the search as it was.
    await post('product/update', { id: saw.id, tags: ['blade'], values: { price: { cost: 11 } } });
    await check('price and tags changed');

    const { outcome } = await importFile(server, account, 'goods.csv', csv([['Name', 'Article', 'Batch', 'Quantity'], ['Cordless drill', 'DR-5', 'IM-1', 4], ['Saw', 'SW-1', 'IM-2', 3]]), { compare: 'name' });
    expect(outcome.counts).toMatchObject({ added: 1, updated: 1 });
    await check('imported');
    expect(await found(account, 'drill', mainId, true)).toEqual(['Cordless drill']);
    expect(await found(account, 'saw', mainId, true)).toEqual(['Saw']);

    // As deleting the account does: the row goes, its batches with it.
    await db().delete(products).where(eq(products.id, bit.id));
    await check('deleted');
    expect(await found(account, 'drill', 'all', false)).toEqual(['Cordless drill', 'Über drill']);
  }, 300_000);

  it('rule: the migration backfills the rows of products written before it (its statement rebuilds exactly what the triggers kept)', async () => {
    const { account, mainId } = await shop(server);
    const post = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
    const kept = (await post('product/add', { name: 'Kept saw', article: 'KS-1' })).body;
    await post('product/add', { name: 'Empty saw' });
    const gone = (await post('product/add', { name: 'Old saw' })).body;
    await post('stock/arrival', { warehouse_id: mainId, lines: [{ product_id: kept.id, count: 2, cost_price: 1, batch: 'K1' }] });
    await post('product/archive', { id: gone.id });
    // Found by name: migrations are renumbered when branches merge.
    const folder = new URL('../../../server/db/migrations/', import.meta.url);
    const file = readdirSync(folder).filter((name) => name.endsWith('_product_search.sql'));
    expect(file).toHaveLength(1);
    const migration = readFileSync(new URL(file[0], folder), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- The rows of the products already there')).split('--> statement-breakpoint')[0];
    const rollback = new Error('rollback');
    const found = await db()
      .transaction(async (tx) => {
        await tx.execute(sql`delete from product_search`);
        await tx.execute(sql.raw(backfill));
        const rows = (await tx.execute(sql`select name, archived, in_stock from product_search where account_id = ${account.id} order by name`)) as unknown as { rows: unknown[] };
        throw Object.assign(rollback, { rows: rows.rows });
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
        return (error as typeof rollback & { rows: unknown[] }).rows;
      });
    expect(found).toEqual([
      { name: 'Empty saw', archived: false, in_stock: [] },
      { name: 'Kept saw', archived: false, in_stock: [0, mainId] },
      { name: 'Old saw', archived: true, in_stock: [] },
    ]);
    expect(await drift(account.id)).toEqual([]);
  });

  it('rule: a name is found by any part of it, whatever the text (one or two characters, across words, punctuation, % and _, digits, Cyrillic, any case), in each scope: all products, in stock anywhere, in stock in a warehouse; the same answer as the product rows give', async () => {
    // The narrow search reads the kept names through their trigram index, or with 'positive' and three characters in
    // a row without a space through the keys of the in-stock level; the general path reads the product rows with
    // ILIKE. Two accounts hold the same goods, so a search that read another account's rows would show them.
    const shops = [await shop(server), await shop(server)];
    for (const { account, mainId, otherId } of shops) {
      const post = settingUp(server, account.token);
      const goods: [string, number | null][] = [
        ['Drill steel 14', mainId],
        ['Hand drill', otherId],
        ['DRILL BIT', null],
        ['Мини-дрель', mainId],
        ['дрель ударная', otherId],
        ['Bag 100% cotton_bag', mainId],
        ['Ab', mainId],
        ['Ab c', otherId],
        ['Tape 50/50', null],
        ['Über Säge', mainId],
        ['Fitting 1\\2 in', mainId],
      ];
      for (const [index, [name, warehouse]] of goods.entries()) {
        const product = await post('product/add', { name, article: `K${index}` });
        if (warehouse) await post('stock/arrival', { warehouse_id: warehouse, lines: [{ product_id: product.id, count: 1 + index, cost_price: 1 }] });
      }
      // In stock once, then none left: found in its scope no longer.
      const emptied = await post('product/add', { name: 'Drill press', article: 'K-E' });
      await post('stock/arrival', { warehouse_id: mainId, lines: [{ product_id: emptied.id, count: 2, cost_price: 1, batch: 'E-LOT' }] });
      const batch = (await db().select().from(batches).where(eq(batches.productId, emptied.id)))[0];
      await post('stock/write-off', { warehouse_id: mainId, comment: 'gone', lines: [{ batch_id: batch.id, count: 2 }] });
    }
    const [{ account, mainId, otherId }] = shops;
    const texts = ['d', 'dr', 'dri', 'DRILL', 'l s', 'ill st', 'ль', 'дрель у', 'ЛЬ', '100%', '%', '_', 'n_b', '50/50', '0/5', 'ab', 'ab c', 'säge', 'über', 'zzz', '14', '1\\2 i', 'g 1\\'];
    await sameAsGeneralPath(account, [mainId, otherId, 'all'], texts);
    expect(await found(account, 'drill', mainId, true)).toEqual(['Drill steel 14']);
    expect(await found(account, 'drill', 'all', false)).toEqual(['DRILL BIT', 'Drill press', 'Drill steel 14', 'Hand drill']);
  });

  it("rule: another account's products never appear, whatever they are called", async () => {
    const first = await shop(server);
    const second = await shop(server);
    for (const { account, mainId } of [first, second]) {
      const product = (await server.call('POST', 'product/add', { token: account.token, body: { name: `Saw of ${account.id}`, article: 'SW-1' } })).body;
      await server.call('POST', 'stock/arrival', { token: account.token, body: { warehouse_id: mainId, lines: [{ product_id: product.id, count: 1, cost_price: 1, batch: 'SAW-LOT' }] } });
    }
    for (const { account } of [first, second]) {
      expect(await found(account, 'saw', 'all', true)).toEqual([`Saw of ${account.id}`]);
      expect(await found(account, 'saw-lot', 'all', false)).toEqual([`Saw of ${account.id}`]);
    }
  });

  it('rule: a product found by its name, its article or a batch number (one, two or all three) shows once, in name order among the others, on every page and in both orders', async () => {
    const { account, mainId, otherId } = await shop(server);
    const post = settingUp(server, account.token);
    // name, article and batch number; the found ones interleave in name order whichever way they match.
    const goods: [string, string, string | null, number][] = [
      ['Golf key', 'G-KEY', 'KEY-G', mainId],
      ['Alpha', 'KEY-1', null, mainId],
      ['Foxtrot', 'F-1', 'F-LOT', mainId],
      ['Delta key', 'KEY-2', 'KEY-9', otherId],
      ['Charlie', 'C-1', 'KEY-LOT', mainId],
      ['Bravo key', 'B-1', 'B-LOT', otherId],
      ['Echo', 'E-1', 'KEYSTONE', otherId],
      ['Hotel', 'H-1', null, mainId],
    ];
    for (const [name, article, batch, warehouse] of goods) {
      const product = await post('product/add', { name, article });
      if (batch) await post('stock/arrival', { warehouse_id: warehouse, lines: [{ product_id: product.id, count: 1, cost_price: 1, batch }] });
    }
    const every = ['Alpha', 'Bravo key', 'Charlie', 'Delta key', 'Echo', 'Golf key'];
    const pages = async (warehouse: number | 'all', positive: boolean, order: 'asc' | 'desc') => {
      const names: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = { warehouse, filter: { search: 'key', ...(positive && { positive: true }) }, per_page: 2, page, sort: { field: 'name', order } };
        const narrow = (await list(account, body)).data.map((row) => row.name);
        expect(narrow, `page ${page}`).toEqual((await list(account, { ...body, filter: { ...body.filter, count_min: 0 } })).data.map((row) => row.name));
        names.push(...narrow);
      }
      return names;
    };
    expect(await pages('all', false, 'asc')).toEqual(every);
    expect(await pages('all', false, 'desc')).toEqual([...every].reverse());
    expect(await pages('all', true, 'asc')).toEqual(['Bravo key', 'Charlie', 'Delta key', 'Echo', 'Golf key']);
    expect(await pages(mainId, true, 'asc')).toEqual(['Charlie', 'Golf key']);
    expect(await pages(otherId, true, 'desc')).toEqual(['Echo', 'Delta key', 'Bravo key']);
    expect((await totals(account, { filter: { search: 'key' } })).products).toBe(every.length);
  });

  it('rule: a search (alone, or with positive, a price type without a range, no tags) reads product_search, not the product rows: a row changed behind the triggers shows in its answer', async () => {
    const { account, mainId } = await shop(server);
    const product = (await server.call('POST', 'product/add', { token: account.token, body: { name: 'Saw' } })).body;
    await server.call('POST', 'stock/arrival', { token: account.token, body: { warehouse_id: mainId, lines: [{ product_id: product.id, count: 1, cost_price: 1, batch: 'S1' }] } });
    expect(await found(account, 'saw', mainId, true)).toEqual(['Saw']);
    await db().execute(sql`update product_search set in_stock = '{}', name_lower = 'plane' where product_id = ${product.id}`);
    expect(await found(account, 'saw', mainId, true)).toEqual([]);
    expect(await found(account, 'plane', 'all', false)).toEqual(['Saw']);
    expect((await list(account, { filter: { search: 'plane', price_field: 'price', tags: [] } })).data.map((row) => row.name)).toEqual(['Saw']);
    // Any other filter takes the general path, on the product rows.
    expect((await list(account, { warehouse: mainId, filter: { search: 'saw', positive: true, count_min: 0 } })).data.map((row) => row.name)).toEqual(['Saw']);
  });
});
