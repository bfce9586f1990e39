import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_PARAMS, parseStockQuery, stockQuery, type StockParams } from '../../../../shell/features/stock/listQuery';

/** The stock list's state lives in the address query (issue 13 §2): what is written is read back the same, and junk is dropped. */
describe('stock list address query', () => {
  it('round-trips every parameter: warehouse, each filter, sort, page and page size', () => {
    const params: StockParams = {
      warehouse: 7,
      filter: { search: 'drill', category_id: 4, positive: true, type: 'product', tags: ['power', 'sale'], price_field: 'retail', price_min: 10.5, price_max: 99, count_min: 0, count_max: 12.25 },
      sort: { field: 'price:retail', order: 'desc' },
      page: 3,
      perPage: 50,
    };
    expect(parseStockQuery(stockQuery(params))).toEqual(params);
    expect(parseStockQuery(stockQuery({ ...DEFAULT_PARAMS, warehouse: 'main' })).warehouse).toBe('main');
  });

  it('writes nothing for the defaults, so the plain address stays /remnants', () => {
    expect(stockQuery(DEFAULT_PARAMS)).toBe('');
    expect(parseStockQuery('')).toEqual(DEFAULT_PARAMS);
  });

  it('drops what the server would refuse instead of sending it: unknown sort, bad numbers, bad codes, odd page sizes', () => {
    const parsed = parseStockQuery('?w=-1&sort=values&dir=up&page=0&per=33&pmin=abc&cmax=1e99&pf=a%20b&type=thing&cat=x&tags=,,');
    expect(parsed).toEqual(DEFAULT_PARAMS);
    expect(parseStockQuery('?sort=price:a;drop').sort.field).toBe('name');
  });

  it('counts the filter conditions shown on the Filter button (not the search box, not the price type alone)', () => {
    expect(activeFilterCount({ search: 'x', price_field: 'retail' })).toBe(0);
    expect(activeFilterCount({ positive: true, tags: ['a'], count_min: 0, price_max: 5 })).toBe(4);
    expect(activeFilterCount({ positive: false, tags: [] })).toBe(0);
  });
});
