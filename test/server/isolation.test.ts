import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../server/db/schema';
import { probeHandlers, type HandlerProbe } from './support/handlerProbe';
import { diffSnapshots, schemaTables, snapshotAccount, tenantTables, type Snapshot } from './support/dbSnapshot';
import { callRoute, routeName, schemaParts, takesBody, type ApiRoute, type RouteAnswer } from './support/routes';
import { isIdField, sampleObject, type Hint, type JsonSchema } from './support/schemaValues';
import { solidPng } from '../support/png';
import { unique, useTestServer, type TestAccount } from './harness';
import { seedImport } from './import/isolationSeed';
import { seedTasks } from './tasks/isolationSeed';
import { seedDocuments } from './documents/isolationSeed';
import { seedIntegrations } from './integrations/isolationSeed';
import { seedPayments } from './payments/isolationSeed';
import { exportsSettled } from './analytics/settledExports';

/**
 * Tenant isolation: every staff route, as registered (app.apiRoutes), is called with a token of
 * account A and the ids and keys of account B. No answer may show B's data and none of B's rows
 * may change. A route added later is walked — and, if it writes, used to give B data — without
 * editing this file.
 */
const server = useTestServer();

/** The walks make thousands of calls (routes × B's ids × variants), more with every route added: minutes, not seconds. */
const WALK_TIMEOUT = 900_000;

/** Every text B stores through the seeding walk starts with this, so it is recognisable in any answer. */
const MARK = `bsec${randomBytes(4).toString('hex')}`;
let marks = 0;
const mark = () => `${MARK}${(marks += 1)}`;

interface Other {
  account: TestAccount;
  userIds: number[];
  /** Candidate ids for id-like fields: B's account, users and the ids of B's rows. */
  ids: number[];
  /** Table → column → B's string values of that column (e.g. table_configs → code → B's table-config code). */
  keys: Map<string, Map<string, string[]>>;
  /** Texts only B may see: its e-mails, names and every marked text it stored. */
  secrets: string[];
  /** The markers made explicitly through the API; the control test proves each is visible to B itself. */
  explicit: string[];
}

let a: TestAccount;
let b: Other;
let staffRoutes: ApiRoute[];
/** B's rows per table after seeding. */
let rowCounts: Record<string, number> = {};
/** Counts the calls that got past content type, validation and preHandler hooks into each route's handler. */
let probe: HandlerProbe;

/** The object node of a schema: the first non-null branch of a union. */
function nodeOf(schema: JsonSchema): JsonSchema {
  return (schema.anyOf ?? schema.oneOf)?.find((branch) => branch.type !== 'null') ?? schema;
}

function fitsString(text: string, schema: JsonSchema): boolean {
  const node = nodeOf(schema);
  if (node.type !== 'string' || node.const !== undefined || node.enum || node.format) return false;
  if (node.minLength !== undefined && text.length < node.minLength) return false;
  if (node.maxLength !== undefined && text.length > node.maxLength) return false;
  return node.pattern === undefined || new RegExp(node.pattern, 'u').test(text);
}

// A text id whose pattern no row id fits (an amoCRM integration's UUID client_id) names no row: the schema's own sample goes.
const idValue = (id: number, schema: JsonSchema) => {
  const node = nodeOf(schema);
  if (node.type !== 'string') return id;
  return node.pattern && !new RegExp(node.pattern, 'u').test(String(id)) ? undefined : String(id);
};

/** The tables a route's URL names first ('/api/account/table-config' → table_configs, accounts), then the others. */
function tablesFor(route: ApiRoute, tables: string[]): string[] {
  const nouns = route.url.split('/').filter((part) => part && part !== 'api' && !part.startsWith(':')).reverse().map((part) => part.replace(/-/g, '_'));
  const named = nouns.flatMap((noun) => [`${noun}s`, `${noun}es`, noun.replace(/y$/, 'ies')]).filter((name) => tables.includes(name));
  return [...new Set([...named, ...tables])];
}

/** B's texts that fit a field of a route: of the table the URL names first, by column name. */
function keysFor(route: ApiRoute, name: string, schema: JsonSchema): string[] {
  for (const table of tablesFor(route, [...b.keys.keys()])) {
    const found = (b.keys.get(table)?.get(name) ?? []).filter((text) => fitsString(text, schema));
    if (found.length) return found;
  }
  return [];
}

