import type { ImportCounts, ImportField, ImportSettings, WrongRow } from '../../../src/contract/import';
import { MAX_PRICE } from '../../../src/contract/common';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { valueProblem } from '../fields/values';
import { thousandthsOf } from '../stock/api';
import { type Catalogue, type CatalogueBatch, type CatalogueProduct, pathKey } from './catalogue';
import { type CellValue, readCell } from './cells';
import { importRefusal, importText, type Problem, wrongRow } from './messages';
import { balanceKey, type ProductRecord, ProductRecords } from './productRecords';
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

/** What a slice of the file adds to the catalogue, written before the next slice is read (the run streams the file). */
export interface PlanChunk {
  /** Products first seen in this slice, in row order (a later row's changes to one are already in it). */
  added: PlannedProduct[];
  /** Products that exist (stored, or written by an earlier slice) and were changed by this slice's rows. */
  changed: PlannedProduct[];
  arrivals: PlannedArrival[];
  /** Category paths this slice names that are not in the tree yet, by key, with their levels as the file wrote them. */
  newCategories: Map<string, string[]>;
}

export const NAME_NOT_MAPPED = importText('importNameNotMapped');
export const NO_WAREHOUSE = importText('importNoWarehouse');
export const fieldTwice = (name: string) => importText('importFieldTwice', { name });
export const EMPTY_NAME = importText('importEmptyName');
export const NEGATIVE = importText('importNegative');
export const SERVICE_STOCK = importText('importServiceStock');
export const lowerThanStock = (file: number, stock: number) => importText('importLowerThanStock', { file, stock });

/** The columns that are imported: mapped, not excluded, each field once; refused (400) when they cannot work. */
export function activeColumns(settings: ImportSettings, fields: readonly ImportField[]): ActiveColumn[] {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const excluded = new Set(settings.excluded ?? []);
  const seen = new Set<string>();
  const columns: ActiveColumn[] = [];
  for (const entry of settings.mapping) {
    if (entry.field === null || excluded.has(entry.field)) continue;
    const field = byKey.get(entry.field);
    if (!field) throw importRefusal('importNoSuchField', { field: entry.field });
    if (seen.has(field.key)) throw importRefusal('importFieldTwice', { name: field.name });
    seen.add(field.key);
    columns.push({ column: entry.column, header: entry.header, key: field.key, kind: field.kind });
  }
  if (!seen.has('name')) throw importRefusal('importNameNotMapped');
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
  const wrong = (column: ActiveColumn, problem: Problem) => problems.push(wrongRow(row.number, column.header, problem));
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
      wrong(column, number < 0 && min === 0 && column.key !== 'vat' ? { code: 'importNegative' } : { code: 'importOutOfRange', params: { min, max } });
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
        else wrong(column, { code: 'importNotAType', params: { value: String(value) } });
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
        // The cell was read as the field's kind above; what is left is a value the field's own rule refuses.
        if (valueProblem(type, value)) wrong(column, { code: 'importFieldValueWrong' });
        else values.fields.set(code, coerceFieldValue(type, value, { currency: defaultCurrency({ is_kommo: catalogue.isKommo }) }));
        break;
      }
    }
  }
  if (!problems.length && !values.name?.trim()) problems.push(wrongRow(row.number, columns.find((column) => column.key === 'name')!.header, { code: 'importEmptyName' }));
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
function applyValues(product: PlannedProduct, values: RowValues, catalogue: Catalogue, known: ReadonlyMap<string, string[]>, found: Map<string, string[]>): boolean {
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
      if (key && !catalogue.categoryByPath.has(key) && !known.has(key)) found.set(key, values.category);
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
}

/**
 * The plan, a row at a time, so the file is never held: counts and wrong rows for the whole file, and what to write
 * handed over slice by slice (take). Only the duplicate index, the balances it compares against and each product as
 * a compact record are kept for the whole run — a later row may match a product an earlier row added or changed —
 * so a 100,000-row import does not hold 100,000 planned products.
 */
