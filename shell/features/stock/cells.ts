import type { StockBatchRow, StockRow } from '../../../src/contract/stockList';
import { activeLanguage, isLang, t, type Lang, type MessageKey } from '../../../src/i18n';
import { formatDateText } from '../../../src/i18n/dates';
import { formatAmount, formatQuantity } from '../../../src/i18n/numbers';
import { plural } from '../../../src/i18n/plural';
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

// The shared number and date texts of the active language (src/i18n), so the stock list writes numbers
// and dates the way every other screen does; `locale` is the interface language the table was drawn in.
const langOf = (locale: string): Lang => (isLang(locale) ? locale : activeLanguage());
export const quantityText = (value: number, locale: string) => formatQuantity(value, langOf(locale));
export const moneyText = (value: number | null, locale: string) => (value === null ? '' : formatAmount(value, langOf(locale)));

/** A product row's cell text. */
export function productCell(row: StockRow, key: string, locale: string): string {
  if (key.startsWith('price:')) return moneyText(row.prices[key.slice(6)] ?? null, locale);
  switch (key) {
    case 'name':
      return row.name;
    case 'article':
      return row.article;
    case 'batch':
      return row.batch ?? (row.batches.length > 1 ? plural('rows', row.batches.length) : '');
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
      return formatDateText(row.created_at);
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
      return formatDateText(batch.created_at);
    default:
      return '';
  }
}
