import { describe, expect, it } from 'vitest';
import type { ImportSettings } from '../../../src/contract/import';
import type { Catalogue } from '../../../server/modules/import/catalogue';
import { type ActiveColumn, ImportPlanner, lowerThanStock, type PlanChunk } from '../../../server/modules/import/plan';
import type { SheetRow } from '../../../server/modules/import/sheet';

/**
 * The slim planner keeps a product that left the slice being planned only as a compact record: a row that matches
 * it slices later (or matches a stored product) must still see its values, its id and its balances, as if the
 * planner had kept the product itself.
 */

const SLICE = 5000;
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
    products: [{ id: 900, name: 'Stored', article: 'S-1', unit: 'kg', type: 'product', categoryId: null, tags: ['old'], values: {} }],
    batches: [{ productId: 900, warehouseId: 1, number: '', thousandths: 5000 }],
    categoryByPath: new Map(),
    pathOfCategory: new Map(),
    fieldTypes: new Map([['retail', 11]]),
    warehouseIds: new Set([1]),
    mainWarehouseId: 1,
  };
}

/** Plans the rows as the run does: a take every SLICE rows, the writer giving new products their ids. */
function plan(rows: unknown[][]): { planner: ImportPlanner; chunks: PlanChunk[] } {
  const planner = new ImportPlanner(catalogue(), { settings, columns });
  const chunks: PlanChunk[] = [];
  let nextId = 1;
  const take = () => {
    const chunk = planner.take();
    for (const product of chunk.added) product.id = nextId++;
    chunks.push(chunk);
  };
  rows.forEach((cells, index) => {
    planner.add({ number: index + 2, cells } as SheetRow);
    if (planner.counts.rows % SLICE === 0) take();
  });
  take();
  return { planner, chunks };
}

const filler = (count: number) => Array.from({ length: count }, (_, index) => [`Filler ${index}`, `F-${index}`, 1, 1]);

describe('the import planner keeps products compactly and still matches them as the whole product', () => {
  it('a row slices after the one that added a product updates that product, by its id, from its planned values and balance', () => {
    const rows = [['Drill', 'D-1', 100, 3], ...filler(3 * SLICE), ['drill ', 'd-1', 120, 7]];
    const { planner, chunks } = plan(rows);
    expect(planner.counts).toMatchObject({ rows: rows.length, added: 3 * SLICE + 1, updated: 1, wrong: 0 });
    const last = chunks.at(-1)!;
    expect(last.added.map((product) => product.name)).toEqual([`Filler ${3 * SLICE - 1}`]);
    expect(last.changed).toHaveLength(1);
    expect(last.changed[0]).toMatchObject({ id: 1, name: 'drill', article: 'd-1', values: { retail: { cost: 120 } } });
    // 3 arrived with the first row: the later row's 7 brings 4 more to the same product.
    expect(last.arrivals.filter((arrival) => arrival.product === last.changed[0])).toEqual([expect.objectContaining({ warehouseId: 1, batch: '', thousandths: 4000 })]);
  });

  it('a stored product is matched with its stored values and balance: a lower quantity is refused, a higher one arrives as the difference', () => {
    const { planner, chunks } = plan([['Stored', 'S-1', 10, 4], ...filler(2 * SLICE), ['Stored', 'S-1', 10, 8]]);
    expect(planner.wrong).toEqual([{ row: 2, column: 'Main', message: lowerThanStock(4, 5) }]);
    const last = chunks.at(-1)!;
    expect(last.changed).toEqual([expect.objectContaining({ id: 900, unit: 'kg', tags: ['old'], values: { retail: expect.objectContaining({ cost: 10 }) } })]);
    expect(last.arrivals.filter((arrival) => arrival.product === last.changed[0])).toEqual([expect.objectContaining({ thousandths: 3000 })]);
  });
});