export class ImportPlanner {
  readonly counts: ImportCounts = { rows: 0, added: 0, updated: 0, unchanged: 0, skipped: 0, wrong: 0 };
  readonly wrong: WrongRow[] = [];
  /** The file rows that are wrong (for the report). */
  readonly wrongRows: SheetRow[] = [];
  private readonly settings: ImportSettings;
  private readonly columns: readonly ActiveColumn[];
  private readonly catalogue: Catalogue;
  private readonly quantityWarehouse: number | null;
  private readonly hasStock: boolean;
  /** Every product seen (stored, or added by an earlier row), compactly: see ProductRecords. */
  private readonly products = new ProductRecords<PlannedProduct>();
  /** Duplicate search: each comparison key → the handle of the product it names. */
  private readonly index = new Map<string, number>();
  private readonly newCategories = new Map<string, string[]>();
  private pending: PlanChunk = { added: [], changed: [], arrivals: [], newCategories: new Map() };
  private pendingAdded = new Set<PlannedProduct>();
  private pendingChanged = new Set<PlannedProduct>();

  constructor(catalogue: Catalogue, { settings, columns }: PlanOptions) {
    this.settings = settings;
    this.columns = columns;
    this.catalogue = catalogue;
    const quantity = columns.some((column) => column.key === 'quantity');
    this.quantityWarehouse = quantity ? (settings.warehouse_id ?? catalogue.mainWarehouseId) : null;
    if (quantity) {
      if (this.quantityWarehouse === null) throw importRefusal('importNoWarehouse');
      if (!catalogue.warehouseIds.has(this.quantityWarehouse)) throw importRefusal('importNoSuchWarehouse');
    }
    this.hasStock = columns.some((column) => column.key === 'quantity' || column.key.startsWith('stock:'));
    const batchesOf = new Map<number, CatalogueBatch[]>();
    for (const batch of catalogue.batches) {
      const list = batchesOf.get(batch.productId) ?? [];
      list.push(batch);
      batchesOf.set(batch.productId, list);
    }
    for (const row of catalogue.products) {
      const stocked = batchesOf.get(row.id) ?? [];
      const balances = new Map(stocked.map((batch) => [balanceKey(batch.warehouseId, batch.number), batch.thousandths]));
      const handle = this.products.add({ product: planned(row, catalogue), balances }, false);
      for (const number of new Set(['', ...stocked.map((batch) => batch.number)])) {
        const key = keyOf(settings.compare, row.name, row.article, number);
        if (key !== null && !this.index.has(key)) this.index.set(key, handle);
      }
    }
    // From here on the stored products are held only as the planner's compact records.
    catalogue.products = [];
    catalogue.batches = [];
  }

