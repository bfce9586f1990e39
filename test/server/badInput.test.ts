import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { diffSnapshots, fingerprint, snapshotAll, walPosition, type Snapshot, type TableDiff } from './support/dbSnapshot';
import { callRoute, routeName, schemaParts, takesBody, type ApiRoute, type RouteAnswer, type RouteCall } from './support/routes';
import { fieldsOf, isIdField, pathParams, primaryType, sampleObject, type JsonSchema } from './support/schemaValues';
import { seedFor, SEED_VARIABLE, walkSeed } from './support/walkSeed';
import { exportsSettled } from './analytics/settledExports';
import { useTestServer, type TestAccount } from './harness';

/**
 * Bad input on every registered route (app.apiRoutes, so a route added later is covered without
 * editing this file): malformed bodies, query strings and ids. Every answer is a 4xx with
 * `{ error: <text> }` or an acceptance — never a 5xx — and a refused request changes nothing in
 * the database (every table, compared row by row before and after).
 */
const server = useTestServer();

/** Each property-based pass calls every route many times; with every API area added that takes minutes, not seconds. */
const WALK_TIMEOUT = 900_000;

/**
 * Runs per property and route: 15, fewer (not under 8) once there are so many routes that the file would pass
 * a minute on two cores; BAD_INPUT_RUNS sets it for a deeper local run.
 */
let RUNS = 15;
const FEW = 6;

/** Every run prints its seed; BAD_INPUT_SEED=<seed> draws the same samples again (CI fixes one). */
const SEED = walkSeed();
const REPLAY = `${SEED_VARIABLE}=${SEED.seed}`;
console.log(`bad-input walk: seed ${SEED.seed} (${SEED.fixed ? `fixed by ${SEED_VARIABLE}` : 'new this run'}); replay with ${REPLAY}`);

type Part = 'params' | 'query' | 'body';
const PARTS: Part[] = ['params', 'query', 'body'];

let owner: TestAccount;
let routes: ApiRoute[];
let ourIds: { accounts: number[]; users: number[] };
/** The database as the last judged request left it (null: unknown, take a new snapshot). */
let lastSnapshot: Snapshot | null = null;
let lastPosition = '';

/** The parts a route declares, as object schemas (params always, from the URL, even without a schema). */
function partsOf(route: ApiRoute): Partial<Record<Part, JsonSchema>> {
  const parts = schemaParts(route);
  const params = parts.params ?? (pathParams(route.url).length ? { type: 'object', properties: Object.fromEntries(pathParams(route.url).map((name) => [name, { type: 'string' }])), required: pathParams(route.url) } : undefined);
  return { params, query: parts.query, body: parts.body };
}

/** A valid-looking request: required fields only (fewer side effects), or every field. */
function baseCall(route: ApiRoute, optional = false): RouteCall {
  const parts = partsOf(route);
  const call: RouteCall = { token: route.auth === 'staff' ? owner.token : undefined };
  if (parts.params) call.params = sampleObject(parts.params, { optional: true });
  if (parts.query) call.query = sampleObject(parts.query, { optional });
  if (parts.body) call.body = sampleObject(parts.body, { optional });
  return call;
}

/**
 * The writes a refusal must make: a wrong confirmation code counts as an attempt (the attempt limit depends on it),
 * so a codes row whose only change is a higher `attempts` is not a change here; and a webhook from outside (a CRM,
 * a payment provider) that is refused leaves a warning in the integration log for the admin to see, so a new
 * warning or error row there, and nothing else in that table, is not a change either.
 */
