import type { ImportCounts, ImportField, ImportSettings, WrongRow } from '../../../src/contract/import';
import { MAX_PRICE } from '../../../src/contract/common';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { badRequest } from '../../http/errors';
import { valueProblem } from '../fields/values';
import { thousandthsOf } from '../stock/api';
import { type Catalogue, type CatalogueProduct, pathKey } from './catalogue';
import { type CellValue, readCell } from './cells';
import type { SheetRow } from './sheet';

/**
 * What an import will do, worked out before anything is written (the dry run shows it; the run writes it): each
 * row read by its mapping, matched to a product by the duplicate comparison, and turned into a new product, changes
 * to an existing one, and the stock that arrives. Wrong rows are collected with the row, the column and the reason.
 */

export interface ActiveColumn {
  column: number;
  header: string;
  key: string;
  kind: ImportField['kind'];
}

/** A product as the plan leaves it: the stored one with the rows' changes, or a new one. */
export interface PlannedProduct {
  /** null: added by this import. */
  id: number | null;
  name: string;
  article: string;
  unit: string;
  type: 'product' | 'service';
  /** The category's path key ('' for none) and, for a path not yet in the tree, its levels as written. */
  category: string;
  tags: string[];
  values: Record<string, unknown>;
  changed: boolean;
}

export interface PlannedArrival {
  product: PlannedProduct;
  warehouseId: number;
  batch: string;
  thousandths: number;
  costPrice?: number;
}

export interface ImportPlan {
  counts: ImportCounts;
  wrong: WrongRow[];
  /** The file rows that are wrong (for the report). */
  wrongRows: SheetRow[];
  products: PlannedProduct[];
  arrivals: PlannedArrival[];
  /** Category paths to create, by key, with their levels as the file wrote them. */
  newCategories: Map<string, string[]>;
}

export const NAME_NOT_MAPPED = 'Choose the column that holds the product names: an import needs a name for every product.';
export const NO_WAREHOUSE = 'Choose the warehouse the quantities arrive in (the account has no main warehouse).';
export const fieldTwice = (name: string) => `“${name}” is chosen for two columns. Choose it for one column only.`;
export const EMPTY_NAME = 'The name is empty.';
export const NEGATIVE = 'A quantity cannot be negative.';
export const SERVICE_STOCK = 'A service has no stock: leave its quantities empty.';
export const lowerThanStock = (file: number, stock: number) =>
  `The file says ${file}, but ${stock} are in stock: an import only adds stock. Write off the difference on the stock screen.`;
const outOfRange = (min: number, max: number) => `Expected a number from ${min} to ${max}.`;

/** The columns that are imported: mapped, not excluded, each field once; refused (400) when they cannot work. */
export function activeColumns(settings: ImportSettings, fields: readonly ImportField[]): ActiveColumn[] {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const excluded = new Set(settings.excluded ?? []);
  const seen = new Set<string>();
  const columns: ActiveColumn[] = [];
  for (const entry of settings.mapping) {
    if (entry.field === null || excluded.has(entry.field)) continue;
    const field = byKey.get(entry.field);
    if (!field) throw badRequest(`There is no field ${entry.field} to import into.`);
    if (seen.has(field.key)) throw badRequest(fieldTwice(field.name));
    seen.add(field.key);
    columns.push({ column: entry.column, header: entry.header, key: field.key, kind: field.kind });
  }
  if (!seen.has('name')) throw badRequest(NAME_NOT_MAPPED);
  return columns;
}

interface RowValues {
  name?: string;
  article?: string;
  batch?: string;
  category?: string[];
  unit?: string;
  type?: 'product' | 'service';
  costPrice?: number;
  vat?: number;
  tags?: string[];
  prices: Map<string, number>;
  fields: Map<string, unknown>;
  /** Warehouse id → the balance the row asks for. */
  stock: Map<number, number>;
}

type RowRead = { values: RowValues; problems: WrongRow[] };

const TYPES: Record<string, 'product' | 'service'> = { product: 'product', service: 'service', товар: 'product', услуга: 'service' };

