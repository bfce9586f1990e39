import type { StockListFilter, StockListRequest, StockSortColumn, StockSortField, WarehouseChoice } from '../../../src/contract/stockList';

/**
 * The stock list's warehouse, filter, sort and page as the address query (`/remnants?w=main&q=drill&sort=count&dir=desc`),
 * so a reload and Back show the same table. Unknown or malformed values are dropped, never sent to the server.
 */
export interface StockParams {
  warehouse: WarehouseChoice;
  filter: StockListFilter;
  sort: { field: StockSortField; order: 'asc' | 'desc' };
  page: number;
  perPage: number;
}

export const PER_PAGE_CHOICES: readonly number[] = [20, 50, 100, 200];
export const DEFAULT_PARAMS: StockParams = { warehouse: 'all', filter: {}, sort: { field: 'name', order: 'asc' }, page: 1, perPage: 20 };

/** The server's sort columns (a record, so the compiler says when the contract gains one this list lacks). */
const SORT_COLUMNS: Record<StockSortColumn, true> = {
  id: true,
  name: true,
  article: true,
  type: true,
  unit: true,
  category: true,
  batch: true,
  warehouse: true,
  count: true,
  reserve: true,
  available: true,
  cost_price: true,
  created_at: true,
};
const SORT_FIELDS: ReadonlySet<string> = new Set(Object.keys(SORT_COLUMNS));
const CODE = /^[A-Za-z0-9_-]{1,60}$/;
const MAX_MONEY = 1_000_000_000;

function wholeNumber(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function amount(text: string | null, max: number): number | undefined {
  if (text === null || !/^\d{1,13}(\.\d{1,3})?$/.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

export function isSortField(field: string): field is StockSortField {
  return SORT_FIELDS.has(field) || (field.startsWith('price:') && CODE.test(field.slice(6)));
}

/** The parameters a query string holds (the rest at their defaults). */
export function parseStockQuery(search: string): StockParams {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const filter: StockListFilter = {};
  const text = query.get('q')?.slice(0, 200).trim();
  if (text) filter.search = text;
  const category = wholeNumber(query.get('cat'), 1, 2_147_483_647);
  if (category) filter.category_id = category;
  if (query.get('pos') === '1') filter.positive = true;
  const type = query.get('type');
  if (type === 'product' || type === 'service') filter.type = type;
  const tags = (query.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag && tag.length <= 60)
    .slice(0, 20);
  if (tags.length) filter.tags = tags;
  const priceField = query.get('pf');
  if (priceField && CODE.test(priceField)) filter.price_field = priceField;
  const ranges = [
    ['pmin', 'price_min', MAX_MONEY],
    ['pmax', 'price_max', MAX_MONEY],
    ['cmin', 'count_min', 1e12],
    ['cmax', 'count_max', 1e12],
  ] as const;
  for (const [key, name, max] of ranges) {
    const value = amount(query.get(key), max);
    if (value !== undefined) filter[name] = value;
  }
  const warehouseText = query.get('w');
  const warehouseId = wholeNumber(warehouseText, 1, 2_147_483_647);
  const warehouse: WarehouseChoice = warehouseText === 'main' ? 'main' : (warehouseId ?? 'all');
  const sortField = query.get('sort');
  const perPage = wholeNumber(query.get('per'), 1, 200);
  return {
    warehouse,
    filter,
    sort: { field: sortField && isSortField(sortField) ? sortField : DEFAULT_PARAMS.sort.field, order: query.get('dir') === 'desc' ? 'desc' : 'asc' },
    page: wholeNumber(query.get('page'), 1, 100_000) ?? 1,
    perPage: perPage && PER_PAGE_CHOICES.includes(perPage) ? perPage : DEFAULT_PARAMS.perPage,
  };
}

/** The query string of these parameters: only what differs from the defaults, in a fixed order. */
export function stockQuery(params: StockParams): string {
  const query = new URLSearchParams();
  const { filter } = params;
  if (params.warehouse !== 'all') query.set('w', String(params.warehouse));
  if (filter.search) query.set('q', filter.search);
  if (filter.category_id) query.set('cat', String(filter.category_id));
  if (filter.positive) query.set('pos', '1');
  if (filter.type) query.set('type', filter.type);
  if (filter.tags?.length) query.set('tags', filter.tags.join(','));
  if (filter.price_field) query.set('pf', filter.price_field);
  if (filter.price_min !== undefined) query.set('pmin', String(filter.price_min));
  if (filter.price_max !== undefined) query.set('pmax', String(filter.price_max));
  if (filter.count_min !== undefined) query.set('cmin', String(filter.count_min));
  if (filter.count_max !== undefined) query.set('cmax', String(filter.count_max));
  if (params.sort.field !== DEFAULT_PARAMS.sort.field) query.set('sort', params.sort.field);
  if (params.sort.order === 'desc') query.set('dir', 'desc');
  if (params.page > 1) query.set('page', String(params.page));
  if (params.perPage !== DEFAULT_PARAMS.perPage) query.set('per', String(params.perPage));
  return query.toString();
}

/** How many filter conditions are set (shown on the Filter button); the text search has its own box. */
export function activeFilterCount(filter: StockListFilter): number {
  const { search: _search, price_field: _field, ...rest } = filter;
  return Object.values(rest).filter((value) => value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0)).length;
}

/** The list request of these parameters. */
export function stockListRequest(params: StockParams): StockListRequest {
  return { warehouse: params.warehouse, filter: params.filter, sort: params.sort, page: params.page, per_page: params.perPage };
}
