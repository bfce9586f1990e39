import { type SQL, sql } from 'drizzle-orm';

/**
 * A step's thousands of values as `column IN (select …)` over one JSON parameter. An IN list of a parameter each
 * made the prepared statement's generic plan filter every row of the account against the whole list (a list of
 * parameters is never hashed): the 1C Ид lookup cost 20 s at 60,000 links. Joined as a set, each value is one probe of
 * the matching index, whatever the table holds.
 */
export const textsIn = (values: readonly string[]): SQL => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
