import { and, asc, eq, sql } from 'drizzle-orm';
import type { FieldDefinition, FieldType } from '../../../src/contract/catalogue';
import type { CustomerFieldAddRequest, CustomerFieldListQuery, CustomerFieldUpdateRequest } from '../../../src/contract/customers';
import { FieldType as Code } from '../../../src/domain/fieldTypes';
import type { AccountRow } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { companies, contacts, fields, orders } from '../../db/schema';
import {
  codeFromName,
  DEFAULT_LEAD_CONFIG,
  defaultComponent,
  FIELD_TYPE_CODES,
  fieldConfigOf,
  fieldOptionsOf,
  fieldTypes,
  isUniqueViolation,
  leadFlagsOf,
  renumberFields,
  SELECT_TYPES,
  toField,
} from './service';
import { refuseRemovedOptionsInUse } from './usage';
import { refusal, type RefusalCode } from '../../http/refusal';

/**
 * The field definitions of the entities other than products: contacts, companies (contact/field/*,
 * company/field/*) and orders (orders/field/*). Unlike product fields they have no categories, no system
 * fields; each entity has its own codes and keeps its values in its rows' `values`.
 */
export type EntityWithFields = 'contact' | 'company' | 'order';

/** The request shapes are those of contact and company fields; orders reuse them (src/contract/orderFields). */
export type EntityFieldListQuery = CustomerFieldListQuery;
export type EntityFieldAddRequest = CustomerFieldAddRequest;
export type EntityFieldUpdateRequest = CustomerFieldUpdateRequest;

interface EntityRules {
  /** The type codes a field of the entity may have. */
  types: ReadonlySet<number>;
  /** Known types the entity refuses, with the reason (else an unknown type is 'Unknown field type N'). */
  refused: Readonly<Record<number, RefusalCode>>;
}

/** Image carousels belong to order and widget field lists only (spec 2 §3), never to contacts or companies. */
const CUSTOMER_RULES: EntityRules = {
  types: new Set([...FIELD_TYPE_CODES].filter((type) => type !== Code.images)),
  refused: { [Code.images]: 'fieldTypeNotForCustomers' },
};
const RULES: Record<EntityWithFields, EntityRules> = {
  contact: CUSTOMER_RULES,
  company: CUSTOMER_RULES,
  order: { types: FIELD_TYPE_CODES, refused: {} },
};

/** The rows whose `values` hold the entity's field values. */
function valuesTable(entity: EntityWithFields) {
  if (entity === 'contact') return contacts;
  if (entity === 'company') return companies;
  return orders;
}

/** The advisory-lock namespace of an account's non-product field definitions (ASCII 'cfld'): adds of one account wait for each other. */
const FIELDS_LOCK = 0x63666c64;

/** Field names are the customer edit texts' 'Empty field' (spec 2 §5), named by input so the client can place it. */
function nameOf(text: string): string {
  const name = text.trim();
  if (!name) throw refusal(400, 'emptyField', undefined, { fields: { name: 'Empty field' } });
  return name;
}

const noSuchField = () => refusal(404, 'noSuchField');

/** company/field/types (contacts use it too), orders/field/types: the field types of the entity with their defaults. */
export function entityFieldTypes(account: Pick<AccountRow, 'isKommo'>, entity: EntityWithFields): FieldType[] {
  const { types } = RULES[entity];
  return fieldTypes(account).filter((type) => types.has(type.id));
}

/** …/field/list: the entity's fields by position (or by creation with sort=created). */
export async function listEntityFields(db: Db, accountId: number, entity: EntityWithFields, query: EntityFieldListQuery): Promise<FieldDefinition[]> {
  const order = query.sort === 'created' ? [asc(fields.createdAt), asc(fields.id)] : [asc(fields.sort), asc(fields.id)];
  const rows = await db
    .select()
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, entity)))
    .orderBy(...order);
  return rows.map(toField);
}

/**
 * …/field/add: the code is the given one or one made from the name; a taken code is refused with 409.
 * The new field goes last, with the default card flags overridden by those given and the type's card
 * component. Refusals are `{ error }` answers the client hands back to the caller (spec 2 §7: a
 * field-add error returns the error object).
 */
