import type { StockBatchRow, StockRow } from '../../../src/contract/stockList';
import { t, type MessageKey } from '../../../src/i18n';
import type { StockColumn } from './stockColumns';

/** Column headers: the interface text of a built-in column, a price type's own name. */
const HEADER: Record<string, MessageKey> = {
  name: 'stock.list.colName',
  article: 'stock.list.colArticle',
  batch: 'stock.list.colBatch',
  warehouse: 'stock.list.colWarehouse',
  category: 'stock.list.colCategory',
  type: 'stock.list.colType',
  unit: 'stock.list.colUnit',
  count: 'stock.list.colCount',
  reserve: 'stock.list.colReserve',
  available: 'stock.list.colAvailable',
  cost_price: 'stock.list.colCostPrice',
  tags: 'stock.list.colTags',
  created_at: 'stock.list.colCreated',
};

export function columnTitle(column: StockColumn): string {
  return column.priceName ?? (HEADER[column.key] ? t(HEADER[column.key]) : column.key);
}

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number, minimum = 0): Intl.NumberFormat {
  const key = `${locale}:${digits}:${minimum}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: minimum })));
  return format;
}
export const quantityText = (value: number, locale: string) => numberFormat(locale, 3).format(value);
export const moneyText = (value: number | null, locale: string) => (value === null ? '' : numberFormat(locale, 2, 2).format(value));

/** A product row's cell text. */
export function productCell(row: StockRow, key: string, locale: string): string {
  if (key.startsWith('price:')) return moneyText(row.prices[key.slice(6)] ?? null, locale);
  switch (key) {
    case 'name':
      return row.name;
    case 'article':
      return row.article;
    case 'batch':
      return row.batch ?? (row.batches.length > 1 ? t('stock.list.several', { count: row.batches.length }) : '');
    case 'warehouse':
      return row.warehouse_name ?? (row.batches.length > 1 ? [...new Set(row.batches.map((batch) => batch.warehouse_name))].join(', ') : '');
    case 'category':
      return row.category_name ?? '';
    case 'type':
      return t(row.type === 'service' ? 'stock.list.typeService' : 'stock.list.typeProduct');
    case 'unit':
      return row.unit;
    case 'count':
      return quantityText(row.count, locale);
    case 'reserve':
      return quantityText(row.reserve, locale);
    case 'available':
      return quantityText(row.available, locale);
    case 'cost_price':
      return moneyText(row.cost_price, locale);
    case 'tags':
      return row.tags.join(', ');
    case 'created_at':
      return new Date(row.created_at).toLocaleDateString(locale);
    default:
      return '';
  }
}

/** A batch row's cell text: its own batch, warehouse, quantities and cost; product columns stay empty. */
export function batchCell(batch: StockBatchRow, key: string, locale: string): string {
  switch (key) {
    case 'batch':
      return batch.number;
    case 'warehouse':
      return batch.warehouse_name;
    case 'count':
      return quantityText(batch.count, locale);
    case 'reserve':
      return quantityText(batch.reserve, locale);
    case 'available':
      return quantityText(batch.available, locale);
    case 'cost_price':
      return moneyText(batch.cost_price, locale);
    case 'created_at':
      return new Date(batch.created_at).toLocaleDateString(locale);
    default:
      return '';
  }
}
