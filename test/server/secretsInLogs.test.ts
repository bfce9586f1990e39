import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMailer, OUTBOX_PURGED, purgeExpiredLocalOutbox } from '../../server/auth/mailer';
import { outbox } from '../../server/db/schema';
import { startFakeSmtp } from './support/fakeSmtp';
import { redactUrl, REDACTED } from '../../server/http/logRedaction';
import { codeIn, unique, useTestServer } from './harness';

/** Every line the server logs in this file, at trace level. */
const logged: string[] = [];
const server = useTestServer({ logStream: { write: (line: string) => void logged.push(line) } });
const db = () => server.database.db;
const logText = () => logged.join('');

describe('secrets stay out of the server log', () => {
  it('rule: no token, link token, code or password is logged through sign-in, code requests, link exchange, restore and sign-out', async () => {
    const account = await server.newAccount();
    const secrets: string[] = [account.token, account.password];

    // Registration: the code goes by mail (not to the log); set-account takes it in its POST body.
    const email = `${unique('newcomer')}@example.com`;
    expect((await server.call('GET', 'auth/sign-up', { query: { name: 'New', mode: 'email', login: email } })).status).toBe(200);
    const signUpCode = codeIn(await server.lastMessage(email));
    expect(signUpCode).not.toBe('');
    secrets.push(signUpCode);
    expect((await server.call('POST', 'auth/set-account', { body: { mode: 'email', login: email, code: signUpCode } })).status).toBe(200);
    const password = /password: (\S+)/.exec(await server.lastMessage(email))?.[1] ?? '';
    expect(password).not.toBe('');
    secrets.push(password);
    const login = await server.call('POST', 'auth/login', { body: { login: email, password } });
    expect(login.status).toBe(200);
    secrets.push(login.body.access_token);

    // Recovery, by the spec's GET with the code and the new password in the query: not served (POST only), but a
    // client that still sends it has its URL logged, and that URL must not carry them.
    expect((await server.call('GET', 'auth/restore', { query: { login: account.email } })).status).toBe(200);
    const restoreCode = codeIn(await server.lastMessage(account.email));
    secrets.push(restoreCode, 'brand new secret password');
    const restored = await server.call('GET', 'auth/restore-end', { query: { login: account.email, code: restoreCode, password: 'brand new secret password' } });
    expect(restored.status).toBeLessThan(500);

    // A link token in the spec's GET query (refused or not, its URL is logged), and a wrong code.
    secrets.push('LinkTokenThatMustNotBeLogged');
    await server.call('GET', 'public-order/token/get', { query: { public_token: 'LinkTokenThatMustNotBeLogged' } });
    await server.call('GET', 'public-order/token/get-public', { query: { public_token: 'LinkTokenThatMustNotBeLogged' } });
    await server.call('POST', 'auth/set-account', { body: { mode: 'email', login: email, code: '987123' } });
    secrets.push('987123');
    // The same for the spec's GET form of set-account (not served) and a profile code confirmation (POST body).
    await server.call('GET', 'auth/set-account', { query: { mode: 'email', login: email, code: '987124' } });
    secrets.push('987124');
    await server.call('POST', 'profile/check-old-email-confirm', { token: account.token, body: { email: account.email, code: '987125' } });
    secrets.push('987125');

    await server.call('POST', 'auth/logout', { token: login.body.access_token });

    const text = logText();
    // The log is on: requests were logged, with their redacted URLs.
    expect(text).toContain(`/api/public-order/token/get?public_token=${REDACTED}`);
    expect(text).toContain('/api/auth/restore-end?');
    for (const secret of secrets) expect(text, `secret ${secret} in the log`).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('bearer ');
  });

  it('rule: redactUrl masks the values of secret query parameters, keeps the rest readable', () => {
    expect(redactUrl('/api/public-order/token/get?public_token=abc&order_id=5')).toBe(`/api/public-order/token/get?public_token=${REDACTED}&order_id=5`);
    expect(redactUrl('/api/auth/restore-end?login=a%40b.c&code=123456&password=x%20y')).toBe(`/api/auth/restore-end?login=a%40b.c&code=${REDACTED}&password=${REDACTED}`);
    expect(redactUrl('/api/x?access_token=1&Token=2&new_password=3&api%5Fkey=4')).toBe(`/api/x?access_token=${REDACTED}&Token=${REDACTED}&new_password=${REDACTED}&api%5Fkey=${REDACTED}`);
    expect(redactUrl('/api/orders/list?page=2')).toBe('/api/orders/list?page=2');
    expect(redactUrl('/api/orders/list')).toBe('/api/orders/list');
  });
});

