import { desc, eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { outbox } from '../../server/db/schema';
import { ensureTariffs } from '../../server/seeds/seed';
import { ensureChromium } from './chromium';
import { addBrowserFixtures, createTestAccount } from './fixtures';
import { addOrderFixtures } from './orderFixtures';
import { addPaymentFixtures } from './paymentFixtures';
import { addTaskFixtures } from './taskFixtures';
import { E2E_TELEGRAM_BOT } from './telegramBot';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same server under another origin: a CRM page, which frames an account's app (/?account=<id>) once that account connected it (connectCrm). */
    hostUrl: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const hostPage = readFileSync(new URL('./fixtures/host.html', import.meta.url));
const FOREIGN_PAGE = `<!doctype html><script>
  for (const [type, payload] of [['destroy', null], ['leadChanged', { leadId: 1 }]]) parent.postMessage({ tag: 'stockroom-bridge', v: 1, kind: 'event', type, payload }, '*');
  parent.postMessage({ tag: 'e2e-foreign-done' }, '*');
</script>`;

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
 * Chromium present; a fresh build; the real server on a fresh in-memory database with a few known sessions, also
 * reachable under the name localhost (another origin) as a CRM page. No HOST_ORIGINS: a file whose account should be
 * framed by that page connects it as an admin would (connectCrm). Each test file makes its own account
 * (POST /e2e/account), so files run in any order.
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const port = await freePort();
  const hostUrl = `http://localhost:${port}`;
  // Built with no list: the server's own (the account's connections, in the page's meta tag) must be enough.
  execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, HOST_ORIGINS: '' } });

  // A Telegram bot, so the sign-in screen offers Telegram (telegram.e2e.ts plays the widget's part).
  const config = loadConfig(process.env, { dataDir: 'memory://', databaseUrl: null, port, logLevel: 'warn', telegramBotToken: E2E_TELEGRAM_BOT.token, telegramBotName: E2E_TELEGRAM_BOT.name });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  await addBrowserFixtures(database.db);
  const app = await buildApp({ config, db: database.db, logger: false });
  // The test CRM page, served by the same process under the localhost origin.
  // It is a third party's page, so it does not get our CSP (its inline script would be refused).
  app.get('/e2e/host.html', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', "script-src 'unsafe-inline' 'self' http://127.0.0.1:*").send(hostPage),
  );
  // A stranger's page for widget.e2e.ts: framed sandboxed (origin 'null'), it tells the widget to go away and to
  // open lead 1, then sends its parent a marker. Served with a CSP of its own: the CRM page's CSP refuses
  // inline scripts, so a srcdoc frame would never run at all.
  app.get('/e2e/foreign.html', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', "script-src 'unsafe-inline'").send(FOREIGN_PAGE),
  );
  // What a person would read in their mailbox: the server keeps messages in the outbox when no SMTP
  // server is configured. Test-only: the app itself has no such route.
  app.get('/e2e/outbox', async (request) => {
    const to = String((request.query as { to?: string }).to ?? '');
    const [message] = await database.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
    return { body: message?.body ?? null };
  });
  // An account of one test file's own (test/e2e/account.ts), with the demo data when asked. Test-only too.
  app.post('/e2e/account', async (request) => {
    const { label, demo } = request.body as { label: string; demo: boolean };
    return createTestAccount(database.db, label, demo);
  });
  // Background tasks of a test-only type, for the task center (tasks.e2e.ts). Test-only too.
  addTaskFixtures(app, database.db);
  // Orders in bulk, for the big orders export (ordersExport.e2e.ts). Test-only too.
  addOrderFixtures(app, database.db);
  // The payment fakes' addresses (payments.e2e.ts). Test-only too.
  addPaymentFixtures(app, database.db, config);
  await app.listen({ port, host: '127.0.0.1' });

  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('hostUrl', hostUrl);
  return async () => {
    await app.close();
    await database.close();
  };
}
