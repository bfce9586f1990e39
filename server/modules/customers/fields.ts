import { and, asc, eq, sql } from 'drizzle-orm';
import type { FieldDefinition, FieldType } from '../../../src/contract/catalogue';
import type { CustomerFieldAddRequest, CustomerFieldListQuery, CustomerFieldUpdateRequest } from '../../../src/contract/customers';
import { coerceFlag, FieldType as Code, normalizeOptions } from '../../../src/domain/fieldTypes';
import type { AccountRow } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { companies, contacts, fields } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { codeFromName, DEFAULT_LEAD_CONFIG, fieldTypes, toField } from '../fields/service';
import type { CustomerKind } from './validation';

type LeadConfig = (typeof fields.$inferSelect)['leadConfig'];

/** Image carousels belong to order and widget field lists only (spec 2 §3), never to contacts or companies. */
const CUSTOMER_TYPES = new Set<number>([Code.integer, Code.float, Code.string, Code.text, Code.select, Code.multiselect, Code.date, Code.datetime, Code.flag, Code.price, Code.stock]);
const SELECT_TYPES = new Set<number>([Code.select, Code.multiselect]);

/** company/field/types (contacts use it too, spec 2 §7): the field types without the image carousel. */
export function customerFieldTypes(account: Pick<AccountRow, 'isKommo'>): FieldType[] {
  return fieldTypes(account).filter((type) => CUSTOMER_TYPES.has(type.id));
}

/** The advisory-lock namespace of an account's customer field definitions (ASCII 'cfld'). */
const FIELDS_LOCK = 0x63666c64;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function nameOf(text: string): string {
  const name = text.trim();
  if (!name) throw badRequest('Empty field', { fields: { name: 'Empty field' } });
  return name;
}

function flagsOf(input: LeadConfig): LeadConfig {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined).map(([key, value]) => [key, coerceFlag(value) ? 1 : 0]));
}

/** Selector options: names trimmed and not blank, no two with the same value (as for product fields). */
function optionsOf(data: unknown[]): unknown[] {
  const options = data.map((option) => {
    if (typeof option === 'string') {
      if (!option.trim()) throw badRequest('An option name must not be empty');
      return option.trim();
    }
    const object = option as { name: string; value: string | number };
    if (!object.name.trim()) throw badRequest('An option name must not be empty');
    if (typeof object.value === 'string' && !object.value.trim()) throw badRequest(`The option ${object.name.trim()} has an empty value`);
    return { ...object, name: object.name.trim() };
  });
  const seen = new Set<string>();
  for (const option of normalizeOptions(options)) {
    const key = String(option.value);
    if (seen.has(key)) throw badRequest(`Two options have the same value ${key}`);
    seen.add(key);
  }
  return options;
}

function configOf(config: Record<string, unknown>): Record<string, unknown> {
  const { sort: _position, ...rest } = config;
  return rest;
}

const noSuchField = () => notFound('No such field');

/**
 * The card component a type is edited with, as product fields get it (server/modules/fields/service.ts,
 * where it is not exported): a card shows only fields with a component, so a new field without one would stay hidden.
 */
const COMPONENTS: Record<number, string> = { 1: 'number', 2: 'decimal', 3: 'text', 4: 'textarea', 5: 'select', 6: 'multiselect', 7: 'date', 8: 'datetime', 9: 'checkbox', 11: 'price', 13: 'stock' };

/** contact/field/list, company/field/list: the kind's fields by position (or by creation with sort=created). */
export async function listCustomerFields(db: Db, accountId: number, kind: CustomerKind, query: CustomerFieldListQuery): Promise<FieldDefinition[]> {
  const order = query.sort === 'created' ? [asc(fields.createdAt), asc(fields.id)] : [asc(fields.sort), asc(fields.id)];
  const rows = await db
    .select()
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, kind)))
    .orderBy(...order);
  return rows.map(toField);
}

/**
 * contact/field/add, company/field/add: the code is the given one or one made from the name; a taken
 * code is refused with 409. The refusal is an `{ error }` answer the client hands back to the caller
 * (spec 2 §7: a field-add error returns the error object).
 */
export async function addCustomerField(db: Db, accountId: number, kind: CustomerKind, body: CustomerFieldAddRequest): Promise<FieldDefinition> {
  if (body.type === Code.images) throw badRequest('Image fields are not available for contacts and companies');
  if (!CUSTOMER_TYPES.has(body.type)) throw badRequest(`Unknown field type ${body.type}`);
  const name = nameOf(body.name);
  const data = SELECT_TYPES.has(body.type) ? optionsOf(body.data ?? []) : [];
  const leadConfig = flagsOf({ ...DEFAULT_LEAD_CONFIG, ...body.lead_config });
  const base = body.code ?? codeFromName(name);
  try {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIELDS_LOCK}::int4, ${accountId}::int4)`);
      const own = and(eq(fields.accountId, accountId), eq(fields.entity, kind));
      const taken = new Set((await tx.select({ code: fields.code }).from(fields).where(own)).map((item) => item.code));
      // A name without Latin or Cyrillic letters gives the bare 'field_': such codes are numbered instead of refused.
      let code = base;
      if (!body.code && code === 'field_') for (let n = 1; taken.has((code = `field_${n}`)); n += 1);
      if (taken.has(code)) throw conflict(`A field with the code ${code} already exists`);
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${fields.sort}), -1) + 1` }).from(fields).where(own);
      const [inserted] = await tx
        .insert(fields)
        .values({ accountId, entity: kind, code, name, type: body.type, categoryId: null, sort: Number(next), component: body.component ?? COMPONENTS[body.type] ?? 'text', config: configOf(body.config ?? {}), data, leadConfig })
        .returning();
      return inserted;
    });
    return toField(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A field with the code ${base} already exists`);
    throw error;
  }
}

/** contact/field/update, company/field/update: name, component, config, options (selectors only) and card flags; type and code stay. */
export async function updateCustomerField(db: Db, accountId: number, kind: CustomerKind, body: CustomerFieldUpdateRequest): Promise<FieldDefinition> {
  const own = and(eq(fields.accountId, accountId), eq(fields.entity, kind), eq(fields.id, body.id));
  const [current] = await db.select().from(fields).where(own);
  if (!current) throw noSuchField();
  const changes = {
    ...(body.name !== undefined && { name: nameOf(body.name) }),
    ...(body.component !== undefined && { component: body.component }),
    ...(body.config !== undefined && { config: configOf(body.config) }),
    ...(body.data !== undefined && SELECT_TYPES.has(current.type) && { data: optionsOf(body.data) }),
    ...(body.lead_config !== undefined && { leadConfig: flagsOf({ ...current.leadConfig, ...body.lead_config }) }),
  };
  if (!Object.keys(changes).length) return toField(current);
  const [row] = await db.update(fields).set(changes).where(own).returning();
  if (!row) throw noSuchField();
  return toField(row);
}

/** contact/field/delete, company/field/delete: the definition and its values in the kind's rows go together. */
export async function deleteCustomerField(db: Db, accountId: number, kind: CustomerKind, id: number): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(fields)
      .where(and(eq(fields.accountId, accountId), eq(fields.entity, kind), eq(fields.id, id)))
      .returning();
    if (!removed) throw noSuchField();
    const table = kind === 'contact' ? contacts : (companies as unknown as typeof contacts);
    await tx
      .update(table)
      .set({ values: sql`${table.values} - ${removed.code}::text` })
      .where(and(eq(table.accountId, accountId), sql`${table.values} ? ${removed.code}::text`));
  });
  return { success: true };
}
