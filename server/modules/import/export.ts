import { and, eq, inArray } from 'drizzle-orm';

import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { StockExportRequest, StockRow } from '../../../src/contract/stockList';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import { categories, fields as fieldsTable, products } from '../../db/schema';
import { XLSX_TYPE } from '../../http/downloads';
import { workbookBytes } from '../../http/xlsxTable';
import type { PreparedExport } from '../products/stockExport';
import { defineTask } from '../tasks/api';
import { stockIds, stockRows, stockScopeOf } from '../products/stockList';
import { importTargetsOf } from './fields';

/**
 * product/export/xlsx (issue 14 §4): the catalogue in the import's own columns, so the file re-imports with no change
 * (add and update by name, article and batch). The stock list's query chooses and orders the products (warehouse,
 * filter, sort, selection); each product is one row per batch number, with its balance under each warehouse's
 * column, or one row when it has no stock. Text cells are written as text, so '=1+1' is never a formula.
 */

const CHUNK = 2000;
type Cell = string | number | null;

interface ExportColumn {
  key: string;
  header: string;
  numFmt: string;
  value: (product: ExportProduct, batch: ExportBatch) => Cell;
}

interface ExportProduct {
  row: StockRow;
  values: Record<string, unknown>;
  category: string;
}

interface ExportBatch {
  number: string;
  costPrice: number | null;
  counts: Map<number, number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const priceOf = (value: unknown): number | null => (isRecord(value) && typeof value.cost === 'number' ? value.cost : null);
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds, to remove them (XML cannot hold them).
const text = (value: string): string => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

async function columnsOf(db: Db, accountId: number, keys: readonly string[] | undefined): Promise<{ columns: ExportColumn[]; prices: string[] }> {
  const { fields } = await importTargetsOf(db, accountId);
  const fieldTypes = await fieldTypesOf(db, accountId);
  const prices = fields.filter((field) => field.key.startsWith('price:')).map((field) => field.key.slice(6));
  const column = (key: string, header: string, numFmt: string, value: ExportColumn['value']): ExportColumn => ({ key, header, numFmt, value });
  const all: ExportColumn[] = fields.flatMap((field): ExportColumn[] => {
    const [kind, code] = field.key.includes(':') ? field.key.split(':') : [field.key, ''];
    switch (kind) {
      case 'name':
        return [column(field.key, field.name, '@', ({ row }) => text(row.name))];
      case 'article':
        return [column(field.key, field.name, '@', ({ row }) => text(row.article))];
      case 'batch':
        return [column(field.key, field.name, '@', (_, batch) => text(batch.number))];
      case 'category':
        return [column(field.key, field.name, '@', ({ category }) => category || null)];
      case 'unit':
        return [column(field.key, field.name, '@', ({ row }) => text(row.unit))];
      case 'type':
        return [column(field.key, field.name, '@', ({ row }) => row.type)];
      case 'cost_price':
        return [column(field.key, field.name, '#,##0.00', (_, batch) => batch.costPrice)];
      case 'vat':
        return [column(field.key, field.name, '0.##', ({ values }) => (prices.map((price) => values[price]).find(isRecord)?.nds as number | undefined) ?? null)];
      case 'tags':
        return [column(field.key, field.name, '@', ({ row }) => text(row.tags.join(', ')) || null)];
      case 'price':
        return [column(field.key, field.name, '#,##0.00', ({ values }) => priceOf(values[code]))];
      case 'stock':
        return [column(field.key, `Stock: ${field.name}`, '#,##0.###', (_, batch) => batch.counts.get(Number(code)) ?? null)];
      case 'field': {
        const type = fieldTypes.get(code);
        const numeric = type === FieldType.integer || type === FieldType.float;
        return [
          column(field.key, field.name, numeric ? '0.########' : '@', ({ values }) => {
            const value = values[code];
            if (value === null || value === undefined || value === '') return null;
            if (Array.isArray(value)) return text(value.join(', ')) || null;
            if (typeof value === 'boolean') return value ? 'yes' : 'no';
            if (numeric && typeof value === 'number') return value;
            return text(String(value));
          }),
        ];
      }
      default:
        return [];
    }
  });
  // 'quantity' is the import's column for one chosen warehouse; the export names each warehouse instead.
  const usable = all.filter((entry) => entry.key !== 'quantity');
  if (!keys?.length) return { columns: usable, prices };
  const byKey = new Map(usable.map((entry) => [entry.key, entry]));
  const wanted = keys.flatMap((key) => (key === 'stock' ? usable.filter((entry) => entry.key.startsWith('stock:')) : byKey.has(key) ? [byKey.get(key)!] : []));
  // Name is always there: without it the file cannot come back.
  return { columns: wanted.some((entry) => entry.key === 'name') ? wanted : [byKey.get('name')!, ...wanted], prices };
}

function batchesOf(row: StockRow): ExportBatch[] {
  const byNumber = new Map<string, ExportBatch>();
  for (const batch of row.batches) {
    const entry = byNumber.get(batch.number) ?? { number: batch.number, costPrice: batch.cost_price, counts: new Map<number, number>() };
    entry.counts.set(batch.warehouse_id, (entry.counts.get(batch.warehouse_id) ?? 0) + batch.count);
    byNumber.set(batch.number, entry);
  }
  return byNumber.size ? [...byNumber.values()] : [{ number: '', costPrice: null, counts: new Map() }];
}

async function readerKeepsUp(output: PassThrough): Promise<boolean> {
  while (output.writableNeedDrain && !output.destroyed) await Promise.race([once(output, 'drain'), once(output, 'close')]);
  return !output.destroyed;
}

/** The custom fields' types by code (the catalogue itself is not read: the export reads its products by key). */
async function fieldTypesOf(db: Db, accountId: number): Promise<Map<string, number>> {
  const rows = await db.select({ code: fieldsTable.code, type: fieldsTable.type }).from(fieldsTable).where(and(eq(fieldsTable.accountId, accountId), eq(fieldsTable.entity, 'product')));
  return new Map(rows.map((row) => [row.code, row.type]));
}

/**
 * The products' ids are read first in the list's order (by id unless a sort is given), then the rows by those keys a
 * chunk at a time: no chunk costs more than the first, and only one is held while the workbook streams.
 */
export async function prepareProductExport(db: Db, accountId: number, request: StockExportRequest): Promise<PreparedExport> {
  const scope = await stockScopeOf(db, accountId, request);
  const sort = request.sort ?? { field: 'id' };
  const ids = await stockIds(db, scope, sort, request.ids);
  const { columns } = await columnsOf(db, accountId, request.columns);
  const categoryNames = await categoryPaths(db, accountId);
  const read = async (start: number): Promise<ExportProduct[]> => {
    const slice = ids.slice(start, start + CHUNK);
    if (!slice.length) return [];
    const rows = await stockRows(db, scope, sort, slice.length, 0, slice);
    const stored = await db
      .select({ id: products.id, values: products.values, categoryId: products.categoryId })
      .from(products)
      .where(and(eq(products.accountId, accountId), inArray(products.id, slice)));
    const byId = new Map(stored.map((entry) => [entry.id, entry]));
    return rows.map((row) => {
      const categoryId = byId.get(row.id)?.categoryId ?? null;
      return { row, values: byId.get(row.id)?.values ?? {}, category: categoryId === null ? '' : (categoryNames.get(categoryId) ?? '') };
    });
  };
  const open = async (onError: (error: unknown) => void): Promise<Readable> => {
    const first = await read(0);
    const { default: ExcelJS } = await import('exceljs');
    const output = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: true });
    workbook.creator = 'Stockroom';
    const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((entry, index) => ({ key: String(index), width: Math.max(10, Math.min(40, entry.header.length + 4)) }));
    const styles = columns.map((entry) => Object.freeze({ numFmt: entry.numFmt }));
    const header = Object.freeze({ numFmt: '@', font: { bold: true } });
    const write = async () => {
      const head = sheet.addRow(columns.map((entry) => entry.header));
      head.eachCell((cell) => {
        cell.style = header;
      });
      head.commit();
      let rows = first;
      for (let start = 0; rows.length > 0; ) {
        for (const product of rows) {
          for (const batch of batchesOf(product.row)) {
            const line = sheet.addRow(columns.map((entry) => entry.value(product, batch)));
            line.eachCell({ includeEmpty: true }, (cell, number) => {
              cell.style = styles[number - 1];
            });
            line.commit();
          }
        }
        if (!(await readerKeepsUp(output))) return;
        start += CHUNK;
        rows = await read(start);
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: unknown) => {
      onError(error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return output;
  };
  return { count: ids.length, open };
}

export async function exportProducts(db: Db, accountId: number, request: StockExportRequest, onError: (error: unknown) => void): Promise<Readable> {
  return (await prepareProductExport(db, accountId, request)).open(onError);
}

export const PRODUCT_EXPORT_TASK = 'product-export';

/** A product export too big to answer at once (more than config.exportDirectRows products): its file is the task's result. */
export const productExportTask = defineTask<{ request: StockExportRequest }>({
  type: PRODUCT_EXPORT_TASK,
  run: async ({ db, accountId, payload, signal }) => {
    let failure: unknown = null;
    const stream = await exportProducts(db, accountId, payload.request, (error) => {
      failure = error;
    });
    const bytes = await workbookBytes(stream, signal);
    if (failure) throw failure;
    return { file: { name: productExportFileName(), contentType: XLSX_TYPE, bytes } };
  },
});

/** Each category's path as the import reads it back, with the names as written: 'Tools / Hand tools'. */
async function categoryPaths(db: Db, accountId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories).where(eq(categories.accountId, accountId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const names = new Map<number, string>();
  for (const row of rows) {
    const levels: string[] = [];
    for (let current: typeof row | undefined = row; current && levels.length <= rows.length; current = current.parentId === null ? undefined : byId.get(current.parentId)) levels.unshift(current.name);
    names.set(row.id, levels.join(' / '));
  }
  return names;
}

export const productExportFileName = (now = new Date()) => `products-${now.toISOString().slice(0, 10)}.xlsx`;