describe('the outbox keeps no plain codes or passwords', () => {
  it('rule: without SMTP a message is in the local development outbox (marked), logged without its body', async () => {
    const email = `${unique('local')}@example.com`;
    const before = logged.length;
    expect((await server.call('GET', 'auth/sign-up', { query: { name: 'Local', mode: 'email', login: email } })).status).toBe(200);
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, email));
    expect(row).toMatchObject({ localDev: true, sentAt: null });
    const code = codeIn(row.body);
    expect(code).not.toBe('');
    const lines = logged.slice(before).join('');
    expect(lines).toContain('local development outbox');
    expect(lines).not.toContain(code);
    expect(lines).not.toContain(email);
  });

  it("rule: the local development outbox purges bodies once the codes' lifetime is over (the purge itself, and on every send)", async () => {
    const email = `${unique('old')}@example.com`;
    const [old] = await db()
      .insert(outbox)
      .values({ channel: 'email', recipient: email, subject: 's', body: 'Your code: 123456', localDev: true, createdAt: new Date(Date.now() - 16 * 60_000) })
      .returning();
    const [fresh] = await db().insert(outbox).values({ channel: 'email', recipient: email, subject: 's', body: 'Your code: 654321', localDev: true }).returning();
    // A row sent by SMTP is purged when sent; this one stands for a row from before this rule, which the purge leaves alone.
    const [sent] = await db().insert(outbox).values({ channel: 'email', recipient: email, subject: 's', body: 'sent text', localDev: false, createdAt: new Date(0) }).returning();
    await purgeExpiredLocalOutbox(db(), 15);
    const bodies = Object.fromEntries((await db().select().from(outbox).where(eq(outbox.recipient, email))).map((row) => [row.id, row.body]));
    expect(bodies).toEqual({ [old.id]: OUTBOX_PURGED, [fresh.id]: 'Your code: 654321', [sent.id]: 'sent text' });
    // Any send purges too.
    await db().update(outbox).set({ createdAt: new Date(Date.now() - 16 * 60_000) }).where(eq(outbox.id, fresh.id));
    await server.call('GET', 'auth/sign-up', { query: { name: 'Other', mode: 'email', login: `${unique('other')}@example.com` } });
    expect((await db().select().from(outbox).where(eq(outbox.id, fresh.id)))[0].body).toBe(OUTBOX_PURGED);
  });

  it('rule: a message sent through SMTP keeps no body in the outbox (nor a failed one); it is not the local outbox', async () => {
    const silent = { info() {}, warn() {} } as never;
    // SMTP on a closed local port: the send fails fast, and the body must still be gone.
    const failing = createMailer(db(), { smtpUrl: 'smtp://127.0.0.1:1', localKeepMinutes: 15 }, silent);
    const email = `${unique('smtp')}@example.com`;
    await expect(failing.send({ channel: 'email', to: email, subject: 'Code', body: 'Your code: 111222' })).rejects.toThrow();
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, email));
    expect(row).toMatchObject({ body: OUTBOX_PURGED, localDev: false, sentAt: null });
    // Through an SMTP server that accepts it: delivered with its text, and only a marker stays here.
    const smtp = await startFakeSmtp();
    try {
      const mailer = createMailer(db(), { smtpUrl: smtp.url, localKeepMinutes: 15 }, silent);
      const to = `${unique('delivered')}@example.com`;
      await mailer.send({ channel: 'email', to, subject: 'Code', body: 'Your code: 333444' });
      expect(smtp.messages.join('')).toContain('Your code: 333444');
      const [delivered] = await db().select().from(outbox).where(eq(outbox.recipient, to));
      expect(delivered).toMatchObject({ body: OUTBOX_PURGED, localDev: false, sentAt: expect.any(Date) });
    } finally {
      await smtp.close();
    }
  });
});
