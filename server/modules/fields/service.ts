import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { FieldType as Code, coerceFlag, defaultCurrency, defaultFieldValue, normalizeOptions } from '../../../src/domain/fieldTypes';
import type { FieldAddRequest, FieldDefinition, FieldListQuery, FieldType, FieldUpdateRequest } from '../../../src/contract/catalogue';
import type { AccountRow } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { fields, products } from '../../db/schema';
import { categoryChain, lockCatalogue, requireCategory } from '../categories/service';
import { refuseRemovedOptionsInUse } from './usage';
import { refusal } from '../../http/refusal';

type FieldRow = typeof fields.$inferSelect;
type LeadConfig = FieldRow['leadConfig'];

/** The field types of spec 2 §3, with English names (the interface translates them). */
const TYPES: readonly Omit<FieldType, 'default'>[] = [
  { id: Code.integer, code: 'integer', name: 'Integer' },
  { id: Code.float, code: 'float', name: 'Float' },
  { id: Code.string, code: 'string', name: 'String' },
  { id: Code.text, code: 'text', name: 'Long text' },
  { id: Code.select, code: 'select', name: 'Single selector' },
  { id: Code.multiselect, code: 'multiselect', name: 'Multi selector' },
  { id: Code.date, code: 'date', name: 'Date' },
  { id: Code.datetime, code: 'datetime', name: 'Date and time' },
  { id: Code.flag, code: 'flag', name: 'Flag' },
  { id: Code.price, code: 'price', name: 'Price' },
  { id: Code.stock, code: 'stock', name: 'Stock' },
  { id: Code.images, code: 'images', name: 'Image carousel' },
];
/** Every field type code (spec 2 §3); product and order fields take them all, contacts and companies all but 15. */
export const FIELD_TYPE_CODES: ReadonlySet<number> = new Set(TYPES.map((type) => type.id));
/** The types with options (data); options sent for another type are ignored. */
export const SELECT_TYPES: ReadonlySet<number> = new Set<number>([Code.select, Code.multiselect]);

/** A new field is shown and editable on the staff card, hidden in public orders, unless told otherwise. */
export const DEFAULT_LEAD_CONFIG = { visible: 1, public_order_visible: 0, editable: 1 } as const;

/**
 * field/types: each type with the value a field of it has when none is given, from the shared
 * coercion rules (a price defaults to the account's currency: USD for Kommo accounts, else RUB).
 */
export function fieldTypes(account: Pick<AccountRow, 'isKommo'>): FieldType[] {
  const ctx = { currency: defaultCurrency({ is_kommo: account.isKommo }) };
  return TYPES.map((type) => ({ ...type, default: defaultFieldValue(type.id, ctx) }));
}

export function toField(row: FieldRow): FieldDefinition {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    category: row.categoryId,
    sort: row.sort,
    is_system: row.isSystem,
    is_virtual: row.isVirtual,
    component: row.component,
    config: { ...row.config, sort: row.sort },
    data: row.data,
    lead_config: row.leadConfig,
    created_at: row.createdAt.toISOString(),
  };
}

/** A code from a name: lower-case Latin letters, digits and underscores (Cyrillic is transliterated). */
export function codeFromName(name: string): string {
  const map: Record<string, string> = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya' };
  const latin = [...name.toLowerCase()].map((char) => map[char] ?? char).join('');
  const code = latin.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(code) ? code.slice(0, 50) : `field_${code}`.slice(0, 50);
}

/** A unique-index violation (PostgreSQL 23505), as thrown by pg or PGlite, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function nameOf(text: string): string {
  const name = text.trim();
  if (!name) throw refusal(400, 'fieldNameEmpty');
  return name;
}

/** Flags are stored as 0 or 1, whatever form they were written in. */
export function leadFlagsOf(input: LeadConfig): LeadConfig {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined).map(([key, value]) => [key, coerceFlag(value) ? 1 : 0]));
}

/**
 * Options of a selector (spec 2 §3): plain strings (their position is the value) or {name, value,
 * color?, optgroup?}. Names are trimmed and must not be blank; two options may not share a value,
 * or a chosen value could not tell them apart.
 */
