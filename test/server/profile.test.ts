import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { codeIn, unique, useTestServer } from './harness';

const server = useTestServer();

describe('changing the e-mail with codes (profile/check-old-email, check-new-email and -confirm)', () => {
  it('old code, then new code: the e-mail changes and signs in', async () => {
    const account = await server.newAccount();
    const next = `${unique('next')}@example.com`;
    const get = (path: string, query: Record<string, string>) => server.call('GET', path, { token: account.token, query });
    expect((await get('profile/check-old-email', { email: account.email })).body).toEqual({ success: true });
    const oldCode = codeIn(await server.lastMessage(account.email));
    expect((await get('profile/check-old-email-confirm', { email: account.email, code: oldCode })).body).toEqual({ success: true });
    expect((await get('profile/check-new-email', { email: next })).body).toEqual({ success: true });
    const newCode = codeIn(await server.lastMessage(next));
    const done = await get('profile/check-new-email-confirm', { email: next, code: newCode });
    expect(done.body).toMatchObject({ success: true, email: next });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, account.ownerId));
    expect(row.email).toBe(next);
    expect((await server.call('POST', 'auth/login', { body: { login: next, password: account.password } })).body.success).toBe(true);
  });

  it('the new e-mail cannot be asked for before the old one is confirmed', async () => {
    const account = await server.newAccount();
    const refused = await server.call('GET', 'profile/check-new-email', { token: account.token, query: { email: `${unique('x')}@example.com` } });
    expect(refused.status).toBe(422);
  });

  it("a first phone needs no old confirmation; a taken phone answers 'Such a user already exists.'", async () => {
    const account = await server.newAccount();
    const phone = `7901${String(Date.now()).slice(-7)}`;
    expect((await server.call('GET', 'profile/check-new-phone', { token: account.token, query: { phone } })).body).toEqual({ success: true });
    const code = codeIn(await server.lastMessage(phone));
    expect((await server.call('GET', 'profile/check-new-phone-confirm', { token: account.token, query: { phone, code } })).body.phone).toBe(phone);
    const other = await server.newAccount();
    const taken = await server.call('GET', 'profile/check-new-phone', { token: other.token, query: { phone } });
    expect(taken.body.error).toBe('Such a user already exists.');
  });

  it("too many wrong codes: 'You have used too many code entry attempts'", async () => {
    const account = await server.newAccount();
    await server.call('GET', 'profile/check-old-email', { token: account.token, query: { email: account.email } });
    const code = codeIn(await server.lastMessage(account.email));
    const wrong = code === '999999' ? '888888' : '999999';
    let last = '';
    for (let i = 0; i < 5; i += 1) last = (await server.call('GET', 'profile/check-old-email-confirm', { token: account.token, query: { email: account.email, code: wrong } })).body.error;
    expect(last).toBe('You have used too many code entry attempts');
  });

  it('asking for a code to an e-mail that is not yours is refused', async () => {
    const account = await server.newAccount();
    const refused = await server.call('GET', 'profile/check-old-email', { token: account.token, query: { email: 'someone@example.com' } });
    expect(refused.status).toBe(400);
    expect(await server.lastMessage('someone@example.com')).toBe('');
  });
});