/** A's walk: B's id in every id-like field; with a variant, the variant-th of B's texts in fields named like B's columns. */
function attackHint(route: ApiRoute, id: number, variant: number | null): Hint {
  return (name, schema) => {
    if (isIdField(name)) return idValue(id, schema);
    if (variant === null) return undefined;
    const keys = keysFor(route, name, schema);
    return keys.length ? keys[variant % keys.length] : undefined;
  };
}

/** How many variants of B's texts a route can be called with (at most 8). */
function variantsOf(route: ApiRoute): number {
  let most = 1;
  const probe: Hint = (name, schema) => {
    if (!isIdField(name)) most = Math.max(most, keysFor(route, name, schema).length);
    return undefined;
  };
  partsFor(route, probe);
  return Math.min(most, 8);
}

/**
 * B's own seeding walk: marked texts wherever a free text fits (e-mails as marked addresses), and for
 * an x_id field the newest of B's rows of the matching table (for `id`, of the table the URL names).
 */
function seedHint(route: ApiRoute, rows: Snapshot): Hint {
  const newest = (table: string) =>
    (rows[table] ?? []).map((row) => (JSON.parse(row) as { id?: unknown }).id).filter((id): id is number => Number.isInteger(id)).sort((x, y) => y - x)[0];
  const tableFor = (noun: string) => [`${noun}s`, `${noun}es`, noun.replace(/y$/, 'ies')].find((name) => rows[name]?.length);
  return (name, schema) => {
    if (isIdField(name)) {
      const nouns = name === 'id' ? route.url.split('/').filter((part) => part && part !== 'api' && !part.startsWith(':')).reverse() : [name.slice(0, -3).split('_').pop() ?? ''];
      for (const noun of nouns) {
        const table = tableFor(noun);
        if (table && newest(table) !== undefined) return idValue(newest(table), schema);
      }
      return undefined;
    }
    const node = nodeOf(schema);
    if (/e-?mail/i.test(name) || node.format === 'email') return `${mark()}@example.com`;
    // A customer's link must be an address, a CRM connection's origin a bare origin: marked all the same.
    if (name === 'link' || name === 'origin') return `https://${mark()}.example.com`;
    if (node.type === undefined && node.const === undefined && !node.anyOf) return { [mark()]: mark() };
    const text = mark();
    return fitsString(text, schema) ? text : undefined;
  };
}

function partsFor(route: ApiRoute, hint: Hint, optional = true) {
  const parts = schemaParts(route);
  return {
    params: parts.params ? sampleObject(parts.params, { hint }) : {},
    query: parts.query ? sampleObject(parts.query, { hint, optional }) : {},
    body: parts.body ? sampleObject(parts.body, { hint, optional }) : undefined,
  };
}

const snapshotOfB = () => snapshotAccount(server.database.db, b.account.id, b.userIds);

const rowsOf = (snapshot: Snapshot, tables: Set<string>) =>
  Object.entries(snapshot)
    .filter(([table]) => tables.has(table))
    .flatMap(([, rows]) => rows.map((row) => JSON.parse(row) as Record<string, unknown>));

/** B's string columns, by table and column name, from B's rows in every tenant table. */
function keysOf(snapshot: Snapshot): Map<string, Map<string, string[]>> {
  const keys = new Map<string, Map<string, string[]>>();
  for (const table of tenantTables().map((item) => item.name)) {
    const columns = new Map<string, string[]>();
    for (const row of rowsOf(snapshot, new Set([table]))) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string' && value && !columns.get(column)?.includes(value)) columns.set(column, [...(columns.get(column) ?? []), value]);
      }
    }
    keys.set(table, columns);
  }
  return keys;
}

/** B's ids: its account, its users, and every id / *_id value in its rows. */
function idsOf(snapshot: Snapshot, accountId: number, userIds: number[]): number[] {
  const ids = new Set<number>([accountId, ...userIds]);
  for (const row of rowsOf(snapshot, new Set(Object.keys(snapshot)))) {
    for (const [column, value] of Object.entries(row)) if (isIdField(column) && Number.isInteger(value)) ids.add(value as number);
  }
  return [...ids].sort((x, y) => x - y);
}

