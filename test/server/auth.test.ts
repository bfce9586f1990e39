import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { TOO_MANY_ATTEMPTS, WRONG_CODE } from '../../server/auth/codes';
import { SERVER_BUSY, hashPassword, limitHashing } from '../../server/auth/secrets';
import { loadConfig, type ServerConfig } from '../../server/config';
import { codes, memberships, outbox, publicCustomers, tokens, users } from '../../server/db/schema';
import { PASSWORD_IS_LOGIN, PASSWORD_TOO_SHORT } from '../../server/modules/auth/service';
import { codeIn, unique, useTestServer } from './harness';

const server = useTestServer();

describe('auth/login', () => {
  it('signs in by e-mail (any case) and returns {success, access_token} that opens account/config', async () => {
    const account = await server.newAccount();
    const login = await server.call('POST', 'auth/login', { body: { login: account.email.toUpperCase(), password: account.password } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, access_token: expect.any(String) });
    const config = await server.call('GET', 'account/config', { token: login.body.access_token });
    expect(config.status).toBe(200);
    expect(config.body.account.id).toBe(account.id);
  });

  it("a wrong password or an unknown login answers 422 'Invalid username or password'", async () => {
    const account = await server.newAccount();
    for (const body of [{ login: account.email, password: 'nope' }, { login: 'nobody@example.com', password: 'x' }]) {
      const answer = await server.call('POST', 'auth/login', { body });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ success: false, error: 'Invalid username or password', code: 'invalidLogin' });
    }
  });

  it('the token is stored only as a hash', async () => {
    const account = await server.newAccount();
    const rows = await server.database.db.select().from(tokens).where(eq(tokens.userId, account.ownerId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === account.token)).toBe(false);
  });

  it('a missing, forged or expired token gets 403', async () => {
    const account = await server.newAccount();
    expect((await server.call('GET', 'account/config')).status).toBe(403);
    expect((await server.call('GET', 'account/config', { token: 'forged' })).status).toBe(403);
    await server.database.db.update(tokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tokens.userId, account.ownerId));
    const expired = await server.call('GET', 'account/config', { token: account.token });
    expect(expired).toEqual({ status: 403, body: { error: 'Token not valid' } });
  });

  it("rule: a user with no enabled membership but a pending invitation signs in with scope 'invitations'; that token opens no account, only the invitation calls", async () => {
    const former = await server.newAccount();
    const member = await server.newMember(former);
    await server.database.db.update(memberships).set({ status: 'disabled' }).where(eq(memberships.userId, member.id));
    const inviting = await server.newAccount();
    expect((await server.call('GET', 'account/user/link', { token: inviting.token, query: { email: member.email } })).status).toBe(200);

    const login = await server.call('POST', 'auth/login', { body: { login: member.email, password: former.password } });
    expect(login).toEqual({ status: 200, body: { success: true, access_token: expect.any(String), scope: 'invitations' } });
    const token = login.body.access_token;
    expect(await server.call('GET', 'account/config', { token })).toEqual({ status: 403, body: { error: 'Token not valid' } });
    expect((await server.call('GET', 'account/user/invitations', { token })).body).toEqual([expect.objectContaining({ account_id: inviting.id })]);
    // An ordinary sign-in carries no scope.
    expect((await server.call('POST', 'auth/login', { body: { login: former.email, password: former.password } })).body).toEqual({ success: true, access_token: expect.any(String) });
  });

  it('signs in by phone, written as people write it, with the same password; a wrong password is refused', async () => {
    const account = await server.newAccount();
    const phone = `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await server.database.db.update(users).set({ phone }).where(eq(users.id, account.ownerId));
    for (const written of [phone, `+${phone.slice(0, 1)} (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`]) {
      const login = await server.call('POST', 'auth/login', { body: { login: written, password: account.password } });
      expect(login).toEqual({ status: 200, body: { success: true, access_token: expect.any(String) } });
      const config = await server.call('GET', 'account/config', { token: login.body.access_token });
      expect(config.body).toMatchObject({ account: { id: account.id }, user: { id: account.ownerId, phone } });
    }
    const wrong = await server.call('POST', 'auth/login', { body: { login: phone, password: 'not the password' } });
    expect(wrong).toEqual({ status: 422, body: { success: false, error: 'Invalid username or password', code: 'invalidLogin' } });
  });

  it('sign-in attempts are rate-limited per address and login (LOGIN_RATE_LIMIT): past the limit 429, even with the right password; another login is not held up', async () => {
    // The shared harness allows 1000 a minute; a second app on the same database allows 3.
    const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent', loginRateLimit: 3 });
    const limited = await buildApp({ config, db: server.database.db, logger: process.env.TEST_SERVER_LOG ? { level: process.env.TEST_SERVER_LOG } : false });
    try {
      await limited.ready();
      const account = await server.newAccount();
      const other = await server.newAccount();
      const login = (body: { login: string; password: string }) => limited.inject({ method: 'POST', url: '/api/auth/login', payload: body });
      for (let i = 0; i < 3; i += 1) expect((await login({ login: account.email, password: 'guess' })).statusCode).toBe(422);
      const blocked = await login({ login: account.email, password: account.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: expect.any(String) });
      expect(blocked.json().access_token).toBeUndefined();
      // The key is the login as typed, in any case: the upper-cased e-mail is the same login.
      expect((await login({ login: account.email.toUpperCase(), password: account.password })).statusCode).toBe(429);
      const free = await login({ login: other.email, password: other.password });
      expect(free.statusCode).toBe(200);
      expect(free.json()).toMatchObject({ success: true, access_token: expect.any(String) });
    } finally {
      await limited.close();
    }
  });

  it('a disabled member cannot sign in to that account', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    await server.database.db.update(memberships).set({ status: 'disabled' }).where(eq(memberships.userId, member.id));
    expect((await server.call('GET', 'account/config', { token: member.token })).status).toBe(403);
  });
});

describe('registration with a confirmation code (auth/sign-up, auth/set-account)', () => {
  it('creates the account and its owner; the password arrives in the outbox and signs in', async () => {
    const email = `${unique('new')}@example.com`;
    const signUp = await server.call('GET', 'auth/sign-up', { query: { name: 'Ann', mode: 'email', login: email, lang: 'ru' } });
    expect(signUp).toEqual({ status: 200, body: { success: true } });
    const code = codeIn(await server.lastMessage(email));
    expect(code).toMatch(/^\d{8}$/);
    const confirm = await server.call('POST', 'auth/set-account', { body: { mode: 'email', login: email, code } });
    expect(confirm).toEqual({ status: 200, body: { success: true } });
    const password = /password: (\S+)/.exec(await server.lastMessage(email))?.[1] ?? '';
    const login = await server.call('POST', 'auth/login', { body: { login: email, password } });
    const config = await server.call('GET', 'account/config', { token: login.body.access_token });
    expect(config.body.user).toMatchObject({ name: 'Ann', lang: 'ru', is_owner: true, admin: true });
    expect(config.body.account.expired).toBe(false);
    const trialDays = (Date.parse(config.body.account.trial_ends_at) - Date.now()) / 86_400_000;
    expect(Math.round(trialDays)).toBe(14);
  });

  it("too many wrong codes: 'You have used too many code entry attempts', and then even the right code is refused", async () => {
    const phone = `7900${String(Date.now()).slice(-7)}`;
    await server.call('GET', 'auth/sign-up', { query: { name: 'P', mode: 'phone', login: phone } });
    const code = codeIn(await server.lastMessage(phone));
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await server.call('POST', 'auth/set-account', { body: { mode: 'phone', login: phone, code: wrong } })).body.error);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('The code is wrong'));
    expect(answers[4]).toBe('You have used too many code entry attempts');
    const right = await server.call('POST', 'auth/set-account', { body: { mode: 'phone', login: phone, code } });
    expect(right.body).toEqual({ success: false, error: 'You have used too many code entry attempts', code: 'tooManyCodeAttempts' });
    expect(await server.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  it('codes are stored hashed', async () => {
    const email = `${unique('hash')}@example.com`;
    await server.call('GET', 'auth/sign-up', { query: { name: 'H', mode: 'email', login: email } });
    const code = codeIn(await server.lastMessage(email));
    const [row] = await server.database.db.select().from(codes).where(eq(codes.login, email));
    expect(row.codeHash).not.toContain(code);
  });

  it.each([
    [{ name: 'X', mode: 'email', login: 'not-an-email' }],
    [{ name: 'X', mode: 'phone', login: 'a@b.co' }],
    [{ name: '', mode: 'email', login: 'a@b.co' }],
    [{ name: 'X', mode: 'fax', login: 'a@b.co' }],
  ])('bad input %j is a 400 with a clear error and sends nothing', async (query) => {
    const answer = await server.call('GET', 'auth/sign-up', { query });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual(expect.any(String));
  });
});

describe('password recovery (auth/restore, auth/restore-end)', () => {
  it('a code by message sets a new password; old sessions end; the old password stops working', async () => {
    const account = await server.newAccount();
    expect((await server.call('GET', 'auth/restore', { query: { login: account.email } })).body).toEqual({ success: true });
    const code = codeIn(await server.lastMessage(account.email));
    const end = await server.call('POST', 'auth/restore-end', { body: { login: account.email, code, password: 'brand-new-pass' } });
    expect(end.body).toEqual({ success: true });
    expect((await server.call('GET', 'account/config', { token: account.token })).status).toBe(403);
    expect((await server.call('POST', 'auth/login', { body: { login: account.email, password: account.password } })).status).toBe(422);
    expect((await server.call('POST', 'auth/login', { body: { login: account.email, password: 'brand-new-pass' } })).body.success).toBe(true);
  });

  it('an unknown login gets the same answer and no message', async () => {
    const email = `${unique('ghost')}@example.com`;
    expect((await server.call('GET', 'auth/restore', { query: { login: email } })).body).toEqual({ success: true });
    expect(await server.lastMessage(email)).toBe('');
  });
});

describe('the OpenAPI document (/api/docs)', () => {
  it('serves the UI at /api/docs and the document at /api/docs/json, listing the calls with their schemas, without a token', async () => {
    const ui = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const page = ui.statusCode === 302 ? await server.app.inject({ method: 'GET', url: new URL(String(ui.headers.location), 'http://local/api/docs/').pathname }) : ui;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);

    const json = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Stockroom API');
    for (const path of ['/api/auth/login', '/api/product/list', '/api/category/list', '/api/account/tariffs']) expect(document.paths[path], path).toBeDefined();
    // Requests and answers are documented from the shared contract.
    expect(document.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(document.paths['/api/product/list'].post.responses['200']).toBeDefined();
    expect(document.paths['/api/account/tariffs'].get.responses['200']).toBeDefined();
  });
});

/** A second app on the harness's database with its own limits (the harness allows nearly everything). */
async function appWith(overrides: Partial<ServerConfig>): Promise<FastifyInstance> {
  const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent', loginRateLimit: 1000, codeRateLimit: 1000, hashQueue: 1000, ...overrides });
  const app = await buildApp({ config, db: server.database.db, logger: false });
  await app.ready();
  return app;
}

const messagesTo = async (recipient: string) => (await server.database.db.select().from(outbox).where(eq(outbox.recipient, recipient))).length;

describe('codes and their limits (issue 12 §1)', () => {
  it('rule: at most CODES_PER_HOUR codes per address per hour, for a known and an unknown login alike; then 429 and no more messages', async () => {
    const account = await server.newAccount();
    const ghost = `${unique('ghost')}@example.com`;
    for (const login of [account.email, ghost]) {
      for (let i = 0; i < 5; i += 1) expect(await server.call('GET', 'auth/restore', { query: { login } })).toEqual({ status: 200, body: { success: true } });
      expect(await server.call('GET', 'auth/restore', { query: { login } })).toEqual({ status: 429, body: { success: false, error: TOO_MANY_ATTEMPTS, code: 'tooManyCodeAttempts' } });
    }
    expect(await messagesTo(account.email)).toBe(5);
    expect(await messagesTo(ghost)).toBe(0);
    // The same address is not mail-bombed through sign-up either: the hour's budget is the address's.
    expect((await server.call('GET', 'auth/sign-up', { query: { name: 'X', mode: 'email', login: account.email.toUpperCase() } })).status).toBe(429);
    expect(await messagesTo(account.email)).toBe(5);
  });

  it('rule: wrong guesses count per login across all its codes (CODE_GUESSES_PER_HOUR): a new code brings no fresh guesses, and then even the right code is refused', async () => {
    const account = await server.newAccount();
    const restoreEnd = (code: string) => server.call('POST', 'auth/restore-end', { body: { login: account.email, code, password: 'brand-new-pass' } });
    await server.call('GET', 'auth/restore', { query: { login: account.email } });
    const first = codeIn(await server.lastMessage(account.email));
    for (let i = 0; i < 5; i += 1) await restoreEnd(first === '00000000' ? '11111111' : '00000000');
    await server.call('GET', 'auth/restore', { query: { login: account.email } });
    const second = codeIn(await server.lastMessage(account.email));
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await restoreEnd(second === '00000000' ? '11111111' : '00000000')).body.error);
    expect(answers).toEqual([...Array(4).fill(WRONG_CODE), TOO_MANY_ATTEMPTS]);
    expect((await restoreEnd(second)).body).toEqual({ success: false, error: TOO_MANY_ATTEMPTS, code: 'tooManyCodeAttempts' });
    // The cool-down holds for new codes too: none is issued while the hour's guesses are spent.
    expect((await server.call('GET', 'auth/restore', { query: { login: account.email } })).status).toBe(429);
    expect((await server.call('POST', 'auth/login', { body: { login: account.email, password: 'brand-new-pass' } })).status).toBe(422);
  });

  it('rule: every route that sends or takes a code is rate-limited per client (CODE_RATE_LIMIT), whatever login it names', async () => {
    const app = await appWith({ codeRateLimit: 2 });
    try {
      const account = await server.newAccount();
      const bearer = { authorization: `Bearer ${account.token}` };
      const calls: [string, (i: number) => InjectOptions][] = [
        ['auth/restore', (i) => ({ method: 'GET', url: '/api/auth/restore', query: { login: `${unique(`r${i}`)}@example.com` } })],
        ['auth/restore-end', (i) => ({ method: 'POST', url: '/api/auth/restore-end', payload: { login: `${unique(`e${i}`)}@example.com`, code: '12345678', password: 'brand-new-pass' } })],
        ['auth/sign-up', (i) => ({ method: 'GET', url: '/api/auth/sign-up', query: { name: 'S', mode: 'email', login: `${unique(`s${i}`)}@example.com` } })],
        ['auth/set-account', (i) => ({ method: 'POST', url: '/api/auth/set-account', payload: { mode: 'email', login: `${unique(`a${i}`)}@example.com`, code: '12345678' } })],
        ['profile/check-new-email-confirm', (i) => ({ method: 'POST', url: '/api/profile/check-new-email-confirm', headers: bearer, payload: { email: `${unique(`p${i}`)}@example.com`, code: '12345678' } })],
        ['profile/check-old-phone-confirm', () => ({ method: 'POST', url: '/api/profile/check-old-phone-confirm', headers: bearer, payload: { phone: '79001234567', code: '12345678' } })],
      ];
      for (const [route, request] of calls) {
        const statuses = [];
        for (let i = 0; i < 3; i += 1) statuses.push((await app.inject(request(i))).statusCode);
        expect({ route, limited: statuses[2], before: statuses.slice(0, 2).includes(429) }).toEqual({ route, limited: 429, before: false });
      }
    } finally {
      await app.close();
    }
  });

  it('rule: sign-in limits hold for the login however it is written (spaces, case), for staff and public customers', async () => {
    const app = await appWith({ loginRateLimit: 2 });
    try {
      const account = await server.newAccount();
      const staff = (login: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
      for (let i = 0; i < 2; i += 1) expect((await staff(account.email, 'guess')).statusCode).toBe(422);
      expect((await staff(`  ${account.email.toUpperCase()} `, account.password)).statusCode).toBe(429);

      const email = `${unique('buyer')}@example.com`;
      await server.database.db.insert(publicCustomers).values({ accountId: account.id, name: 'Buyer', email, passwordHash: await hashPassword('buyer-password') });
      const buyer = (login: string, password: string) => app.inject({ method: 'POST', url: '/api/public-order/auth/login', payload: { login, password } });
      for (let i = 0; i < 2; i += 1) expect((await buyer(email, 'guess')).statusCode).toBe(422);
      expect((await buyer(` ${email.toUpperCase()}  `, 'buyer-password')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('rule: an unknown login costs a password check, as a wrong password does (no timing difference to probe)', async () => {
    const account = await server.newAccount();
    const timed = async (login: string) => {
      const times = [];
      for (let i = 0; i < 5; i += 1) {
        const start = performance.now();
        expect((await server.call('POST', 'auth/login', { body: { login, password: 'wrong-guess' } })).body).toEqual({ success: false, error: 'Invalid username or password', code: 'invalidLogin' });
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2];
    };
    const wrongPassword = await timed(account.email);
    const unknownLogin = await timed(`${unique('nobody')}@example.com`);
    expect(unknownLogin).toBeGreaterThan(wrongPassword * 0.5);
  });

  it('rule: sign-up for an address that has an account answers as for a new one; the owner is told, gets no code, and nothing is created', async () => {
    const account = await server.newAccount();
    const answer = await server.call('GET', 'auth/sign-up', { query: { name: 'X', mode: 'email', login: account.email.toUpperCase() } });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    const message = await server.lastMessage(account.email);
    expect(message).toContain('already has an account');
    expect(codeIn(message)).toBe('');
    expect(await server.database.db.select().from(users).where(eq(users.email, account.email))).toHaveLength(1);
  });
});

describe('password hashing is bounded (HASH_CONCURRENCY, HASH_QUEUE)', () => {
  it('rule: past the hashes running and waiting, a sign-in is refused at once with 503, Retry-After and a clear text; the server keeps serving', async () => {
    const app = await appWith({ hashConcurrency: 1, hashQueue: 2 });
    try {
      const account = await server.newAccount();
      const attempts = Array.from({ length: 30 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: `${unique(`g${i}`)}@example.com`, password: 'guess' } }),
      );
      const cheap = app.inject({ method: 'GET', url: '/api/account/config', headers: { authorization: `Bearer ${account.token}` } });
      const answers = await Promise.all(attempts);
      const busy = answers.filter((answer) => answer.statusCode === 503);
      expect(busy.length).toBeGreaterThan(20);
      expect(busy[0].json()).toEqual({ error: SERVER_BUSY, code: 'serverBusyPasswords' });
      expect(busy[0].headers['retry-after']).toBe('2');
      expect(answers.filter((answer) => answer.statusCode !== 503).every((answer) => answer.statusCode === 422)).toBe(true);
      expect((await cheap).statusCode).toBe(200);
    } finally {
      await app.close();
      limitHashing({ concurrency: 2, queue: 1000 });
    }
  });
});

describe('setting a password', () => {
  it('rule: auth/restore-end takes the new password by POST only; the GET form is gone', async () => {
    const account = await server.newAccount();
    await server.call('GET', 'auth/restore', { query: { login: account.email } });
    const code = codeIn(await server.lastMessage(account.email));
    const viaGet = await server.call('GET', 'auth/restore-end', { query: { login: account.email, code, password: 'brand-new-pass' } });
    expect(viaGet.status).toBe(404);
    expect((await server.call('POST', 'auth/login', { body: { login: account.email, password: 'brand-new-pass' } })).status).toBe(422);
  });

  it('rule: a recovered password must be long enough and not the login; the code is not spent on a refused password', async () => {
    const account = await server.newAccount();
    await server.call('GET', 'auth/restore', { query: { login: account.email } });
    const code = codeIn(await server.lastMessage(account.email));
    const end = (password: string) => server.call('POST', 'auth/restore-end', { body: { login: account.email, code, password } });
    expect(await end('short12')).toEqual({ status: 400, body: { error: PASSWORD_TOO_SHORT, code: 'passwordTooShort', params: { min: 8 }, fields: { password: PASSWORD_TOO_SHORT } } });
    expect(await end(account.email.toUpperCase())).toEqual({ status: 400, body: { error: PASSWORD_IS_LOGIN, code: 'passwordIsLogin', fields: { password: PASSWORD_IS_LOGIN } } });
    expect(await end('a-good-long-one')).toEqual({ status: 200, body: { success: true } });
  });

  it('rule: a recovery ends every session of the user (none made the change)', async () => {
    const account = await server.newAccount();
    const other = (await server.call('POST', 'auth/login', { body: { login: account.email, password: account.password } })).body.access_token;
    await server.call('GET', 'auth/restore', { query: { login: account.email } });
    const code = codeIn(await server.lastMessage(account.email));
    await server.call('POST', 'auth/restore-end', { body: { login: account.email, code, password: 'brand-new-pass' } });
    for (const token of [account.token, other]) expect((await server.call('GET', 'account/config', { token })).status).toBe(403);
    expect(await server.database.db.select().from(tokens).where(eq(tokens.userId, account.ownerId))).toHaveLength(0);
  });
});

describe('codes travel only in POST bodies (no code or password in a URL, where logs, proxies and history keep it)', () => {
  it('rule: codes travel only in POST bodies: GET auth/set-account and GET profile/check-*-confirm are not served, and the POST ones take the code', async () => {
    // Registration: the spec's GET with the right code is not served and creates nothing; the POST does.
    const email = `${unique('post-only')}@example.com`;
    await server.call('GET', 'auth/sign-up', { query: { name: 'Pat', mode: 'email', login: email } });
    const signUpCode = codeIn(await server.lastMessage(email));
    expect(signUpCode).toMatch(/^\d{8}$/);
    expect((await server.call('GET', 'auth/set-account', { query: { mode: 'email', login: email, code: signUpCode } })).status).toBe(404);
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await server.call('POST', 'auth/set-account', { body: { mode: 'email', login: email, code: signUpCode } })).toEqual({ status: 200, body: { success: true } });
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    // Profile: none of the four -confirm routes answers a GET; a GET with the right code neither uses it nor changes anything.
    const account = await server.newAccount();
    for (const path of ['check-old-email-confirm', 'check-new-email-confirm', 'check-old-phone-confirm', 'check-new-phone-confirm']) {
      const mode = path.includes('email') ? 'email' : 'phone';
      const viaGet = await server.call('GET', `profile/${path}`, { token: account.token, query: { [mode]: mode === 'email' ? account.email : '79001234567', code: '12345678' } });
      expect({ path, status: viaGet.status }).toEqual({ path, status: 404 });
    }
    await server.call('GET', 'profile/check-old-email', { token: account.token, query: { email: account.email } });
    const oldCode = codeIn(await server.lastMessage(account.email));
    expect((await server.call('GET', 'profile/check-old-email-confirm', { token: account.token, query: { email: account.email, code: oldCode } })).status).toBe(404);
    expect(await server.call('POST', 'profile/check-old-email-confirm', { token: account.token, body: { email: account.email, code: oldCode } })).toEqual({ status: 200, body: { success: true } });
    const next = `${unique('moved')}@example.com`;
    await server.call('GET', 'profile/check-new-email', { token: account.token, query: { email: next } });
    const newCode = codeIn(await server.lastMessage(next));
    expect((await server.call('GET', 'profile/check-new-email-confirm', { token: account.token, query: { email: next, code: newCode } })).status).toBe(404);
    const [before] = await server.database.db.select().from(users).where(eq(users.id, account.ownerId));
    expect(before.email).toBe(account.email);
    expect(await server.call('POST', 'profile/check-new-email-confirm', { token: account.token, body: { email: next, code: newCode } })).toEqual({
      status: 200,
      body: { success: true, email: next, phone: null },
    });

    // And no GET route the server registers takes a code or a password in its query string. account/table-config's
    // `code` names a table layout ('orders', …), not a secret; public-order/token/get* take the link's own token by design;
    // amoCRM's OAuth redirect brings its authorization code in the address, as OAuth 2 does (single use, minutes long,
    // worthless without the integration's secret; the log redacts it like every `code` parameter).
    const secretInQuery = server.app.apiRoutes
      .filter((route) => route.method === 'GET')
      .filter((route) => Object.keys((route.schema.querystring as { properties?: object } | undefined)?.properties ?? {}).some((name) => /code|password|secret/i.test(name)))
      .map((route) => route.url);
    expect(secretInQuery).toEqual(['/api/account/table-config', '/api/integrations/amocrm/oauth']);
  });
});
