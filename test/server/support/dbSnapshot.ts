import { createHash } from 'node:crypto';
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';

export interface TableInfo {
  /** The SQL name of the table. */
  name: string;
  /** SQL column names. */
  columns: string[];
  /** Columns that point at a row of another (or the same) table: by foreign key, or by name (warehouse_id → warehouses, parent_id → itself). */
  references: { column: string; table: string }[];
}

/** Every table of server/db/schema.ts, found from its exports, so a table added later is included. */
export function schemaTables(): TableInfo[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const names = new Set(tables.map((table) => getTableConfig(table).name));
  return tables
    .map((table) => {
      const config = getTableConfig(table);
      const references = new Map<string, string>();
      for (const key of config.foreignKeys) {
        const reference = key.reference();
        if (reference.columns.length === 1) references.set(reference.columns[0].name, getTableConfig(reference.foreignTable).name);
      }
      for (const column of config.columns.map((item) => item.name)) {
        if (references.has(column) || !column.endsWith('_id')) continue;
        const noun = column.slice(0, -3).split('_').pop() ?? '';
        const target = noun === 'parent' ? config.name : [`${noun}s`, `${noun}es`, noun.replace(/y$/, 'ies')].find((name) => names.has(name));
        if (target) references.set(column, target);
      }
      return {
        name: config.name,
        columns: config.columns.map((column) => column.name),
        references: [...references].map(([column, target]) => ({ column, table: target })),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Tables whose rows belong to an account (they have an account_id column). */
export const tenantTables = () => schemaTables().filter((table) => table.columns.includes('account_id'));

/** Table name → its rows as JSON texts, sorted; one query for all tables. */
export type Snapshot = Record<string, string[]>;

async function rowsOf(db: Db, parts: { table: string; where?: SQL }[]): Promise<Snapshot> {
  const snapshot: Snapshot = Object.fromEntries(parts.map((part) => [part.table, [] as string[]]));
  if (!parts.length) return snapshot;
  const selects = parts.map(
    (part) => sql`select ${part.table}::text as t, row_to_json(x)::text as r from ${sql.identifier(part.table)} x ${part.where ? sql`where ${part.where}` : sql``}`,
  );
  const result = (await db.execute(sql.join(selects, sql` union all `))) as unknown as { rows: { t: string; r: string }[] };
  for (const row of result.rows) snapshot[row.t].push(row.r);
  for (const rows of Object.values(snapshot)) rows.sort();
  return snapshot;
}

/** Every row of every table. */
export const snapshotAll = (db: Db) => rowsOf(db, schemaTables().map((table) => ({ table: table.name })));

/**
 * Everything of one account: its row in accounts, its users' rows, the rows of every tenant table with
 * its account_id, and every row anywhere that points at one of those (a foreign key or an x_id column),
 * so a row of another account that was made to point at this account's data counts as a change too
 * (except a pending invitation, see below).
 */
export function snapshotAccount(db: Db, accountId: number, userIds: number[]): Promise<Snapshot> {
  const ids = sql.join(
    (userIds.length ? userIds : [-1]).map((id) => sql`${id}`),
    sql`, `,
  );
  const tables = schemaTables();
  const tenant = new Set(tables.filter((table) => table.columns.includes('account_id') && table.columns.includes('id')).map((table) => table.name));
  const parts: { table: string; where: SQL }[] = [];
  for (const table of tables) {
    const conditions: SQL[] = [];
    if (table.columns.includes('account_id')) conditions.push(sql`x.account_id = ${accountId}`);
    if (table.name === 'users') conditions.push(sql`x.id in (${ids})`);
    if (table.name === 'accounts') conditions.push(sql`x.id = ${accountId}`);
    for (const reference of table.references) {
      const column = sql.identifier(reference.column);
      // An invitation is an inert membership of the inviting account: the user must accept it before it
      // gives any access, and it changes nothing of theirs, so it does not count as touching their data.
      if (reference.table === 'users' && table.name === 'memberships') conditions.push(sql`(x.${column} in (${ids}) and (x.account_id = ${accountId} or x.status <> 'invited'))`);
      else if (reference.table === 'users') conditions.push(sql`x.${column} in (${ids})`);
      else if (reference.table === 'accounts') conditions.push(sql`x.${column} = ${accountId}`);
      else if (tenant.has(reference.table)) conditions.push(sql`x.${column} in (select r.id from ${sql.identifier(reference.table)} r where r.account_id = ${accountId})`);
    }
    if (conditions.length) parts.push({ table: table.name, where: sql.join(conditions, sql` or `) });
  }
  return rowsOf(db, parts);
}

/**
 * The WAL insert position: every committed write moves it (the schema has no unlogged tables), reads do not.
 * An unchanged position proves an unchanged database at a fraction of a snapshot's cost.
 */
export async function walPosition(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`)) as unknown as { rows: { lsn: string }[] };
  return result.rows[0].lsn;
}

/** Row counts and a hash of the contents, per table: a short form for messages. */
export function fingerprint(snapshot: Snapshot): Record<string, string> {
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, rows]) => [table, `${rows.length} rows, ${createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16)}`]),
  );
}

export interface TableDiff {
  table: string;
  added: string[];
  removed: string[];
}

/** Rows that appeared or disappeared (a changed row is one of each). */
export function diffSnapshots(before: Snapshot, after: Snapshot): TableDiff[] {
  const diffs: TableDiff[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[table] ?? [];
    const now = after[table] ?? [];
    if (old.length === now.length && old.every((row, index) => row === now[index])) continue;
    const oldSet = new Set(old);
    const nowSet = new Set(now);
    diffs.push({ table, added: now.filter((row) => !oldSet.has(row)), removed: old.filter((row) => !nowSet.has(row)) });
  }
  return diffs;
}
