import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The letters this database is asked once to lower-case, in both cases (lower() must also keep lower case as it is). */
const PROBE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя';
const PROBED = new Set(PROBE);

/** No case in Unicode (digits, punctuation, spaces, most scripts): lower() leaves such a character as it is. */
const caseless = (char: string) => char.toLowerCase() === char && char.toUpperCase() === char;

const agreement = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether this database's lower() gives what JavaScript's toLowerCase() gives for the probed letters. It depends on
 * the database's ctype: a `C` ctype lowers ASCII alone, a Turkish one lowers I to ı. Asked once per database; an
 * error is not kept (the next call asks again) and meanwhile the statement lowers.
 */
function agreesWithDatabase(db: Db): Promise<boolean> {
  let answer = agreement.get(db);
  if (!answer) {
    answer = db.execute(sql`select lower(${PROBE}) as lowered`).then(
      (result) => (result as unknown as { rows: { lowered: string }[] }).rows[0]?.lowered === PROBE.toLowerCase(),
      () => {
        agreement.delete(db);
        return false;
      },
    );
    agreement.set(db, answer);
  }
  return answer;
}

/**
 * `lower(text)` for a statement, as a lower-cased parameter when that is provably the same text: every character of
 * it caseless or a probed letter, and the database lowers those as JavaScript does; else lower() in the statement.
 * Why: the hot statements run on PostgreSQL's generic plans (preparedStatements.ts), where lower($n) is not folded
 * but computed again for every row a condition tests — a search for a common word tests thousands.
 */
export async function lowerCased(db: Db, text: string): Promise<SQL> {
  if ([...text].every((char) => PROBED.has(char) || caseless(char)) && (await agreesWithDatabase(db))) return sql`${text.toLowerCase()}`;
  return sql`lower(${text})`;
}