  /** Plans one data row of the file, in file order. */
  add(row: SheetRow): void {
    const { settings, columns, catalogue, counts, quantityWarehouse } = this;
    counts.rows += 1;
    const { values, problems } = readRow(row, columns, catalogue, quantityWarehouse);
    const refuse = (list: WrongRow[]) => {
      this.wrong.push(...list);
      this.wrongRows.push(row);
      counts.wrong += 1;
    };
    if (problems.length) {
      refuse(problems);
      return;
    }
    if (settings.only_positive && this.hasStock && ![...values.stock.values()].some((count) => count > 0)) {
      counts.skipped += 1;
      return;
    }
    const batch = values.batch?.trim() ?? '';
    const key = keyOf(settings.compare, values.name!, values.article ?? '', batch);
    const handle = key === null ? undefined : this.index.get(key);
    const found = handle !== undefined;
    if ((found && settings.mode === 'add') || (!found && settings.mode === 'update')) {
      counts.skipped += 1;
      return;
    }
    const record: ProductRecord<PlannedProduct> = found
      ? this.products.get(handle)
      : { product: { id: null, name: '', article: '', unit: 'pcs', type: 'product', category: '', tags: [], values: {}, changed: true }, balances: new Map() };
    const { product, balances } = record;
    // The row's changes are worked out on a copy, so a row refused for its stock changes nothing.
    const next = { ...product };
    const categories = new Map<string, string[]>();
    const changed = applyValues(next, values, catalogue, this.newCategories, categories);
    const rowArrivals: PlannedArrival[] = [];
    const stockProblems: WrongRow[] = [];
    for (const [warehouseId, count] of values.stock) {
      const header = columns.find((column) => column.key === `stock:${warehouseId}` || (column.key === 'quantity' && warehouseId === quantityWarehouse))!.header;
      if (next.type === 'service') {
        if (count > 0) stockProblems.push(wrongRow(row.number, header, { code: 'importServiceStock' }));
        continue;
      }
      const stocked = balances.get(balanceKey(warehouseId, batch)) ?? 0;
      const want = thousandthsOf(count);
      if (want < stocked) stockProblems.push(wrongRow(row.number, header, { code: 'importLowerThanStock', params: { file: count, stock: stocked / 1000 } }));
      else if (want > stocked) rowArrivals.push({ product, warehouseId, batch, thousandths: want - stocked, ...(values.costPrice !== undefined && { costPrice: values.costPrice }) });
    }
    if (stockProblems.length) {
      refuse(stockProblems);
      return;
    }
    for (const [path, levels] of categories) {
      this.newCategories.set(path, levels);
      this.pending.newCategories.set(path, levels);
    }
    Object.assign(product, next, { changed: product.changed || changed });
    for (const arrival of rowArrivals) balances.set(balanceKey(arrival.warehouseId, batch), (balances.get(balanceKey(arrival.warehouseId, batch)) ?? 0) + arrival.thousandths);
    this.pending.arrivals.push(...rowArrivals);
    if (!found) {
      this.pending.added.push(product);
      this.pendingAdded.add(product);
      // A product no comparison key names is never matched again: it is not kept past its slice.
      if (key !== null) this.index.set(key, this.products.add(record, true));
      counts.added += 1;
    } else {
      // A product added by this slice is inserted with its latest values; any other is updated once per slice.
      if (changed && !this.pendingAdded.has(product) && !this.pendingChanged.has(product)) {
        this.pending.changed.push(product);
        this.pendingChanged.add(product);
      }
      if (changed || rowArrivals.length) counts.updated += 1;
      else counts.unchanged += 1;
    }
  }

  /** The comparison key of a row, read as add reads it (a row whose cells cannot be read is refused there anyway). */
  private rowKey(row: SheetRow): string | null {
    const text = (key: string) => {
      const column = this.columns.find((entry) => entry.key === key);
      const read = column ? readCell(row.cells[column.column] ?? null, column.kind) : null;
      return read && 'value' in read && read.value !== undefined ? String(read.value) : '';
    };
    return keyOf(this.settings.compare, text('name'), text('article'), text('batch').trim());
  }

  /**
   * Before a slice of rows is planned: the products they match that the run has written and keeps only as ids are
   * read back from the database (in the run's transaction), in one call for the slice.
   */
  async recall(rows: readonly SheetRow[], load: (ids: number[]) => Promise<{ products: CatalogueProduct[]; batches: CatalogueBatch[] }>): Promise<void> {
    const handles = new Set<number>();
    for (const row of rows) {
      const key = this.rowKey(row);
      const handle = key === null ? undefined : this.index.get(key);
      if (handle !== undefined) handles.add(handle);
    }
    const written = this.products.written(handles);
    if (!written.size) return;
    const read = await load([...written.values()].map((entry) => entry.id));
    const byId = new Map(read.products.map((row) => [row.id, row]));
    const balancesOf = new Map<number, Map<string, number>>();
    for (const batch of read.batches) {
      const balances = balancesOf.get(batch.productId) ?? new Map<string, number>();
      balances.set(balanceKey(batch.warehouseId, batch.number), batch.thousandths);
      balancesOf.set(batch.productId, balances);
    }
    for (const [handle, { id, category }] of written) {
      const row = byId.get(id);
      if (!row) throw new Error(`Product ${id} written by this import is gone`);
      this.products.recall(handle, { product: { ...planned(row, this.catalogue), category }, balances: balancesOf.get(id) ?? new Map() });
    }
  }

  /** The run wrote the slice last taken: from the next take on its products are kept as their ids alone. */
  written(): void {
    this.products.wroteTaken();
  }

  /** What the rows planned since the last take add to the catalogue; the planner forgets it. */
  take(): PlanChunk {
    const chunk = this.pending;
    this.pending = { added: [], changed: [], arrivals: [], newCategories: new Map() };
    this.pendingAdded = new Set();
    this.pendingChanged = new Set();
    this.products.take();
    return chunk;
  }
}
