import { describe, expect, it } from 'vitest';
import { columnCatalogue, moveItem, resolveStockColumns, stockTableConfigValue } from '../../../../shell/features/stock/stockColumns';

const PRICES = [
  { code: 'retail', name: 'Retail price' },
  { code: 'wholesale', name: 'Wholesale price' },
];
const keys = (columns: { key: string }[]) => columns.map((column) => column.key);
const shown = (columns: { key: string; visible: boolean }[]) => keys(columns.filter((column) => column.visible));

/** The stock table setup (issue 13 §2): columns chosen and ordered, saved per account, read back in that order. */
describe('stock table columns', () => {
  it('offers every built-in column and one per price type; by default the base price shows and the others do not', () => {
    const columns = columnCatalogue(PRICES);
    expect(keys(columns)).toEqual(['name', 'article', 'batch', 'warehouse', 'category', 'type', 'unit', 'count', 'reserve', 'available', 'cost_price', 'tags', 'created_at', 'price:retail', 'price:wholesale']);
    expect(shown(columns)).toEqual(['name', 'article', 'batch', 'warehouse', 'unit', 'count', 'reserve', 'available', 'cost_price', 'price:retail']);
    expect(columns.find((column) => column.key === 'tags')?.sortField).toBeNull();
  });

  it('reads back what it saved: the chosen order and flags; new columns follow hidden; vanished price types are dropped', () => {
    const chosen = moveItem(columnCatalogue(PRICES), 7, 0).map((column) => ({ ...column, visible: ['count', 'name', 'price:wholesale'].includes(column.key) }));
    const saved = stockTableConfigValue(chosen);
    expect(resolveStockColumns(saved, PRICES)).toEqual(chosen);
    const later = resolveStockColumns(saved, [...PRICES.slice(1), { code: 'promo', name: 'Promo' }]);
    expect(shown(later)).toEqual(['count', 'name', 'price:wholesale']);
    expect(keys(later).at(-1)).toBe('price:promo');
    expect(keys(later)).not.toContain('price:retail');
  });

  it('never shows an empty table: a setup with nothing visible shows the name; junk is read as nothing saved', () => {
    const hidden = Object.fromEntries(keys(columnCatalogue(PRICES)).map((key, sort) => [key, { sort, visible: 0 }]));
    expect(shown(resolveStockColumns(hidden, PRICES))).toEqual(['name']);
    expect(resolveStockColumns('junk', PRICES)).toEqual(columnCatalogue(PRICES));
    expect(resolveStockColumns([1, 2], PRICES)).toEqual(columnCatalogue(PRICES));
  });

  it('moves a column within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
});
