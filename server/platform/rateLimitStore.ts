import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin hands the constructor and `child`: its options, and for a route's store the route. */
type RouteParams = object & { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired rows are deleted by one hit in this many: the table stays as small as the live windows. */
const PURGE_EVERY = 500;

/**
 * A @fastify/rate-limit store in the database, so that every server process counts the same hits (its default
 * memory store counts per process: N processes would allow N times each limit). One upsert per limited request;
 * only sign-in and code routes are limited, and each of those already costs a password hash or a mail.
 */
export function databaseRateLimitStore(db: Db) {
  let calls = 0;
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(params: RouteParams = {}) {
      this.prefix = params.routeInfo?.url ? `${[params.routeInfo.method ?? ''].flat().join(',')}${params.routeInfo.url}|` : '';
    }

    // The limit is part of the key: processes of one deployment share a limit, and so a counter; an app built
    // with another limit (a test's) counts apart instead of inheriting hits counted under a looser rule.
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      calls += 1;
      if (calls % PURGE_EVERY === 0) void db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date())).catch(() => undefined);
      const reset = sql`now() + ${timeWindow} * interval '1 millisecond'`;
      db.insert(rateLimits)
        .values({ key: `${this.prefix}${max}|${key}`, hits: 1, resetAt: reset })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${reset} else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, ttl: sql<number>`greatest(0, extract(epoch from (${rateLimits.resetAt} - now())) * 1000)` })
        .then(([row]) => callback(null, { current: row.hits, ttl: Math.ceil(Number(row.ttl)) }), callback);
    }

    read(key: string, callback: Callback, _timeWindow: number, max: number): void {
      db.select({ hits: rateLimits.hits, ttl: sql<number>`extract(epoch from (${rateLimits.resetAt} - now())) * 1000` })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${`${this.prefix}${max}|${key}`} and ${rateLimits.resetAt} > now()`)
        .then(([row]) => callback(null, row ? { current: row.hits, ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 }), callback);
    }

    child(params: RouteParams): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  };
}
