import { type SQL, sql } from 'drizzle-orm';
import type { AutocompleteField, Named } from '../../../src/contract/analytics';
import { MOVEMENT_KINDS } from '../../../src/domain/movementKinds';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { containing } from './filters';
import { num } from './paging';

/** analytics/autocomplete/{field}: the account's own values of a filter field whose name contains the text, at most LIMIT. */

export const AUTOCOMPLETE_LIMIT = 20;

const QUERIES: Record<Exclude<AutocompleteField, 'event_type'>, (accountId: number, like: string) => SQL> = {
  product: (accountId, like) => sql`select id, name from products where account_id = ${accountId} and (name ilike ${like} or article ilike ${like}) order by name, id`,
  responsible: (accountId, like) => sql`select u.id, u.name from memberships ms join users u on u.id = ms.user_id where ms.account_id = ${accountId} and u.name ilike ${like} order by u.name, u.id`,
  users: (accountId, like) => sql`select u.id, u.name from memberships ms join users u on u.id = ms.user_id where ms.account_id = ${accountId} and u.name ilike ${like} order by u.name, u.id`,
  pipeline: (accountId, like) => sql`select id, name from pipelines where account_id = ${accountId} and name ilike ${like} order by sort, id`,
  // A stage is named with its pipeline: 'Completed' alone would be ambiguous across pipelines.
  stage: (accountId, like) =>
    sql`select s.id, p.name || ': ' || s.name as name from pipeline_statuses s join pipelines p on p.id = s.pipeline_id
        where s.account_id = ${accountId} and (s.name ilike ${like} or p.name ilike ${like}) order by p.sort, p.id, s.sort, s.id`,
  company: (accountId, like) => sql`select id, name from companies where account_id = ${accountId} and name ilike ${like} order by name, id`,
  contact: (accountId, like) => sql`select id, name from contacts where account_id = ${accountId} and name ilike ${like} order by name, id`,
  warehouse: (accountId, like) => sql`select id, name from warehouses where account_id = ${accountId} and name ilike ${like} order by is_main desc, name, id`,
  // Batch numbers are texts, not rows of their own: id 0, the number is what the filter takes.
  product_batch: (accountId, like) => sql`select distinct 0 as id, number as name from batches where account_id = ${accountId} and number <> '' and number ilike ${like} order by number`,
};

export async function autocomplete(db: Db, accountId: number, field: AutocompleteField, text: string): Promise<Named[]> {
  const q = text.trim();
  if (field === 'event_type') return MOVEMENT_KINDS.filter((kind) => kind.includes(q.toLowerCase())).map((kind) => ({ id: 0, name: kind }));
  const rows = await rowsOf<{ id: number; name: string }>(db, sql`select * from (${QUERIES[field](accountId, containing(q))}) found limit ${AUTOCOMPLETE_LIMIT}`);
  return rows.map((row) => ({ id: num(row.id), name: row.name }));
}