/** Every marked text anywhere in B's rows (also inside JSON values). */
function markedTexts(snapshot: Snapshot): string[] {
  const found = new Set<string>();
  for (const rows of Object.values(snapshot)) for (const row of rows) for (const match of row.matchAll(new RegExp(`${MARK}\\d+`, 'g'))) found.add(match[0]);
  return [...found];
}

/** The secrets an answer shows, leaving out texts the caller sent at some point (a caller's own text is no leak). */
function leaks(answer: RouteAnswer, sent: Set<string>): string[] {
  return b.secrets.filter((secret) => answer.text.includes(secret) && ![...sent].some((text) => text.includes(secret)));
}

/** B's move in transit, its order in its reservation stage with a reserved position, an attached file, a public link exchanged for a session, and a CRM connection. */
async function seedOrderTables(account: TestAccount): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: account.token, body });
    expect(answer.status, `${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
    return answer.body;
  };
  const warehouse = await post('warehouse/add', { name: `${mark()} store` });
  const product = await post('product/add', { name: `${mark()} drill` });
  const batch = await post('product/arrival', { product_id: product.id, warehouse_id: warehouse.id, count: 5 });
  // A move in transit (a stock document and its transit lines): the walk's sample lines name no batch of B's.
  const depot = await post('warehouse/add', { name: `${mark()} depot` });
  await post('stock/move', { from_warehouse_id: warehouse.id, to_warehouse_id: depot.id, mode: 'transit', comment: `${mark()} move`, lines: [{ batch_id: batch.id, count: 1 }] });
  const pipelines = (await server.call('GET', 'orders/pipelines/list', { token: account.token })).body as { is_system: boolean; statuses: { id: number; is_reserve: boolean }[] }[];
  const reserve = pipelines.find((pipeline) => pipeline.is_system)!.statuses.find((stage) => stage.is_reserve)!;
  const order = await post('orders/add', { name: `${mark()} order`, status_id: reserve.id });
  await post('orders/product/add', { order_id: order.id, product: `${product.id}%%%${warehouse.code}`, quantity: 2 });

  const boundary = `----isolation${randomBytes(6).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n${order.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${mark()}.txt"\r\nContent-Type: text/plain\r\n\r\n${mark()}\r\n--${boundary}--\r\n`,
  );
  const uploaded = await server.app.inject({
    method: 'POST',
    url: '/api/orders/custom-doc/upload',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);

  // An image of a type-15 product field (multipart, and only real image bytes are taken).
  const photos = await post('field/add', { name: `${mark()} photos`, type: 15, code: 'isolation_photos' });
  const imageBoundary = `----isolation${randomBytes(6).toString('hex')}`;
  const image = await server.app.inject({
    method: 'POST',
    url: '/api/product/image/upload',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': `multipart/form-data; boundary=${imageBoundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${imageBoundary}\r\nContent-Disposition: form-data; name="product_id"\r\n\r\n${product.id}\r\n` +
          `--${imageBoundary}\r\nContent-Disposition: form-data; name="field"\r\n\r\n${photos.code}\r\n` +
          `--${imageBoundary}\r\nContent-Disposition: form-data; name="file"; filename="${mark()}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      solidPng(4, 4),
      Buffer.from(`\r\n--${imageBoundary}--\r\n`),
    ]),
  });
  expect(image.statusCode, image.body).toBe(200);

  // A CRM connection: the generic walk cannot pick the enabled member it must act as.
  await post('account/integrations/connect', { kind: 'bitrix24', origin: `https://${mark()}.example.com`, member_id: mark(), user_id: account.ownerId });

  const link = await post('orders/public/link', { order_id: order.id, email: `${mark()}@example.com`, name: `${mark()} customer` });
  const session = await server.call('GET', 'public-order/token/get', { query: { public_token: link.link_token } });
  expect(session.status).toBe(200);
}

beforeAll(async () => {
  // Sign-out routes would end the walk's own sessions (test/server/sessions.test.ts covers them).
  staffRoutes = server.app.apiRoutes.filter((route) => route.auth === 'staff' && !route.endsSessions);
  probe = probeHandlers(server.app);
  a = await server.newAccount();
  const account = await server.newAccount();

  // B gives itself data through every staff route that writes: first with the required fields only (an optional
  // reference to a row B does not have yet would be refused), then twice with every field, using the rows made before.
  const seedUsers = async () =>
    (await server.database.db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.accountId, account.id))).map((row) => row.userId);
  for (const optional of [false, true, true]) {
    // Routes that by their name take data away are left out here (A's walk calls them all), and so is tariffs/connect:
    // a smaller plan's limits would refuse the seeding that follows it.
    for (const route of staffRoutes.filter((item) => takesBody(item.method) && !/delete|remove|unlink|archive|clear|tariffs\/connect/i.test(item.url))) {
      const rows = await snapshotAccount(server.database.db, account.id, await seedUsers());
      await callRoute(server.app, route, { token: account.token, ...partsFor(route, seedHint(route, rows), optional) });
    }
  }

  // Rows the generic walk cannot make, made through the API as a user would: an order holding reserved stock
  // (positions and their batches), a file attached to it (multipart), and a public link opened once (a public
  // customer, a share and a public session).
  await seedOrderTables(account);
  await seedTasks(server, account, mark);
  await seedImport(server, account, mark);
  await seedDocuments(server, account, mark);
  await seedIntegrations(server, account, mark);
  await seedPayments(server, account, mark);
  // B's report exports (started by the walk above) finish writing their tasks before B's rows are taken as the reference.
  await exportsSettled(server.database.db);

  // And, through the API, the markers the control test looks for.
  const accountName = `${MARK}-account-${unique('n')}`;
  const memberName = `${MARK}-member-${unique('n')}`;
  const memberEmail = `${MARK}-${unique('member')}@example.com`;
  const tableMarker = `${MARK}-table-${unique('v')}`;
  const tableCode = `${MARK}_table`;
  expect((await server.call('POST', 'account/update', { token: account.token, body: { name: accountName } })).status).toBe(200);
  const added = await server.call('POST', 'account/user/add', { token: account.token, body: { name: memberName, email: memberEmail } });
  expect(added.status).toBe(200);
  const config = await server.call('POST', 'account/table-config', { token: account.token, body: { code: tableCode, value: { columns: ['a'], marker: tableMarker } } });
  expect(config.status).toBe(200);
  const second = await server.newMember(account, { admin: false });

  const userIds = (await seedUsers()).sort((x, y) => x - y);
  expect(userIds).toEqual(expect.arrayContaining([account.ownerId, added.body.user.id, second.id]));
  const snapshot = await snapshotAccount(server.database.db, account.id, userIds);
  // The invited member's name is shown to no one until they accept (only id, e-mail and status): it is a
  // secret A must not see, but the control cannot expect B to see it either.
  const explicit = [account.email, memberEmail, second.email, accountName, tableMarker];
  rowCounts = Object.fromEntries(Object.entries(snapshot).map(([table, rows]) => [table, rows.length]));
  b = {
    account,
    userIds,
    ids: idsOf(snapshot, account.id, userIds),
    keys: keysOf(snapshot),
    secrets: [...new Set([...explicit, memberName, ...markedTexts(snapshot)])],
    explicit,
  };
}, WALK_TIMEOUT);
afterAll(() => probe?.stop());

describe('tenant isolation over every registered staff route', () => {
  it('walks a non-empty list that includes the known staff routes, against a B that has data', () => {
    const names = staffRoutes.map(routeName);
    expect(names.length).toBeGreaterThan(5);
    expect(names).toEqual(expect.arrayContaining(['GET /api/account/user/:id', 'GET /api/account/config', 'POST /api/account/table-config', 'POST /api/account/user/update']));
    // The snapshot covers every tenant table, and B has rows in the basic ones, so "unchanged" means something.
    expect(tenantTables().map((table) => table.name)).toEqual(expect.arrayContaining(['memberships', 'table_configs', 'tokens']));
    expect(schemaTables().length).toBeGreaterThanOrEqual(tenantTables().length);
    expect(b.ids).toEqual(expect.arrayContaining([b.account.id, b.account.ownerId]));
    expect(b.keys.get('table_configs')?.get('code')).toEqual(expect.arrayContaining([`${MARK}_table`]));
    expect(b.secrets.length).toBeGreaterThan(b.explicit.length);
  });

  it('B has rows in every tenant table (else the walk proves nothing for that table: make its add route work with sample input)', () => {
    const empty = tenantTables()
      .map((table) => table.name)
      .filter((table) => !rowCounts[table]);
    expect(empty).toEqual([]);
  });

  it('every staff route refuses a missing or forged token with 403 and { error }', async () => {
    const failures: string[] = [];
    for (const route of staffRoutes) {
      for (const token of [undefined, 'forged-token']) {
        const answer = await callRoute(server.app, route, { token, ...partsFor(route, attackHint(route, b.account.ownerId, null)) });
        if (answer.status !== 403 || typeof answer.body?.error !== 'string') failures.push(`${routeName(route)} with ${token ?? 'no token'}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it("a token of account A neither reads nor changes account B's rows, on any staff route", async () => {
    let before = await snapshotOfB();
    const failures: string[] = [];
    const walked = new Set<string>();
    /** Per route, A's calls that reached its handler: a call refused as bad input (400/415) before it proves nothing. */
    const reached = new Map<string, number>();
    /** Every text A has sent so far: a secret A sent (in pass 2, B's own keys) cannot prove a leak. */
    const sent = new Set<string>();
    // Pass 1: B's ids only. Pass 2: B's ids and B's texts in fields named like B's columns (codes, names…);
    // the second pass also catches a route that a first-pass call opened (e.g. link, then update).
    for (const pass of [1, 2]) {
      for (const route of staffRoutes) {
        const calls = b.ids.flatMap((id): { id: number; variant: number | null }[] =>
          pass === 1 ? [{ id, variant: null }] : Array.from({ length: variantsOf(route) }, (_, variant) => ({ id, variant })),
        );
        const handled = probe.reached(routeName(route));
        for (const { id, variant } of calls) {
          const parts = partsFor(route, attackHint(route, id, variant));
          for (const value of JSON.stringify(parts).match(new RegExp(`${MARK}[^"\\\\]*`, 'g')) ?? []) sent.add(value);
          const answer = await callRoute(server.app, route, { token: a.token, ...parts });
          walked.add(routeName(route));
          const where = `${routeName(route)} with B's id ${id} (pass ${pass})`;
          if (answer.status >= 500) failures.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
          const leaked = leaks(answer, sent);
          if (leaked.length) failures.push(`${where}: the answer shows B's data ${leaked.join(', ')}: ${answer.text.slice(0, 300)}`);
        }
        reached.set(routeName(route), (reached.get(routeName(route)) ?? 0) + probe.reached(routeName(route)) - handled);
        const after = await snapshotOfB();
        const changed = diffSnapshots(before, after);
        if (changed.length) failures.push(`${routeName(route)} (pass ${pass}) changed B's rows: ${JSON.stringify(changed).slice(0, 600)}`);
        // Later routes are judged against the state they found.
        before = after;
      }
    }
    // A route whose every call was refused before its handler (validation, content type) proves nothing: make the
    // walk's sample input fit its schema.
    const unproven = staffRoutes.map(routeName).filter((name) => !reached.get(name));
    console.log(`isolation walk: ${staffRoutes.length - unproven.length} of ${staffRoutes.length} staff routes reached their handler with B's ids; unproven: ${unproven.join(', ') || 'none'}`);
    for (const name of unproven) failures.push(`${name}: no call of A reached its handler (all refused before it), so the walk proves nothing for it`);
    expect([...walked].sort()).toEqual(staffRoutes.map(routeName).sort());
    expect(failures).toEqual([]);
    // A is still signed in (nothing in the walk ended the session), so every call above was judged as A.
    expect((await server.call('GET', 'account/config', { token: a.token })).body.account.id).toBe(a.id);
  }, WALK_TIMEOUT);

  it("control: the same walk with B's own token does reach B's data, so the checks above can see a leak", async () => {
    const seen = new Set<string>();
    for (const route of staffRoutes.filter((item) => item.method === 'GET')) {
      for (const id of b.ids) {
        for (let variant = 0; variant < variantsOf(route); variant += 1) {
          const answer = await callRoute(server.app, route, { token: b.account.token, ...partsFor(route, attackHint(route, id, variant)) });
          for (const secret of b.explicit) if (answer.text.includes(secret)) seen.add(secret);
        }
      }
    }
    expect([...seen].sort()).toEqual([...b.explicit].sort());
  }, WALK_TIMEOUT);
});