function readRow(row: SheetRow, columns: readonly ActiveColumn[], catalogue: Catalogue, quantityWarehouse: number | null): RowRead {
  const values: RowValues = { prices: new Map(), fields: new Map(), stock: new Map() };
  const problems: WrongRow[] = [];
  const wrong = (column: ActiveColumn, message: string) => problems.push({ row: row.number, column: column.header, message });
  for (const column of columns) {
    const read = readCell(row.cells[column.column] ?? null, column.kind);
    if ('problem' in read) {
      wrong(column, read.problem);
      continue;
    }
    const value: CellValue = read.value;
    if (value === undefined) continue;
    const number = typeof value === 'number' ? value : 0;
    const inRange = (min: number, max: number) => {
      if (number >= min && number <= max) return true;
      wrong(column, number < 0 && min === 0 && column.key !== 'vat' ? NEGATIVE : outOfRange(min, max));
      return false;
    };
    const [kind, code] = column.key.includes(':') ? (column.key.split(':') as [string, string]) : [column.key, ''];
    switch (kind) {
      case 'name':
      case 'article':
      case 'batch':
      case 'unit':
        values[kind] = String(value);
        break;
      case 'type': {
        const type = TYPES[String(value).toLowerCase()];
        if (type) values.type = type;
        else wrong(column, `“${value}” is not a type: write product or service.`);
        break;
      }
      case 'category':
        values.category = value as string[];
        break;
      case 'tags':
        values.tags = value as string[];
        break;
      case 'cost_price':
        if (inRange(0, MAX_PRICE)) values.costPrice = number;
        break;
      case 'vat':
        if (inRange(0, 100)) values.vat = number;
        break;
      case 'price':
        if (inRange(0, MAX_PRICE)) values.prices.set(code, number);
        break;
      case 'quantity':
        if (quantityWarehouse !== null && inRange(0, 1e12)) values.stock.set(quantityWarehouse, number);
        break;
      case 'stock':
        if (inRange(0, 1e12)) values.stock.set(Number(code), number);
        break;
      case 'field': {
        const type = catalogue.fieldTypes.get(code) ?? FieldType.string;
        const problem = valueProblem(type, value);
        if (problem) wrong(column, `${problem[0].toUpperCase()}${problem.slice(1)}.`);
        else values.fields.set(code, coerceFieldValue(type, value, { currency: defaultCurrency({ is_kommo: catalogue.isKommo }) }));
        break;
      }
    }
  }
  if (!problems.length && !values.name?.trim()) problems.push({ row: row.number, column: columns.find((column) => column.key === 'name')!.header, message: EMPTY_NAME });
  return { values, problems };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function keyOf(compare: ImportSettings['compare'], name: string, article: string, batch: string): string | null {
  const part = (text: string) => text.trim().toLowerCase();
  switch (compare) {
    case 'name':
      return part(name);
    case 'name_article':
      return `${part(name)}\u0000${part(article)}`;
    case 'name_article_batch':
      return `${part(name)}\u0000${part(article)}\u0000${part(batch)}`;
    default:
      return null;
  }
}

/** Applies a row's values to a planned product; answers whether anything changed. */
function applyValues(product: PlannedProduct, values: RowValues, catalogue: Catalogue, newCategories: Map<string, string[]>): boolean {
  let changed = false;
  const set = <K extends 'name' | 'article' | 'unit' | 'type'>(key: K, value: PlannedProduct[K] | undefined) => {
    if (value === undefined || product[key] === value) return;
    product[key] = value;
    changed = true;
  };
  set('name', values.name?.trim());
  set('article', values.article?.trim());
  set('unit', values.unit?.trim() || undefined);
  set('type', values.type);
  if (values.category) {
    const key = pathKey(values.category);
    if (key !== product.category) {
      product.category = key;
      changed = true;
      if (key && !catalogue.categoryByPath.has(key) && !newCategories.has(key)) newCategories.set(key, values.category);
    }
  }
  if (values.tags && !sameJson(values.tags, product.tags)) {
    product.tags = values.tags;
    changed = true;
  }
  const ctx = { currency: defaultCurrency({ is_kommo: catalogue.isKommo }) };
  for (const [code, cost] of values.prices) {
    const previous = isRecord(product.values[code]) ? product.values[code] : undefined;
    if (previous && previous.cost === cost) continue;
    product.values = { ...product.values, [code]: coerceFieldValue(FieldType.price, { ...previous, cost }, ctx) };
    changed = true;
  }
  if (values.vat !== undefined) {
    for (const [code, type] of catalogue.fieldTypes) {
      const previous = product.values[code];
      if (type !== FieldType.price || !isRecord(previous) || previous.nds === values.vat) continue;
      product.values = { ...product.values, [code]: coerceFieldValue(FieldType.price, { ...previous, nds: values.vat, is_nds: values.vat > 0 }, ctx) };
      changed = true;
    }
  }
  for (const [code, value] of values.fields) {
    if (sameJson(product.values[code], value)) continue;
    product.values = { ...product.values, [code]: value };
    changed = true;
  }
  return changed;
}

function planned(row: CatalogueProduct, catalogue: Catalogue): PlannedProduct {
  return {
    id: row.id,
    name: row.name,
    article: row.article,
    unit: row.unit,
    type: row.type === 'service' ? 'service' : 'product',
    category: row.categoryId === null ? '' : (catalogue.pathOfCategory.get(row.categoryId) ?? ''),
    tags: row.tags,
    values: row.values,
    changed: false,
  };
}

export interface PlanOptions {
  settings: ImportSettings;
  columns: readonly ActiveColumn[];
  /** Called every few thousand rows, so a long plan can report progress and be cancelled. */
  onRows?: (done: number) => Promise<void>;
}

export async function planImport(rows: readonly SheetRow[], catalogue: Catalogue, { settings, columns, onRows }: PlanOptions): Promise<ImportPlan> {
  const quantityWarehouse = columns.some((column) => column.key === 'quantity') ? (settings.warehouse_id ?? catalogue.mainWarehouseId) : null;
  if (columns.some((column) => column.key === 'quantity')) {
    if (quantityWarehouse === null) throw badRequest(NO_WAREHOUSE);
    if (!catalogue.warehouseIds.has(quantityWarehouse)) throw badRequest('No such warehouse');
  }
  const hasStock = columns.some((column) => column.key === 'quantity' || column.key.startsWith('stock:'));
  const counts: ImportCounts = { rows: rows.length, added: 0, updated: 0, unchanged: 0, skipped: 0, wrong: 0 };
  const wrong: WrongRow[] = [];
  const wrongRows: SheetRow[] = [];
  const products: PlannedProduct[] = [];
  const written = new Set<PlannedProduct>();
  const arrivals: PlannedArrival[] = [];
  const newCategories = new Map<string, string[]>();

  // Duplicate search: each comparison key → the product it names (stored, or added by an earlier row).
  const index = new Map<string, PlannedProduct>();
  const byId = new Map<number, PlannedProduct>();
  const batchNumbers = new Map<number, Set<string>>();
  for (const batch of catalogue.batches) {
    const numbers = batchNumbers.get(batch.productId) ?? new Set<string>();
    numbers.add(batch.number);
    batchNumbers.set(batch.productId, numbers);
  }
  for (const row of catalogue.products) {
    const product = planned(row, catalogue);
    byId.set(row.id, product);
    for (const number of new Set(['', ...(batchNumbers.get(row.id) ?? [])])) {
      const key = keyOf(settings.compare, row.name, row.article, number);
      if (key !== null && !index.has(key)) index.set(key, product);
    }
  }
  // The balances as the plan leaves them: product (stored id or new), warehouse, batch → thousandths.
  const balances = new Map<PlannedProduct, Map<string, number>>();
  for (const batch of catalogue.batches) {
    const product = byId.get(batch.productId);
    if (!product) continue;
    const map = balances.get(product) ?? new Map<string, number>();
    map.set(`${batch.warehouseId}\u0000${batch.number}`, batch.thousandths);
    balances.set(product, map);
  }

  for (const [done, row] of rows.entries()) {
    if (onRows && done > 0 && done % 5000 === 0) await onRows(done);
    const { values, problems } = readRow(row, columns, catalogue, quantityWarehouse);
    const refuse = (list: WrongRow[]) => {
      wrong.push(...list);
      wrongRows.push(row);
      counts.wrong += 1;
    };
    if (problems.length) {
      refuse(problems);
      continue;
    }
    if (settings.only_positive && hasStock && ![...values.stock.values()].some((count) => count > 0)) {
      counts.skipped += 1;
      continue;
    }
    const batch = values.batch?.trim() ?? '';
    const key = keyOf(settings.compare, values.name!, values.article ?? '', batch);
    const found = key === null ? undefined : index.get(key);
    if ((found && settings.mode === 'add') || (!found && settings.mode === 'update')) {
      counts.skipped += 1;
      continue;
    }
    const product: PlannedProduct = found ?? { id: null, name: '', article: '', unit: 'pcs', type: 'product', category: '', tags: [], values: {}, changed: true };
    // The row's changes are worked out on a copy, so a row refused for its stock changes nothing.
    const next = { ...product };
    const changed = applyValues(next, values, catalogue, newCategories);
    const rowArrivals: PlannedArrival[] = [];
    const stockProblems: WrongRow[] = [];
    const current = balances.get(product) ?? new Map<string, number>();
    for (const [warehouseId, count] of values.stock) {
      const header = columns.find((column) => column.key === `stock:${warehouseId}` || (column.key === 'quantity' && warehouseId === quantityWarehouse))!.header;
      if (next.type === 'service') {
        if (count > 0) stockProblems.push({ row: row.number, column: header, message: SERVICE_STOCK });
        continue;
      }
      const have = current.get(`${warehouseId}\u0000${batch}`) ?? 0;
      const want = thousandthsOf(count);
      if (want < have) stockProblems.push({ row: row.number, column: header, message: lowerThanStock(count, have / 1000) });
      else if (want > have) rowArrivals.push({ product, warehouseId, batch, thousandths: want - have, ...(values.costPrice !== undefined && { costPrice: values.costPrice }) });
    }
    if (stockProblems.length) {
      refuse(stockProblems);
      continue;
    }
    Object.assign(product, next, { changed: product.changed || changed });
    for (const arrival of rowArrivals) current.set(`${arrival.warehouseId}\u0000${batch}`, (current.get(`${arrival.warehouseId}\u0000${batch}`) ?? 0) + arrival.thousandths);
    balances.set(product, current);
    arrivals.push(...rowArrivals);
    if (!found) {
      products.push(product);
      written.add(product);
      if (key !== null) index.set(key, product);
      counts.added += 1;
    } else {
      if (changed && !written.has(product)) {
        products.push(product);
        written.add(product);
      }
      if (changed || rowArrivals.length) counts.updated += 1;
      else counts.unchanged += 1;
    }
  }
  return { counts, wrong, wrongRows, products, arrivals, newCategories };
}
