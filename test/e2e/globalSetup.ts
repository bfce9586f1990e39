import { desc, eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { accounts, outbox } from '../../server/db/schema';
import { ensureTariffs, seedDemo } from '../../server/db/seed';
import { ensureChromium } from './chromium';
import { addBrowserFixtures } from './fixtures';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same server under another origin, connected to the demo account (it may frame the account's app, /?account=<id>). */
    hostUrl: string;
    /** The demo account's id. */
    demoAccount: number;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const hostPage = readFileSync(new URL('./fixtures/host.html', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Chromium present; a fresh build; the real server, where the demo account connected the same server under
 * the name localhost (another origin), so it frames the account's app like a CRM page would; and the real server on a fresh in-memory database
 * with the demo seed and a few known sessions.
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const port = await freePort();
  const hostUrl = `http://localhost:${port}`;
  // Built with no list: the server's own (hostOrigins below, in the page's meta tag) must be enough.
  execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, HOST_ORIGINS: '' } });

  const config = loadConfig(process.env, { dataDir: 'memory://', databaseUrl: null, port, logLevel: 'warn' });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  // The CRM page's origin is connected to the demo account, as an admin would connect their CRM (no HOST_ORIGINS).
  await seedDemo(database.db, [hostUrl]);
  const [demo] = await database.db.select({ id: accounts.id }).from(accounts).orderBy(accounts.id).limit(1);
  await addBrowserFixtures(database.db);
  const app = await buildApp({ config, db: database.db, logger: false });
  // The test CRM page, served by the same process under the localhost origin.
  // It is a third party's page, so it does not get our CSP (its inline script would be refused).
  app.get('/e2e/host.html', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', "script-src 'unsafe-inline' 'self' http://127.0.0.1:*").send(hostPage),
  );
  // What a person would read in their mailbox: the server keeps messages in the outbox when no SMTP
  // server is configured. Test-only: the app itself has no such route.
  app.get('/e2e/outbox', async (request) => {
    const to = String((request.query as { to?: string }).to ?? '');
    const [message] = await database.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
    return { body: message?.body ?? null };
  });
  await app.listen({ port, host: '127.0.0.1' });

  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('hostUrl', hostUrl);
  project.provide('demoAccount', demo.id);
  return async () => {
    await app.close();
    await database.close();
  };
}
