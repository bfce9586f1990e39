import { describe, expect, it } from 'vitest';
import type { ImportSettings } from '../../../src/contract/import';
import type { Catalogue, CatalogueBatch, CatalogueProduct } from '../../../server/modules/import/catalogue';
import { type ActiveColumn, ImportPlanner, lowerThanStock, type PlanChunk } from '../../../server/modules/import/plan';
import type { SheetRow } from '../../../server/modules/import/sheet';

/**
 * The slim planner keeps a product that left the slice being planned only as a compact record: a row that matches
 * it slices later (or matches a stored product) must still see its values, its id and its balances, as if the
 * planner had kept the product itself.
 */

const SLICE = 5000;
/** Far above the ids the fake writer gives (1, 2, …). */
const STORED_ID = 1_000_000;
const columns: ActiveColumn[] = [
  { column: 0, header: 'Name', key: 'name', kind: 'text' },
  { column: 1, header: 'Article', key: 'article', kind: 'text' },
  { column: 2, header: 'Retail', key: 'price:retail', kind: 'number' },
  { column: 3, header: 'Main', key: 'stock:1', kind: 'number' },
];
const settings: ImportSettings = { mapping: [], mode: 'add_update', compare: 'name_article' };

function catalogue(): Catalogue {
  return {
    accountId: 1,
    isKommo: false,
    tariffId: null,
    products: [{ id: STORED_ID, name: 'Stored', article: 'S-1', unit: 'kg', type: 'product', categoryId: null, tags: ['old'], values: {} }],
    batches: [{ productId: STORED_ID, warehouseId: 1, number: '', thousandths: 5000 }],
    categoryByPath: new Map(),
    pathOfCategory: new Map(),
    fieldTypes: new Map([['retail', 11]]),
    warehouseIds: new Set([1]),
    mainWarehouseId: 1,
  };
}

/**
 * Plans the rows as the run does: a slice at a time, a take after each, the writer giving new products their ids.
 * With `writes`, the writer keeps what it wrote in a fake database and says so, and each slice first recalls the
 * written products its rows match — as the run does; without, nothing is written — as the dry run does.
 */
async function plan(rows: unknown[][], writes: boolean): Promise<{ planner: ImportPlanner; chunks: PlanChunk[]; loaded: number[][] }> {
  const planner = new ImportPlanner(catalogue(), { settings, columns });
  const chunks: PlanChunk[] = [];
  const loaded: number[][] = [];
  // The fake database starts as the catalogue the planner was made from.
  const stored = new Map<number, CatalogueProduct>(catalogue().products.map((product) => [product.id, product]));
  const batches = new Map<string, CatalogueBatch>(catalogue().batches.map((batch) => [`${batch.productId}/${batch.warehouseId}/${batch.number}`, { ...batch }]));
  let nextId = 1;
  const take = () => {
    const chunk = planner.take();
    for (const product of chunk.added) product.id = nextId++;
    chunks.push(chunk);
    if (!writes) return;
    for (const product of [...chunk.added, ...chunk.changed]) {
      stored.set(product.id!, { id: product.id!, name: product.name, article: product.article, unit: product.unit, type: product.type, categoryId: null, tags: product.tags, values: structuredClone(product.values) });
    }
    for (const arrival of chunk.arrivals) {
      const key = `${arrival.product.id}/${arrival.warehouseId}/${arrival.batch}`;
      const batch = batches.get(key) ?? { productId: arrival.product.id!, warehouseId: arrival.warehouseId, number: arrival.batch, thousandths: 0 };
      batch.thousandths += arrival.thousandths;
      batches.set(key, batch);
    }
    planner.written();
  };
  const load = async (ids: number[]) => {
    loaded.push(ids);
    return { products: ids.map((id) => stored.get(id)!), batches: [...batches.values()].filter((batch) => ids.includes(batch.productId)) };
  };
  for (let start = 0; start < rows.length; start += SLICE) {
    const slice = rows.slice(start, start + SLICE).map((cells, index) => ({ number: start + index + 2, cells }) as SheetRow);
    if (writes) await planner.recall(slice, load);
    for (const row of slice) planner.add(row);
    take();
  }
  return { planner, chunks, loaded };
}

const filler = (count: number) => Array.from({ length: count }, (_, index) => [`Filler ${index}`, `F-${index}`, 1, 1]);

describe.each([
  { mode: 'the run (written products kept as ids, read back)', writes: true },
  { mode: 'the dry run (nothing written)', writes: false },
])('the import planner keeps products compactly and still matches them as the whole product: $mode', ({ writes }) => {
  it('a row slices after the one that added a product updates that product, by its id, from its planned values and balance', async () => {
    const rows = [['Drill', 'D-1', 100, 3], ...filler(3 * SLICE), ['drill ', 'd-1', 120, 7]];
    const { planner, chunks, loaded } = await plan(rows, writes);
    // Only the run reads back, and only the one written product a row matches.
    expect(loaded).toEqual(writes ? [[1]] : []);
    expect(planner.counts).toMatchObject({ rows: rows.length, added: 3 * SLICE + 1, updated: 1, wrong: 0 });
    const last = chunks.at(-1)!;
    expect(last.added.map((product) => product.name)).toEqual([`Filler ${3 * SLICE - 1}`]);
    expect(last.changed).toHaveLength(1);
    expect(last.changed[0]).toMatchObject({ id: 1, name: 'drill', article: 'd-1', values: { retail: { cost: 120 } } });
    // 3 arrived with the first row: the later row's 7 brings 4 more to the same product.
    expect(last.arrivals.filter((arrival) => arrival.product === last.changed[0])).toEqual([expect.objectContaining({ warehouseId: 1, batch: '', thousandths: 4000 })]);
  });

  it('a stored product is matched with its stored values and balance: a lower quantity is refused, a higher one arrives as the difference', async () => {
    const { planner, chunks } = await plan([['Stored', 'S-1', 10, 4], ...filler(2 * SLICE), ['Stored', 'S-1', 10, 8]], writes);
    expect(planner.wrong).toEqual([{ row: 2, column: 'Main', message: lowerThanStock(4, 5), code: 'importLowerThanStock', params: { file: 4, stock: 5 } }]);
    const last = chunks.at(-1)!;
    expect(last.changed).toEqual([expect.objectContaining({ id: STORED_ID, unit: 'kg', tags: ['old'], values: { retail: expect.objectContaining({ cost: 10 }) } })]);
    expect(last.arrivals.filter((arrival) => arrival.product === last.changed[0])).toEqual([expect.objectContaining({ thousandths: 3000 })]);
  });
});
