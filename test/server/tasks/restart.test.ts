import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { accounts, tasks, users } from '../../../server/db/schema';
import { startTask } from '../../../server/modules/tasks/api';
import { MAX_TASK_ATTEMPTS } from '../../../server/modules/tasks/queue';
import { SERVER_STOPPED } from '../../../server/modules/tasks/records';
import { ensureTariffs } from '../../../server/seeds/seed';
import { eq } from 'drizzle-orm';
import { unique } from '../harness';
import { runsOf, TEST_TASK } from './testTask';

/**
 * Jobs survive a restart (issue 14 §1): the app is closed, or its process dies, while a task runs; an app opened
 * on the same database (PGlite in a folder on disk, or the PostgreSQL of DATABASE_URL) runs it again to success,
 * or fails it with a reason after MAX_TASK_ATTEMPTS runs — never 'running' for good.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-tasks-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// A dead process is noticed after a second here (30 s by default), so the test need not wait long.
const config: ServerConfig = loadConfig(process.env, { dataDir, logLevel: 'silent', taskStaleSeconds: 1 });

async function open(): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return { app, database };
}

async function close({ app, database }: { app: FastifyInstance; database: Database }) {
  await app.close();
  await database.close();
}

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const taskRow = async (database: Database, id: number) => (await database.db.select().from(tasks).where(eq(tasks.id, id)))[0];

async function owner(database: Database) {
  const [account] = await database.db.insert(accounts).values({ name: unique('Tasks'), trialEndsAt: new Date(Date.now() + 86_400_000) }).returning();
  const [user] = await database.db.insert(users).values({ name: 'Owner', email: `${unique('owner')}@example.com`, passwordHash: 'x' }).returning();
  return { accountId: account.id, userId: user.id };
}

describe('the queue survives a restart', () => {
  it('a task running when the app closes is let go and run again to success by the next app on the same database', async () => {
    const first = await open();
    const who = await owner(first.database);
    const { id } = await startTask(first.database.db, config, { ...who, type: TEST_TASK, title: 'waits', payload: { waitRuns: 1 } });
    await until(async () => runsOf(id).length === 1);
    await close(first);
    expect(runsOf(id)[0].aborted).toBe(true);

    const second = await open();
    try {
      const row = await until(async () => {
        const current = await taskRow(second.database, id);
        return current.status === 1 && current;
      });
      expect(row).toMatchObject({ error: null, heartbeatAt: null });
      expect(runsOf(id)).toHaveLength(2);
    } finally {
      await close(second);
    }
  }, 120_000);

  it('a task whose process died (its heartbeat stopped) is run again by a live process, or failed with a reason after its last attempt', async () => {
    const app = await open();
    try {
      const who = await owner(app.database);
      const deadSince = new Date(Date.now() - 3_600_000);
      // What a killed process leaves: open tasks it had claimed, their heartbeat an hour old.
      const [retried, exhausted] = await app.database.db
        .insert(tasks)
        .values([
          { ...who, type: TEST_TASK, title: 'died once', payload: { steps: 1, stepMs: 10 }, attempts: 1, heartbeatAt: deadSince },
          { ...who, type: TEST_TASK, title: 'died every time', payload: {}, attempts: MAX_TASK_ATTEMPTS, heartbeatAt: deadSince },
        ])
        .returning();
      const again = await until(async () => {
        const row = await taskRow(app.database, retried.id);
        return row.status === 1 && row;
      });
      expect(again).toMatchObject({ error: null, attempts: 2, done: 1, total: 1 });
      expect(runsOf(retried.id)).toHaveLength(1);
      const failed = await until(async () => {
        const row = await taskRow(app.database, exhausted.id);
        return row.status === 1 && row;
      });
      expect(failed).toMatchObject({ error: SERVER_STOPPED });
      expect(runsOf(exhausted.id)).toHaveLength(0);
    } finally {
      await close(app);
    }
  }, 120_000);

  it('a live run longer than the stale time keeps beating and is never taken over (it runs once)', async () => {
    const app = await open();
    try {
      const who = await owner(app.database);
      const { id } = await startTask(app.database.db, config, { ...who, type: TEST_TASK, title: 'long', payload: { steps: 6, stepMs: 500 } });
      const row = await until(async () => {
        const current = await taskRow(app.database, id);
        return current.status === 1 && current;
      });
      expect(row).toMatchObject({ error: null, attempts: 1 });
      expect(runsOf(id)).toHaveLength(1);
    } finally {
      await close(app);
    }
  }, 120_000);
});
