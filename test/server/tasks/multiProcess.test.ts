import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { accounts, tasks, users } from '../../../server/db/schema';
import { startTask } from '../../../server/modules/tasks/api';
import { ensureTariffs } from '../../../server/seeds/seed';
import { unique } from '../harness';
import { runsOf, TEST_TASK } from './testTask';

/**
 * Several server processes on one PostgreSQL share the queue (issue 14 §1): two apps, each with its own pool
 * and its own pg-boss, take tasks started through either of them, and every task runs exactly once.
 * PGlite has one connection per process, so this is proven on PostgreSQL only (scripts/server-on-postgres.mjs).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

async function open(): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig(process.env, { logLevel: 'silent', taskWorkers: 3 });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return { app, database };
}

describe('one queue for several server processes', () => {
  it('tasks started at once through two server processes on one PostgreSQL each run exactly once', async (context) => {
    if (!onPostgres) context.skip();
    const one = await open();
    const two = await open();
    try {
      const [account] = await one.database.db.insert(accounts).values({ name: unique('Tasks'), trialEndsAt: new Date(Date.now() + 86_400_000) }).returning();
      const [user] = await one.database.db.insert(users).values({ name: 'Owner', email: `${unique('owner')}@example.com`, passwordHash: 'x' }).returning();
      const started = await Promise.all(
        Array.from({ length: 24 }, (_, index) => {
          const { database, app } = index % 2 ? two : one;
          return startTask(database.db, app.ctx.config, { accountId: account.id, userId: user.id, type: TEST_TASK, title: `task ${index}`, payload: { steps: 2, stepMs: 20 } });
        }),
      );
      const ids = started.map((task) => task.id);
      const end = Date.now() + 60_000;
      for (;;) {
        const rows = await one.database.db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, ids));
        if (rows.every((row) => row.status === 1)) break;
        if (Date.now() > end) throw new Error('tasks did not finish');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Give a duplicate delivery, were there one, time to start.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(ids.map((id) => runsOf(id).length)).toEqual(ids.map(() => 1));
      const rows = await one.database.db.select({ attempts: tasks.attempts, error: tasks.error }).from(tasks).where(inArray(tasks.id, ids));
      expect(rows.every((row) => row.attempts === 1 && row.error === null)).toBe(true);
    } finally {
      await one.app.close();
      await two.app.close();
      await one.database.close();
      await two.database.close();
    }
  }, 120_000);
});
