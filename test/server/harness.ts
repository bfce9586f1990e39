import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/secrets';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { accounts, memberships, outbox, users } from '../../server/db/schema';
import { ensureTariffs } from '../../server/seeds/seed';
import { addAccountDocuments } from '../../server/modules/accountDefaults/documents';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** Calls the API with an optional bearer token; returns status and parsed JSON. */
  call(method: 'GET' | 'POST', path: string, options?: { token?: string; body?: unknown; query?: Record<string, string | number> }): Promise<{ status: number; body: any }>;
  /** A new account with an owner (and its token), unique to the calling test. */
  newAccount(options?: { separateRights?: boolean; tariff?: string; expired?: boolean; lang?: 'en' | 'ru' }): Promise<TestAccount>;
  /** A new member of an account with the given rights, and its token. */
  newMember(account: TestAccount, rights?: Partial<typeof memberships.$inferInsert>): Promise<{ id: number; email: string; token: string }>;
  /** The last message sent to a recipient (the outbox is real: SMTP is off in tests). */
  lastMessage(recipient: string): Promise<string>;
}

export interface TestAccount {
  id: number;
  ownerId: number;
  email: string;
  password: string;
  token: string;
}

// A letter before the hex digits: an all-digit tail could pass for an 8-digit code in a mail that names it (an account name).
// Twelve hex digits (48 bits): with seven (28 bits), the thousands of owners the PostgreSQL layer made in one database
// met a taken e-mail about once in a few runs. Each file has its own database now; the margin costs nothing.
export const unique = (prefix: string) => `${prefix}-u${randomUUID().replaceAll('-', '').slice(0, 12)}`;

export interface TestServerOptions {
  /** Where the app's log goes (at level 'trace'), for tests that read what the server logs. */
  logStream?: { write(line: string): void };
}

/** One real app per test file, on in-memory PGlite or on the PostgreSQL of DATABASE_URL. */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  const server = {} as TestServer;
  let passwordHash = '';
  const password = 'correct horse';

  beforeAll(async () => {
    const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent', loginRateLimit: 1000, codeRateLimit: 1000, hashQueue: 1000 });
    const database = await openDatabase(config);
    await database.migrate();
    await ensureTariffs(database.db);
    passwordHash = await hashPassword(password);
    const logger = options.logStream ? { level: 'trace', stream: options.logStream } : process.env.TEST_SERVER_LOG ? { level: process.env.TEST_SERVER_LOG } : false;
    const app = await buildApp({ config, db: database.db, logger });
    await app.ready();
    Object.assign(server, { app, database });
  });
  afterAll(async () => {
    await server.app?.close();
    await server.database?.close();
  });

  server.call = async (method, path, options = {}) => {
    const request: InjectOptions = { method, url: `/api/${path}`, query: options.query as Record<string, string> | undefined };
    if (options.token) request.headers = { authorization: `Bearer ${options.token}` };
    if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
    const response = await server.app.inject(request);
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      // Non-JSON answers stay text.
    }
    return { status: response.statusCode, body };
  };

  server.newAccount = async (options = {}) => {
    const { db } = server.database;
    const email = `${unique('owner')}@example.com`;
    const now = Date.now();
    const [account] = await db
      .insert(accounts)
      .values({
        name: unique('Account'),
        separateRights: options.separateRights ?? false,
        trialEndsAt: new Date(options.expired ? now - 86_400_000 : now + 14 * 86_400_000),
      })
      .returning();
    if (options.tariff) {
      const { tariffs } = await import('../../server/db/schema');
      const [tariff] = await db.select().from(tariffs).where(eq(tariffs.code, options.tariff));
      await db.update(accounts).set({ tariffId: tariff.id }).where(eq(accounts.id, account.id));
    }
    const [owner] = await db.insert(users).values({ name: 'Owner', email, passwordHash, lang: options.lang ?? 'en' }).returning();
    await db.insert(memberships).values({ accountId: account.id, userId: owner.id, isOwner: true, admin: true, editingRemains: true, changeRemains: true });
    // What registration makes with an account (the built-in document templates).
    await addAccountDocuments(db, account.id, options.lang ?? 'en');
    const login = await server.call('POST', 'auth/login', { body: { login: email, password } });
    return { id: account.id, ownerId: owner.id, email, password, token: login.body.access_token };
  };

  server.newMember = async (account, rights = {}) => {
    const { db } = server.database;
    const email = `${unique('member')}@example.com`;
    const [user] = await db.insert(users).values({ name: 'Member', email, passwordHash }).returning();
    await db.insert(memberships).values({ accountId: account.id, userId: user.id, ...rights });
    const login = await server.call('POST', 'auth/login', { body: { login: email, password } });
    return { id: user.id, email, token: login.body.access_token };
  };

  server.lastMessage = async (recipient) => {
    const [row] = await server.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
    return row?.body ?? '';
  };

  return server;
}

/** A POST for a set-up step that must work: fails the test with the call's answer unless it is 200, else gives its body. */
export function settingUp(server: TestServer, token: string) {
  return async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
}

/** The eight-digit code in a message body. */
export const codeIn = (text: string) => /\b(\d{8})\b/.exec(text)?.[1] ?? '';
