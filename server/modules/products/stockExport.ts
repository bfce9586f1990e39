import type { Readable } from 'node:stream';
import type { PriceColumn, StockExportRequest, StockRow } from '../../../src/contract/stockList';
import type { Db } from '../../db/client';
import { XLSX_TYPE } from '../../http/downloads';
import { workbookBytes, type XlsxColumn, xlsxTable } from '../../http/xlsxTable';
import { defineTask } from '../tasks/api';
import { stockIds, stockRows, stockScopeOf } from './stockList';

/** Products read per query while the workbook is written; only one chunk is held at a time. */
export const STOCK_EXPORT_CHUNK = 2000;

type ExportColumn = XlsxColumn<StockRow>;

/** The stock table's columns as the export writes them, by the column keys the screen uses. */
const BUILT_IN: Record<string, ExportColumn> = {
  id: { header: 'ID', width: 10, kind: 'number', value: (row) => row.id },
  name: { header: 'Name', width: 40, kind: 'text', value: (row) => row.name },
  article: { header: 'Article', width: 16, kind: 'text', value: (row) => row.article },
  type: { header: 'Type', width: 10, kind: 'text', value: (row) => row.type },
  category: { header: 'Category', width: 20, kind: 'text', value: (row) => row.category_name },
  batch: { header: 'Batch', width: 14, kind: 'text', value: (row) => row.batch ?? (row.batches.map((batch) => batch.number).join(', ') || null) },
  warehouse: { header: 'Warehouse', width: 18, kind: 'text', value: (row) => row.warehouse_name ?? ([...new Set(row.batches.map((batch) => batch.warehouse_name))].join(', ') || null) },
  unit: { header: 'Unit', width: 8, kind: 'text', value: (row) => row.unit },
  count: { header: 'In stock', width: 12, kind: 'quantity', value: (row) => row.count },
  reserve: { header: 'In reserve', width: 12, kind: 'quantity', value: (row) => row.reserve },
  available: { header: 'Available', width: 12, kind: 'quantity', value: (row) => row.available },
  cost_price: { header: 'Cost price', width: 14, kind: 'money', value: (row) => row.cost_price },
  tags: { header: 'Tags', width: 20, kind: 'text', value: (row) => row.tags.join(', ') || null },
  created_at: { header: 'Created (UTC)', width: 20, kind: 'date', value: (row) => new Date(row.created_at) },
};

/** The default columns when the request names none: what the screen shows before any table setup. */
export const DEFAULT_EXPORT_COLUMNS = ['name', 'article', 'batch', 'warehouse', 'unit', 'count', 'reserve', 'available', 'cost_price'];

/** The workbook's columns: the requested keys that exist, in their order (unknown keys are skipped). */
export function exportColumns(keys: readonly string[], priceFields: readonly PriceColumn[]): ExportColumn[] {
  const prices = new Map(priceFields.map((field) => [`price:${field.code}`, field]));
  return keys.flatMap((key): ExportColumn[] => {
    const price = prices.get(key);
    if (price) return [{ header: price.name, width: 14, kind: 'money', value: (row) => row.prices[price.code] ?? null }];
    return BUILT_IN[key] ? [BUILT_IN[key]] : [];
  });
}

/** An export whose rows are chosen: how many products it holds, and its workbook, streamed when opened. */
export interface PreparedExport {
  count: number;
  open(onError: (error: unknown) => void): Promise<Readable>;
}

/**
 * product/stock-export: the stock table as it is shown (warehouse, filter, sort, visible columns; only the selected
 * products when ids are given), streamed while it is written. The products' ids are read first, in the table's
 * order; then the rows are read by those keys a chunk at a time, so no chunk costs more than the first and only one
 * is held. The first chunk is read before the stream is returned, so a failing query is still a proper error answer.
 */
export async function prepareStockExport(db: Db, accountId: number, request: StockExportRequest, chunk = STOCK_EXPORT_CHUNK): Promise<PreparedExport> {
  const scope = await stockScopeOf(db, accountId, request);
  const columns = exportColumns(request.columns?.length ? request.columns : DEFAULT_EXPORT_COLUMNS, scope.priceFields);
  const ids = await stockIds(db, scope, request.sort, request.ids);
  async function* pages() {
    for (let start = 0; start < ids.length; start += chunk) {
      const slice = ids.slice(start, start + chunk);
      yield await stockRows(db, scope, request.sort, slice.length, 0, slice);
    }
  }
  return { count: ids.length, open: (onError) => xlsxTable('Stock', columns, pages(), onError) };
}

export async function exportStock(db: Db, accountId: number, request: StockExportRequest, onError: (error: unknown) => void, chunk = STOCK_EXPORT_CHUNK): Promise<Readable> {
  return (await prepareStockExport(db, accountId, request, chunk)).open(onError);
}

export const STOCK_EXPORT_TASK = 'stock-export';

/** A stock export too big to answer at once (more than config.exportDirectRows products): its file is the task's result. */
export const stockExportTask = defineTask<{ request: StockExportRequest }>({
  type: STOCK_EXPORT_TASK,
  run: async ({ db, accountId, payload, signal }) => {
    let failure: unknown = null;
    const stream = await exportStock(db, accountId, payload.request, (error) => {
      failure = error;
    });
    const bytes = await workbookBytes(stream, signal);
    if (failure) throw failure;
    return { file: { name: stockExportFileName(), contentType: XLSX_TYPE, bytes } };
  },
});

/** The download name: stock-2025-01-31.xlsx. */
export const stockExportFileName = (now = new Date()) => `stock-${now.toISOString().slice(0, 10)}.xlsx`;
