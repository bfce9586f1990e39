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

/**
 * A statement whose text begins with this comment runs on its generic plan from its first run (plan_cache_mode
 * force_generic_plan), the others as PostgreSQL chooses (auto). Auto keeps a generic plan only when it costs no
 * more than a custom one, and a generic plan guesses a LIMIT or OFFSET parameter at a tenth of the rows: a paged
 * statement is then planned afresh at every run, for a plan the same as the generic one. The stock list's page,
 * one statement of ~40 joins and subqueries, spent ~1.4 ms planning for ~0.8 ms running (bench data). Only for
 * statements whose generic plan is known good: a test reads each one's plan (test/server/products/).
 */
export const GENERIC_PLAN = '/* generic plan */';

type PlanMode = 'generic' | 'default';

/**
 * The plan mode a statement asks for: generic, or the connection's default (auto unless the server is set otherwise);
 * null when it has none to ask (no parameters: the simple protocol, never prepared).
 */
export function planModeOf(text: string, values: unknown[] | undefined): PlanMode | null {
  if (!values?.length) return null;
  return text.startsWith(GENERIC_PLAN) ? 'generic' : 'default';
}

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

/**
 * pg.Pool's `Client`: a pg.Client that names its parameterised queries (statementName) and sets the connection's
 * plan mode before a statement that asks for another (planModeOf). The SET is queued ahead of the statement on the
 * same connection, so it costs a round trip only when the mode changes.
 */
export class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();
  /** The connection's plan mode as last set here; undefined when unknown (a rollback undoes a SET made in its transaction). */
  #planMode: PlanMode | undefined = 'default';

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes every form through.
  override query(config: any, values?: any, callback?: any): any {
    const run = super.query.bind(this) as (...args: unknown[]) => unknown;
    const text = typeof config === 'string' ? config : isPlainConfig(config) ? config.text : undefined;
    if (text !== undefined && /^\s*rollback\b/i.test(text)) this.#planMode = undefined;
    if (typeof config === 'string' && Array.isArray(values)) {
      this.#askPlanMode(run, config, values);
      const name = statementName(this.#names, config, values);
      if (name) return run({ text: config, name }, values, callback);
    } else if (isPlainConfig(config)) {
      const params = Array.isArray(values) ? values : config.values;
      this.#askPlanMode(run, config.text, params);
      const name = statementName(this.#names, config.text, params);
      if (name) return run({ ...config, name }, values, callback);
    }
    return run(config, values, callback);
  }

  #askPlanMode(run: (...args: unknown[]) => unknown, text: string, values: unknown[] | undefined): void {
    const mode = planModeOf(text, values);
    if (mode === null || mode === this.#planMode) return;
    this.#planMode = mode;
    // Its failure (in a failed transaction) fails the statement after it too; the mode is then unknown.
    (run(mode === 'generic' ? 'set plan_cache_mode = force_generic_plan' : 'reset plan_cache_mode') as Promise<unknown>).catch(() => {
      this.#planMode = undefined;
    });
  }
}