export function fieldOptionsOf(data: unknown[]): unknown[] {
  const options = data.map((option) => {
    if (typeof option === 'string') {
      if (!option.trim()) throw refusal(400, 'optionNameEmpty');
      return option.trim();
    }
    const object = option as { name: string; value: string | number };
    if (!object.name.trim()) throw refusal(400, 'optionNameEmpty');
    if (typeof object.value === 'string' && !object.value.trim()) throw refusal(400, 'optionValueEmpty', { name: object.name.trim() });
    return { ...object, name: object.name.trim() };
  });
  const seen = new Set<string>();
  for (const option of normalizeOptions(options)) {
    const key = String(option.value);
    if (seen.has(key)) throw refusal(400, 'optionsSameValue', { value: key });
    seen.add(key);
  }
  return options;
}

/** The card position is kept in the sort column (field/update-sort), not in config. */
export function fieldConfigOf(config: Record<string, unknown>): Record<string, unknown> {
  const { sort: _position, ...rest } = config;
  return rest;
}

const notFoundField = () => refusal(404, 'noSuchField');

async function fieldOf(db: Db, accountId: number, id: number): Promise<FieldRow> {
  const [row] = await db.select().from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.id, id)));
  if (!row) throw notFoundField();
  return row;
}

/** field/list: all product fields, or those of one category (and its ancestors and the root with with_parents=1). */
export async function listFields(db: Db, accountId: number, query: FieldListQuery): Promise<FieldDefinition[]> {
  const own = and(eq(fields.accountId, accountId), eq(fields.entity, 'product'));
  let where = own;
  if (query.category_id !== undefined) {
    if (query.with_parents === 1) {
      const ids = await categoryChain(db, accountId, query.category_id);
      where = and(own, or(inArray(fields.categoryId, ids), isNull(fields.categoryId)));
    } else {
      await requireCategory(db, accountId, query.category_id);
      where = and(own, eq(fields.categoryId, query.category_id));
    }
  }
  const order = query.sort === 'created' ? [asc(fields.createdAt), asc(fields.id)] : [asc(fields.sort), asc(fields.id)];
  return (await db.select().from(fields).where(where).orderBy(...order)).map(toField);
}

const COMPONENTS: Record<number, string> = { 1: 'number', 2: 'decimal', 3: 'text', 4: 'textarea', 5: 'select', 6: 'multiselect', 7: 'date', 8: 'datetime', 9: 'checkbox', 11: 'price', 13: 'stock', 15: 'carousel' };

/**
 * The card component a type is edited with (the shell maps these to its controls). Every field list
 * (products, orders, contacts, companies) uses it: a card shows only fields with a component.
 */
export function defaultComponent(type: number): string {
  return COMPONENTS[type] ?? 'text';
}

/**
 * field/add. The code is the given one or one made from the name; a taken code is refused (409).
 * The new field goes last; its card flags are the defaults overridden by those given.
 */