export async function addEntityField(db: Db, accountId: number, entity: EntityWithFields, body: EntityFieldAddRequest): Promise<FieldDefinition> {
  const rules = RULES[entity];
  const refused = rules.refused[body.type];
  if (refused) throw refusal(400, refused);
  if (!rules.types.has(body.type)) throw refusal(400, 'unknownFieldType', { type: body.type });
  const name = nameOf(body.name);
  const data = SELECT_TYPES.has(body.type) ? fieldOptionsOf(body.data ?? []) : [];
  const leadConfig = leadFlagsOf({ ...DEFAULT_LEAD_CONFIG, ...body.lead_config });
  const base = body.code ?? codeFromName(name);
  try {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIELDS_LOCK}::int4, ${accountId}::int4)`);
      const own = and(eq(fields.accountId, accountId), eq(fields.entity, entity));
      const taken = new Set((await tx.select({ code: fields.code }).from(fields).where(own)).map((item) => item.code));
      // A name without Latin or Cyrillic letters gives the bare 'field_': such codes are numbered instead of refused.
      let code = base;
      if (!body.code && code === 'field_') for (let n = 1; taken.has((code = `field_${n}`)); n += 1);
      if (taken.has(code)) throw refusal(409, 'fieldCodeTaken', { code });
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${fields.sort}), -1) + 1` }).from(fields).where(own);
      const [inserted] = await tx
        .insert(fields)
        .values({
          accountId,
          entity,
          code,
          name,
          type: body.type,
          categoryId: null,
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
    if (isUniqueViolation(error)) throw refusal(409, 'fieldCodeTaken', { code: base });
    throw error;
  }
}

/** …/field/update: name, component, config, options (selectors only) and card flags; type and code stay. */
export async function updateEntityField(db: Db, accountId: number, entity: EntityWithFields, body: EntityFieldUpdateRequest): Promise<FieldDefinition> {
  const own = and(eq(fields.accountId, accountId), eq(fields.entity, entity), eq(fields.id, body.id));
  const [current] = await db.select().from(fields).where(own);
  if (!current) throw noSuchField();
  const changes = {
    ...(body.name !== undefined && { name: nameOf(body.name) }),
    ...(body.component !== undefined && { component: body.component }),
    ...(body.config !== undefined && { config: fieldConfigOf(body.config) }),
    ...(body.data !== undefined && SELECT_TYPES.has(current.type) && { data: fieldOptionsOf(body.data) }),
    ...(body.lead_config !== undefined && { leadConfig: leadFlagsOf({ ...current.leadConfig, ...body.lead_config }) }),
  };
  if (!Object.keys(changes).length) return toField(current);
  const [row] = await db.transaction(async (tx) => {
    if (changes.data) await refuseRemovedOptionsInUse(tx, accountId, entity, current, changes.data);
    return tx.update(fields).set(changes).where(own).returning();
  });
  if (!row) throw noSuchField();
  return toField(row);
}

/**
 * …/field/delete: the definition and its values in the entity's rows of the account go together, so a
 * field added later with the same code (perhaps of another type) never inherits stale values.
 */
export async function deleteEntityField(db: Db, accountId: number, entity: EntityWithFields, id: number): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(fields)
      .where(and(eq(fields.accountId, accountId), eq(fields.entity, entity), eq(fields.id, id)))
      .returning();
    if (!removed) throw noSuchField();
    const table = valuesTable(entity);
    await tx
      .update(table)
      .set({ values: sql`${table.values} - ${removed.code}::text` })
      .where(and(eq(table.accountId, accountId), sql`${table.values} ? ${removed.code}::text`));
  });
  return { success: true };
}

/**
 * …/field/update-sort: the given fields take the places they held among the entity's fields, in the given order
 * (the rule of the product fields' field/update-sort); adds wait for it under the same lock.
 */
export async function sortEntityFields(db: Db, accountId: number, entity: EntityWithFields, ids: number[]): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIELDS_LOCK}::int4, ${accountId}::int4)`);
    await renumberFields(tx, accountId, entity, ids);
  });
  return { success: true };
}
