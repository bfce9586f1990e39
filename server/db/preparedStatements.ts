import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Every parameterised query on a PostgreSQL connection runs as a named prepared statement, named after its text:
 * the first run on a connection parses it, later runs send only Bind/Execute, so PostgreSQL skips parsing and
 * rewriting drizzle's long column lists (and, after five runs, planning where a generic plan is as good). The
 * §3 calls run 5–25 statements each; unnamed, every one was parsed afresh (issue 20 §3, bench/budgets.mjs).
 * Queries without parameters keep the simple protocol, which multi-statement SQL (the migrations) needs. A
 * connection prepares at most PREPARED_PER_CONNECTION texts (queries built with IN lists of every length would
 * otherwise grow a backend's memory without end); past that, a new text runs unnamed as before.
 * Named statements are session state: PgBouncer in transaction mode needs 1.21 or newer with
 * max_prepared_statements above 0, as the autocomplete's own named statements already did.
 */
export const PREPARED_PER_CONNECTION = 1000;

interface QueryConfigLike {
  text: string;
  name?: string;
  values?: unknown[];
  submit?: unknown;
}

/** The statement name for `text` on one connection, or undefined when it runs unnamed. */
export function statementName(names: Map<string, string>, text: string, values: unknown[] | undefined, limit = PREPARED_PER_CONNECTION): string | undefined {
  if (!values?.length) return undefined;
  const known = names.get(text);
  if (known !== undefined || names.size >= limit) return known;
  const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  names.set(text, name);
  return name;
}

const isPlainConfig = (config: unknown): config is QueryConfigLike =>
  typeof config === 'object' && config !== null && typeof (config as QueryConfigLike).text === 'string' && (config as QueryConfigLike).name === undefined && typeof (config as QueryConfigLike).submit !== 'function';

/** pg.Pool's `Client`: a pg.Client that names its parameterised queries (statementName). */
export class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes every form through.
  override query(config: any, values?: any, callback?: any): any {
    const run = super.query.bind(this) as (...args: unknown[]) => unknown;
    if (typeof config === 'string' && Array.isArray(values)) {
      const name = statementName(this.#names, config, values);
      if (name) return run({ text: config, name }, values, callback);
    } else if (isPlainConfig(config)) {
      const name = statementName(this.#names, config.text, Array.isArray(values) ? values : config.values);
      if (name) return run({ ...config, name }, values, callback);
    }
    return run(config, values, callback);
  }
}