export async function addField(db: Db, accountId: number, body: FieldAddRequest): Promise<FieldDefinition> {
  if (!FIELD_TYPE_CODES.has(body.type)) throw refusal(400, 'unknownFieldType', { type: body.type });
  const name = nameOf(body.name);
  const data = SELECT_TYPES.has(body.type) ? fieldOptionsOf(body.data ?? []) : [];
  const leadConfig = leadFlagsOf({ ...DEFAULT_LEAD_CONFIG, ...body.lead_config });
  try {
    const row = await db.transaction(async (tx) => {
      await lockCatalogue(tx, accountId);
      await requireCategory(tx, accountId, body.category_id);
      const code = body.code ?? (await freeCode(tx, accountId, codeFromName(name)));
      const [taken] = await tx.select({ id: fields.id }).from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.code, code)));
      if (taken) throw refusal(409, 'fieldCodeTaken', { code });
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${fields.sort}), -1) + 1` })
        .from(fields)
        .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product')));
      const [inserted] = await tx
        .insert(fields)
        .values({
          accountId,
          code,
          name,
          type: body.type,
          categoryId: body.category_id ?? null,
          sort: Number(next),
          component: body.component ?? defaultComponent(body.type),
          config: fieldConfigOf(body.config ?? {}),
          data,
          leadConfig,
        })
        .returning();
      return inserted;
    });
    return toField(row);
  } catch (error) {
    // Another request took the code between our check and our insert.
    if (isUniqueViolation(error)) throw refusal(409, 'fieldCodeTaken', { code: body.code ?? codeFromName(name) });
    throw error;
  }
}

/**
 * A name with no Latin or Cyrillic letters or digits (say, only Chinese or emoji) gives the bare
 * code 'field_'; such fields are numbered (field_2, field_3…) instead of all but the first being refused.
 */
async function freeCode(db: Db, accountId: number, code: string): Promise<string> {
  if (code !== 'field_') return code;
  const rows = await db
    .select({ code: fields.code })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), sql`${fields.code} like 'field\\_%'`));
  const taken = new Set(rows.map((row) => row.code));
  let number = 1;
  while (taken.has(`field_${number}`)) number += 1;
  return `field_${number}`;
}

export async function updateField(db: Db, accountId: number, body: FieldUpdateRequest): Promise<FieldDefinition> {
  const current = await fieldOf(db, accountId, body.id);
  if (current.isSystem && (body.category_id !== undefined || body.data !== undefined)) throw refusal(422, 'systemFieldRenameOnly');
  const changes = {
    ...(body.name !== undefined && { name: nameOf(body.name) }),
    ...(body.component !== undefined && { component: body.component }),
    ...(body.config !== undefined && { config: fieldConfigOf(body.config) }),
    // Only selectors have options; options sent for another type are ignored, as on add.
    ...(body.data !== undefined && SELECT_TYPES.has(current.type) && { data: fieldOptionsOf(body.data) }),
    ...(body.lead_config !== undefined && { leadConfig: leadFlagsOf({ ...current.leadConfig, ...body.lead_config }) }),
  };
  if (!Object.keys(changes).length && body.category_id === undefined) return toField(current);
  const row = await db.transaction(async (tx) => {
    if (changes.data) await refuseRemovedOptionsInUse(tx, accountId, 'product', current, changes.data);
    if (body.category_id !== undefined) {
      // The category must still exist when the field is moved into it (a concurrent category/delete waits).
      await lockCatalogue(tx, accountId);
      await requireCategory(tx, accountId, body.category_id);
    }
    const [updated] = await tx
      .update(fields)
      .set({ ...changes, ...(body.category_id !== undefined && { categoryId: body.category_id }) })
      .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.id, body.id)))
      .returning();
    return updated;
  });
  if (!row) throw notFoundField();
  return toField(row);
}

/**
 * field/delete: the field and its values in the account's products go together, so a field added
 * later with the same code (perhaps of another type) never inherits stale values.
 */
export async function deleteField(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  const current = await fieldOf(db, accountId, id);
  if (current.isSystem) throw refusal(422, 'systemFieldKept');
  await db.transaction(async (tx) => {
    await tx.delete(fields).where(and(eq(fields.accountId, accountId), eq(fields.id, id)));
    await tx
      .update(products)
      .set({ values: sql`${products.values} - ${current.code}::text` })
      .where(and(eq(products.accountId, accountId), sql`${products.values} ? ${current.code}::text`));
  });
  return { success: true };
}

/**
 * field/update-sort: the given fields take the places they held among all the account's fields, in
 * the given order; the others keep theirs. Positions are then renumbered 0, 1, 2… so that a
 * reordered subset (one category's fields) never ties with the rest.
 */
export async function sortFields(db: Db, accountId: number, ids: number[]): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx, accountId);
    await renumberFields(tx, accountId, 'product', ids);
  });
  return { success: true };
}

/** The update-sort rule for one entity's fields; call holding the lock that serialises the entity's field changes. */
export async function renumberFields(tx: Db, accountId: number, entity: FieldRow['entity'], ids: number[]): Promise<void> {
  const all = await tx
    .select({ id: fields.id, sort: fields.sort })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, entity)))
    .orderBy(asc(fields.sort), asc(fields.id));
  const known = new Set(all.map((row) => row.id));
  if (ids.some((id) => !known.has(id))) throw refusal(400, 'noSuchFields');
  const moved = new Set(ids);
  const queue = [...ids];
  const order = all.map((row) => (moved.has(row.id) ? queue.shift()! : row.id));
  for (const [position, id] of order.entries()) {
    if (all[position].id === id && all[position].sort === position) continue;
    await tx.update(fields).set({ sort: position }).where(and(eq(fields.accountId, accountId), eq(fields.id, id)));
  }
}
