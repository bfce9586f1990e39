import { and, eq, sql, type SQL } from 'drizzle-orm';
import { normalizeOptions } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import { companies, contacts, fields, orders, products } from '../../db/schema';
import type { FieldEntity } from './values';
import { refusal } from '../../http/refusal';

/**
 * How many records hold data in a field, and which options of a selector they use. The entity settings screen
 * asks before deleting a field that holds data, and an option still chosen somewhere cannot be removed: its
 * values would be left pointing at nothing.
 */

function valuesTable(entity: FieldEntity) {
  if (entity === 'product') return products;
  if (entity === 'contact') return contacts;
  if (entity === 'company') return companies;
  return orders;
}

/** A value that says something: not absent, null, an empty text or an empty list. */
function holdsValue(column: SQL, code: string): SQL {
  return sql`(${column} -> ${code}::text) is not null and jsonb_typeof(${column} -> ${code}::text) <> 'null' and (${column} -> ${code}::text) not in ('""'::jsonb, '[]'::jsonb)`;
}

async function countWhere(db: Db, accountId: number, entity: FieldEntity, where: SQL): Promise<number> {
  const table = valuesTable(entity);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)` })
    .from(table)
    .where(and(eq(table.accountId, accountId), where));
  return Number(total);
}

/** …/field/usage: the records of the account that hold a value in the field (archived ones included). */
export async function fieldUsage(db: Db, accountId: number, entity: FieldEntity, id: number): Promise<{ id: number; code: string; count: number }> {
  const [field] = await db.select({ code: fields.code }).from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, entity), eq(fields.id, id)));
  if (!field) throw refusal(404, 'noSuchField');
  const table = valuesTable(entity);
  return { id, code: field.code, count: await countWhere(db, accountId, entity, holdsValue(sql`${table.values}`, field.code)) };
}

/**
 * The options of `before` that `after` no longer has. A plain option (a bare name, its position the value) is
 * known by its name, so reordering or inserting plain options keeps it; an option object by its value, so it
 * may be renamed or recoloured. Each removed option is given with the texts a record may hold for it.
 */
export function removedOptions(before: unknown[], after: unknown[]): { name: string; stored: string[] }[] {
  const key = (raw: unknown, option: { value: string | number; name: string }) => (typeof raw === 'string' || typeof raw === 'number' ? `name:${option.name}` : `value:${option.value}`);
  const keep = new Set(normalizeOptions(after).map((option, index) => key(after[index], option)));
  return normalizeOptions(before)
    .map((option, index) => ({ option, key: key(before[index], option) }))
    .filter((entry) => !keep.has(entry.key))
    .map(({ option }) => ({ name: option.name, stored: [...new Set([String(option.value), option.name])] }));
}

export const OPTION_IN_USE = (names: string, count: number) => `The options ${names} are chosen in ${count} records; choose another option there first`;

/**
 * Refuses (409, with the count) new options of a selector that drop an option a record still holds, as a single
 * value (type 5) or in a list (type 6). Call inside the transaction that writes the new options.
 */
export async function refuseRemovedOptionsInUse(db: Db, accountId: number, entity: FieldEntity, field: { code: string; data: unknown[] }, after: unknown[]): Promise<void> {
  const removed = removedOptions(field.data, after);
  if (!removed.length) return;
  const stored = removed.flatMap((option) => option.stored);
  const column = sql`${valuesTable(entity).values}`;
  const list = sql`array[${sql.join(
    stored.map((text) => sql`${text}`),
    sql`, `,
  )}]::text[]`;
  const value = sql`(${column} -> ${field.code}::text)`;
  const uses = sql`((jsonb_typeof(${value}) = 'string' and (${column} ->> ${field.code}::text) = any(${list})) or (jsonb_typeof(${value}) = 'array' and ${value} ?| ${list}))`;
  const count = await countWhere(db, accountId, entity, uses);
  if (count) throw refusal(409, 'optionsInUse', { names: removed.map((option) => `'${option.name}'`).join(', '), count }, { count });
}