function withoutAllowedWrites(diffs: TableDiff[]): TableDiff[] {
  return diffs
    .map((diff) => {
      if (diff.table === 'integration_log' && !diff.removed.length) {
        const logged = (row: string) => ['warning', 'error'].includes(String((JSON.parse(row) as Record<string, unknown>).level));
        return { ...diff, added: diff.added.filter((row) => !logged(row)) };
      }
      if (diff.table !== 'codes') return diff;
      const parsed = (rows: string[]) => rows.map((row) => JSON.parse(row) as Record<string, unknown>);
      const removed = parsed(diff.removed);
      const counted = (row: Record<string, unknown>) =>
        removed.some((old) => old.id === row.id && Number(row.attempts) > Number(old.attempts) && JSON.stringify({ ...old, attempts: 0 }) === JSON.stringify({ ...row, attempts: 0 }));
      const countedIds = new Set(parsed(diff.added).filter(counted).map((row) => row.id));
      const keep = (row: string) => !countedIds.has((JSON.parse(row) as Record<string, unknown>).id);
      return { ...diff, added: diff.added.filter(keep), removed: diff.removed.filter(keep) };
    })
    .filter((diff) => diff.added.length || diff.removed.length);
}

/** On a private PGlite every change counts; on a shared PostgreSQL only rows of this file's accounts and users, or rows holding what was sent. */
function ours(diffs: TableDiff[], sent: string): TableDiff[] {
  if (server.database.kind === 'pglite') return diffs;
  const words = sent.match(/[^\s"'{}[\]:,&=?/]{4,}/g) ?? [];
  const mine = (row: string) => {
    const value = JSON.parse(row) as Record<string, unknown>;
    if (ourIds.accounts.includes(value.account_id as number) || ourIds.users.includes(value.user_id as number)) return true;
    return words.some((word) => row.includes(word));
  };
  return diffs.map((diff) => ({ ...diff, added: diff.added.filter(mine), removed: diff.removed.filter(mine) })).filter((diff) => diff.added.length || diff.removed.length);
}

/**
 * Sends one request and judges it: never 5xx; a 4xx carries { error: <non-empty text> } and leaves
 * the database as it was. `refuse` also requires a 4xx. Returns the failure, or null.
 */
async function judge(route: ApiRoute, call: RouteCall, refuse: boolean): Promise<string | null> {
  const { db } = server.database;
  // A report export an earlier call started is still writing its task in the background: not this call's change.
  await exportsSettled(db);
  // An unmoved WAL position means nothing was written, here or by anyone else on a shared server: the last
  // snapshot still holds. Only when it moved (a write, or e.g. autovacuum) is the database read again in full.
  if (!lastSnapshot || (await walPosition(db)) !== lastPosition) {
    // A snapshot is taken between two equal positions, so it is the state at that position.
    for (let tries = 0, start: string | null = null; tries < 5 && start !== lastPosition; tries++) {
      start = await walPosition(db);
      lastSnapshot = await snapshotAll(db);
      lastPosition = await walPosition(db);
    }
  }
  const before: Snapshot = lastSnapshot!;
  lastSnapshot = null;
  let answer: RouteAnswer;
  try {
    answer = await callRoute(server.app, route, call);
  } catch (error) {
    return `the request could not be made: ${String(error)}`;
  }
  const position = await walPosition(db);
  const after = position === lastPosition ? before : await snapshotAll(db);
  lastSnapshot = after;
  lastPosition = position;
  const shown = `${answer.status} ${answer.text.slice(0, 300)}`;
  if (answer.status >= 500) return `answered ${shown}`;
  if (refuse && (answer.status < 400 || answer.status >= 500)) return `expected a 4xx refusal, got ${shown}`;
  if (answer.status >= 400) {
    if (typeof answer.body !== 'object' || answer.body === null || typeof answer.body.error !== 'string' || !answer.body.error.trim()) {
      return `a refusal without { error: <text> }: ${shown}`;
    }
    const changed = ours(withoutAllowedWrites(diffSnapshots(before, after)), JSON.stringify(call));
    if (changed.length) {
      return `refused with ${answer.status} but changed the database: ${JSON.stringify(fingerprint(before))} → ${JSON.stringify(fingerprint(after))}; ${JSON.stringify(changed).slice(0, 600)}`;
    }
  }
  return null;
}

/** Runs a property over every route it applies to and collects the failures of all routes (not just the first). */
async function overRoutes(applies: (route: ApiRoute) => boolean, property: (route: ApiRoute) => fc.IAsyncProperty<[unknown]> | fc.IAsyncPropertyWithHooks<[unknown]> | null, runs = RUNS) {
  const failures: string[] = [];
  let checked = 0;
  for (const route of routes.filter(applies)) {
    const prop = property(route);
    if (!prop) continue;
    checked += 1;
    try {
      await fc.assert(prop, { numRuns: runs, includeErrorInReport: true, seed: seedFor(SEED.seed, routeName(route)) });
    } catch (error) {
      failures.push(`${routeName(route)} (replay with ${REPLAY}): ${String((error as Error).message).slice(0, 1500)}`);
    }
  }
  return { failures, checked };
}

/** Makes a fast-check property of one call builder. */
function propertyOf<T>(route: ApiRoute, arbitrary: fc.Arbitrary<T>, build: (value: T) => RouteCall, refuse: boolean) {
  return fc.asyncProperty(arbitrary, async (value) => {
    const failure = await judge(route, build(value), refuse);
    if (failure) throw Object.assign(new Error(failure), { stack: failure }); // the report needs the answer, not this file's stack
  }) as unknown as fc.IAsyncProperty<[unknown]>;
}

/** Every property of one part of a route: [part, name, schema, required]. */
function fieldsOfRoute(route: ApiRoute) {
  const fields: { part: Part; name: string; schema: JsonSchema; required: boolean }[] = [];
  const parts = partsOf(route);
  for (const part of PARTS) {
    const { properties, required } = fieldsOf(parts[part]);
    for (const [name, schema] of Object.entries(properties)) fields.push({ part, name, schema, required: required.includes(name) });
  }
  return fields;
}

const withField = (call: RouteCall, part: Part, name: string, value: unknown): RouteCall => ({
  ...call,
  [part]: { ...((call[part] as Record<string, unknown> | undefined) ?? {}), [name]: value },
});

const withoutField = (call: RouteCall, part: Part, name: string): RouteCall => {
  const copy = { ...((call[part] as Record<string, unknown> | undefined) ?? {}) };
  delete copy[name];
  return { ...call, [part]: copy };
};

/** Any JSON-ish value: what a client could send anywhere. */
const anyValue = fc.oneof(fc.jsonValue(), fc.anything({ maxDepth: 3 }));
/** Text that reaches the server in a URL: any characters, percent-encoded by the caller. */
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('', ' ', 'null', 'undefined', 'true', '[]', '{}', '\u0000', 'a\u0000b', '\ud800'));
/** Ids in forms JavaScript reads as numbers but that are not decimal: only decimal ids are ids (0x1 is not 1). */
const NON_DECIMAL_IDS = ['0x1', '0x10', '0b1', '0o1', '1e0', ' 1', '1 ', '+1', '\n1'];
/** Numbers that are not row ids. */
const BAD_ID_TEXTS = ['abc', '-1', '0', '1e309', '-1e309', 'NaN', 'Infinity', '1.5', '99999999999', '9'.repeat(40), '', '1;drop table users', '\u0000', '%00', ...NON_DECIMAL_IDS];
// Not `true`: the validator's type coercion (coerceTypes) reads it as 1, like the text '1' of a query.
const BAD_ID_VALUES: unknown[] = [-1, 0, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 'abc', '1e309', 'Infinity', '-1e309', '', null, false, [], {}, [1, 2], { id: 1 }, ...NON_DECIMAL_IDS];
/** Numbers at the edges: huge (prices like 1e12), finer than thousandths (0.0001), non-decimal texts. */
const ODD_NUMBERS: unknown[] = [1e12, 1e15, 1e300, 2 ** 53 + 2, -1e12, 0.0001, 0.0004, 1.0004, 1e-10, 5e-324, '1e12', '0.0001', '0x10', '1e1', ' 16'];
/** JSON text nested `depth` levels deep, as arrays or as objects. */
const deepJson = (depth: number, objects: boolean) => (objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : '['.repeat(depth) + ']'.repeat(depth));
/** Wrong JSON types for any field. */
const wrongValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 31, 1e300, -0, '', ' ', 'abc', [], {}, [null], { a: 1 }),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
);
/** Texts the JSON parser must refuse. */
const brokenJson = fc.oneof(
  fc.constantFrom('{', '}', '{"a":', "{'a':1}", '[1,]', 'nul', 'tru', '{"a":1}}', '"unterminated', 'NaN', 'undefined', '{a:1}', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'),
  fc.string().filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

const hasBody = (route: ApiRoute) => takesBody(route.method);
const acceptsNull = (schema: JsonSchema): boolean =>
  schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null')) || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(acceptsNull);

beforeAll(async () => {
  // Sign-out routes take no input and would end the walk's own sessions (test/server/sessions.test.ts covers them).
  routes = server.app.apiRoutes.filter((route) => !route.endsSessions);
  RUNS = Number(process.env.BAD_INPUT_RUNS) || Math.max(8, Math.min(15, Math.floor(1000 / routes.length)));
  owner = await server.newAccount();
  const member = await server.newMember(owner);
  ourIds = { accounts: [owner.id], users: [owner.ownerId, member.id] };
});

beforeEach(() => {
  lastSnapshot = null;
});

describe('bad input on every registered route', () => {
  it('the walk covers every registered API route', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.map(routeName)).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/account/user/:id', 'POST /api/account/table-config']));
    expect(routes.some((route) => route.auth === 'none') && routes.some((route) => route.auth === 'staff')).toBe(true);
  });

  it('arbitrary JSON bodies: a 4xx with { error } or an acceptance, never a 5xx; a refusal changes nothing', async () => {
    const { failures, checked } = await overRoutes(hasBody, (route) => {
      const keys = Object.keys(fieldsOf(partsOf(route).body).properties);
      // The whole body anything, or an object with the route's own keys set to anything.
      const body = fc.oneof(anyValue, keys.length ? fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: keys.length }) : anyValue);
      return propertyOf(route, body, (value) => ({ ...baseCall(route), body: undefined, rawBody: JSON.stringify(value) ?? 'null' }), false);
    });
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('arbitrary query strings: never a 5xx; a refusal changes nothing', async () => {
    const { failures } = await overRoutes(
      () => true,
      (route) => {
        const keys = Object.keys(fieldsOf(partsOf(route).query).properties);
        const key = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
        const value = fc.oneof(anyText, anyValue, fc.constantFrom(...BAD_ID_TEXTS), fc.array(anyText, { minLength: 2, maxLength: 3 }));
        return propertyOf(route, fc.dictionary(key, value, { maxKeys: 4 }), (query) => ({ ...baseCall(route), query }), false);
      },
    );
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('malformed query strings and escapes, sent raw: never a 5xx', async () => {
    const unit = fc.constantFrom(...'abz019%&=[]._~+-!$\'()*,;:@/?'.split(''));
    const { failures } = await overRoutes(
      () => true,
      (route) => propertyOf(route, fc.string({ unit, maxLength: 30 }), (text) => ({ ...baseCall(route), raw: true, rawQuery: text }), false),
      FEW,
    );
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('wrong types for each property of params, query and body: never a 5xx; a refusal changes nothing', async () => {
    const { failures } = await overRoutes(
      (route) => fieldsOfRoute(route).length > 0,
      (route) => {
        const fields = fieldsOfRoute(route);
        const pick = fc.tuple(fc.constantFrom(...fields), wrongValue);
        return propertyOf(route, pick, ([field, value]) => withField(baseCall(route), field.part, field.name, value), false);
      },
      RUNS * 2,
    );
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it("ids that are no row's id (abc, -1, 1e309, %00, huge…) in paths, queries and bodies: always a 4xx refusal", async () => {
    // client_id, member_id and crm_account_id are a CRM's own identifiers (whatever it issues), not rows of ours.
    const crmOwn = new Set(['client_id', 'member_id', 'crm_account_id']);
    const idFields = (route: ApiRoute) =>
      fieldsOfRoute(route).filter((field) => isIdField(field.name) && !crmOwn.has(field.name) && ['integer', 'number', 'string'].includes(primaryType(field.schema)));
    const { failures, checked } = await overRoutes(
      (route) => idFields(route).length > 0,
      (route) => {
        const fields = idFields(route);
        const pick = fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...BAD_ID_TEXTS), fc.constantFrom(...BAD_ID_VALUES));
        return propertyOf(
          route,
          // A nullable id (e.g. parent_id) may be null, and type coercion reads '', 0 and false as null there: no bad input.
          pick.filter(([field, , value]) => field.part !== 'body' || !acceptsNull(field.schema) || ![null, '', 0, false].includes(value as never)),
          ([field, text, value]) => (field.part === 'body' ? withField(baseCall(route), 'body', field.name, value) : withField(baseCall(route), field.part, field.name, text)),
          true,
        );
      },
      RUNS * 2,
    );
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('path ids with malformed escapes, traversal and overlong segments: always a 4xx refusal', async () => {
    const raw = fc.constantFrom('%', '%zz', '%00', '%ff', '%c0%ae', '..', '..%2F..', '%2e%2e', '1%2F2', 'x'.repeat(500), '1'.repeat(200), '%E2%80%AE', '-', '%20');
    const { failures, checked } = await overRoutes(
      (route) => pathParams(route.url).length > 0,
      (route) =>
        propertyOf(
          route,
          fc.tuple(fc.constantFrom(...pathParams(route.url)), raw),
          ([name, text]) => ({ ...withField(baseCall(route), 'params', name, text), raw: true, query: {} }),
          true,
        ),
    );
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('odd numbers in every property (huge prices, fractions finer than thousandths, hex texts): never a 5xx; a refusal changes nothing', async () => {
    const { failures, checked } = await overRoutes(
      (route) => fieldsOfRoute(route).length > 0,
      (route) => {
        const fields = fieldsOfRoute(route);
        const pick = fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...ODD_NUMBERS));
        return propertyOf(route, pick, ([field, value]) => withField(baseCall(route), field.part, field.name, value), false);
      },
    );
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('JSON nested thousands of levels deep, as the whole body or in any property: always a 4xx refusal', async () => {
    const { failures, checked } = await overRoutes(hasBody, (route) => {
      const keys = Object.keys(fieldsOf(partsOf(route).body).properties);
      const nested = fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean(), keys.length ? fc.option(fc.constantFrom(...keys)) : fc.constant(null));
      return propertyOf(
        route,
        nested,
        ([depth, objects, key]) => ({ ...baseCall(route), body: undefined, rawBody: key === null ? deepJson(depth, objects) : `{${JSON.stringify(key)}:${deepJson(depth, objects)}}`, contentType: 'application/json' }),
        true,
      );
    }, FEW);
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('a missing required field (or a missing body or query): always a 4xx refusal', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const base = baseCall(route, true);
      const cases: [string, RouteCall][] = fieldsOfRoute(route)
        .filter((field) => field.required)
        .map((field) => [`without ${field.part}.${field.name}`, field.part === 'params' ? { ...withField(base, 'params', field.name, '') } : withoutField(base, field.part, field.name)]);
      const parts = partsOf(route);
      if (parts.body && fieldsOf(parts.body).required.length && hasBody(route)) cases.push(['without a body', { ...base, body: undefined }]);
      if (parts.query && fieldsOf(parts.query).required.length) cases.push(['without a query', { ...base, query: {} }]);
      for (const [label, call] of cases) {
        checked += 1;
        const failure = await judge(route, call, true);
        if (failure) failures.push(`${routeName(route)} ${label}: ${failure}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('invalid JSON text with content-type application/json: always a 4xx refusal', async () => {
    const { failures, checked } = await overRoutes(hasBody, (route) =>
      propertyOf(route, brokenJson, (text) => ({ ...baseCall(route), body: undefined, rawBody: text, contentType: 'application/json' }), true),
    );
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('huge strings, NUL and lone surrogates in every string field: never a 5xx; a refusal changes nothing', async () => {
    const strange = fc.oneof(
      fc.integer({ min: 1_000, max: 200_000 }).map((size) => 'x'.repeat(size)),
      fc.constantFrom('a\u0000b', '\u0000', '\ud800', 'a\udfffb', '\u202e', `${'x'.repeat(100_000)}\u0000`),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 50 }),
    );
    const { failures } = await overRoutes(
      (route) => fieldsOfRoute(route).some((field) => ['string', 'unknown'].includes(primaryType(field.schema))),
      (route) => {
        const fields = fieldsOfRoute(route).filter((field) => ['string', 'unknown'].includes(primaryType(field.schema)));
        return propertyOf(route, fc.tuple(fc.constantFrom(...fields), strange), ([field, value]) => withField(baseCall(route), field.part, field.name, value), false);
      },
    );
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('a body over the size limit and bodies of other content types: a 4xx refusal', async () => {
    const failures: string[] = [];
    for (const route of routes.filter(hasBody)) {
      const base = baseCall(route);
      const cases: [string, RouteCall, boolean][] = [
        ['a 2 MB JSON body', { ...base, body: undefined, rawBody: JSON.stringify({ ...((base.body as object) ?? {}), pad: 'x'.repeat(2 * 1024 * 1024) }) }, true],
        ['text/plain', { ...base, body: undefined, rawBody: 'hello', contentType: 'text/plain' }, Boolean(partsOf(route).body)],
        ['a form', { ...base, body: undefined, rawBody: 'login=a&password=b', contentType: 'application/x-www-form-urlencoded' }, Boolean(partsOf(route).body)],
        ['broken multipart', { ...base, body: undefined, rawBody: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n', contentType: 'multipart/form-data; boundary=x' }, false],
        ['multipart without a boundary', { ...base, body: undefined, rawBody: 'junk', contentType: 'multipart/form-data' }, false],
        ['JSON in another charset', { ...base, body: undefined, rawBody: Buffer.from('{"a":1}', 'utf16le'), contentType: 'application/json; charset=utf-16' }, false],
        ['no content-type', { ...base, body: undefined, rawBody: '{"a":1}', contentType: null }, false],
      ];
      for (const [label, call, refuse] of cases) {
        const failure = await judge(route, call, refuse);
        if (failure) failures.push(`${routeName(route)} with ${label}: ${failure}`);
      }
    }
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('a registered path with a method it does not have, and unknown API paths: 404 with { error }', async () => {
    const failures: string[] = [];
    const registered = new Set(routes.map(routeName));
    for (const route of routes) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        if (registered.has(`${method} ${route.url}`)) continue;
        const failure = await judge({ ...route, method }, baseCall(route), true);
        if (failure) failures.push(`${method} ${route.url}: ${failure}`);
      }
      const failure = await judge({ ...route, url: `${route.url}/nope` }, baseCall(route), true);
      if (failure) failures.push(`${route.url}/nope: ${failure}`);
    }
    expect(failures).toEqual([]);
  }, WALK_TIMEOUT);

  it('after all of it, the token used throughout still works (so every staff call above was judged past the auth hook)', async () => {
    const config = await server.call('GET', 'account/config', { token: owner.token });
    expect(config.status).toBe(200);
    expect(config.body.account.id).toBe(owner.id);
  }, WALK_TIMEOUT);
});
