import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codes, users } from '../../server/db/schema';
import { codeIn, unique, useTestServer } from './harness';

const server = useTestServer();

describe('changing the e-mail with codes (profile/check-old-email, check-new-email and -confirm)', () => {
  it('old code, then new code: the e-mail changes and signs in', async () => {
    const account = await server.newAccount();
    const next = `${unique('next')}@example.com`;
    const get = (path: string, query: Record<string, string>) => server.call('GET', path, { token: account.token, query });
    const post = (path: string, body: Record<string, string>) => server.call('POST', path, { token: account.token, body });
    expect((await get('profile/check-old-email', { email: account.email })).body).toEqual({ success: true });
    const oldCode = codeIn(await server.lastMessage(account.email));
    expect((await post('profile/check-old-email-confirm', { email: account.email, code: oldCode })).body).toEqual({ success: true });
    expect((await get('profile/check-new-email', { email: next })).body).toEqual({ success: true });
    const newCode = codeIn(await server.lastMessage(next));
    const done = await post('profile/check-new-email-confirm', { email: next, code: newCode });
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

  it('rule: a first phone needs no old confirmation; a taken phone answers as a free one (no one learns whose it is), its owner is told and no code is sent', async () => {
    const account = await server.newAccount();
    const phone = `7901${String(Date.now()).slice(-7)}`;
    expect((await server.call('GET', 'profile/check-new-phone', { token: account.token, query: { phone } })).body).toEqual({ success: true });
    const code = codeIn(await server.lastMessage(phone));
    expect((await server.call('POST', 'profile/check-new-phone-confirm', { token: account.token, body: { phone, code } })).body.phone).toBe(phone);
    const other = await server.newAccount();
    const taken = await server.call('GET', 'profile/check-new-phone', { token: other.token, query: { phone } });
    expect(taken).toEqual({ status: 200, body: { success: true } });
    const notice = await server.lastMessage(phone);
    expect(notice).toContain('stays with your account');
    expect(codeIn(notice)).toBe('');
    const guess = await server.call('POST', 'profile/check-new-phone-confirm', { token: other.token, body: { phone, code: '12345678' } });
    expect(guess.status).toBe(422);
    const [owner] = await server.database.db.select().from(users).where(eq(users.phone, phone));
    expect(owner.id).toBe(account.ownerId);
  });

  it("too many wrong codes: 'You have used too many code entry attempts'", async () => {
    const account = await server.newAccount();
    await server.call('GET', 'profile/check-old-email', { token: account.token, query: { email: account.email } });
    const code = codeIn(await server.lastMessage(account.email));
    const wrong = code === '99999999' ? '88888888' : '99999999';
    let last = '';
    for (let i = 0; i < 5; i += 1) last = (await server.call('POST', 'profile/check-old-email-confirm', { token: account.token, body: { email: account.email, code: wrong } })).body.error;
    expect(last).toBe('You have used too many code entry attempts');
  });

  it('asking for a code to an e-mail that is not yours is refused', async () => {
    const account = await server.newAccount();
    const refused = await server.call('GET', 'profile/check-old-email', { token: account.token, query: { email: 'someone@example.com' } });
    expect(refused.status).toBe(400);
    expect(await server.lastMessage('someone@example.com')).toBe('');
  });
});

/** A phone number no other test uses (11 digits, canonical form: digits only). */
const newPhone = () => `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('changing the phone with codes (profile/check-old-phone, check-old-phone-confirm)', () => {
  it('a code to the current phone, confirmed, lets the phone be replaced with a code to the new one', async () => {
    const account = await server.newAccount();
    const phone = newPhone();
    await server.database.db.update(users).set({ phone }).where(eq(users.id, account.ownerId));
    const get = (path: string, query: Record<string, string>) => server.call('GET', path, { token: account.token, query });
    const post = (path: string, body: Record<string, string>) => server.call('POST', path, { token: account.token, body });
    const next = newPhone();
    // Replacing a phone needs the old one confirmed first.
    expect((await get('profile/check-new-phone', { phone: next })).status).toBe(422);

    // The phone may be written as people write it: it is compared in its canonical form.
    const written = `+${phone.slice(0, 1)} (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7)}`;
    expect(await get('profile/check-old-phone', { phone: written })).toEqual({ status: 200, body: { success: true } });
    const oldCode = codeIn(await server.lastMessage(phone));
    expect(oldCode).toMatch(/^\d{8}$/);
    const wrong = oldCode === '99999999' ? '88888888' : '99999999';
    expect(await post('profile/check-old-phone-confirm', { phone, code: wrong })).toMatchObject({ status: 422, body: { error: 'The code is wrong' } });
    expect(await post('profile/check-old-phone-confirm', { phone, code: oldCode })).toEqual({ status: 200, body: { success: true } });
    // A code is used once.
    expect((await post('profile/check-old-phone-confirm', { phone, code: oldCode })).status).toBe(422);

    expect(await get('profile/check-new-phone', { phone: next })).toEqual({ status: 200, body: { success: true } });
    const newCode = codeIn(await server.lastMessage(next));
    expect(await post('profile/check-new-phone-confirm', { phone: next, code: newCode })).toEqual({ status: 200, body: { success: true, email: account.email, phone: next } });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, account.ownerId));
    expect(row.phone).toBe(next);
    expect((await server.call('POST', 'auth/login', { body: { login: next, password: account.password } })).body.success).toBe(true);
  });

  it('a phone that is not yours, or no phone at all, gets no code', async () => {
    const account = await server.newAccount();
    const phone = newPhone();
    const refused = await server.call('GET', 'profile/check-old-phone', { token: account.token, query: { phone } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('This is not your current phone');
    expect(await server.lastMessage(phone)).toBe('');
  });

  it('a confirm without a code asked for answers 422 and changes nothing', async () => {
    const account = await server.newAccount();
    const phone = newPhone();
    await server.database.db.update(users).set({ phone }).where(eq(users.id, account.ownerId));
    const answer = await server.call('POST', 'profile/check-old-phone-confirm', { token: account.token, body: { phone, code: '123456' } });
    expect(answer.status).toBe(422);
    expect((await server.call('GET', 'profile/check-new-phone', { token: account.token, query: { phone: newPhone() } })).status).toBe(422);
  });
});

describe('a code for a new address belongs to the user who asked for it', () => {
  it("user B asking for the same new phone neither cancels user A's code nor uses up its attempts", async () => {
    const a = await server.newAccount();
    const b = await server.newAccount();
    const target = newPhone();
    const ask = (token: string) => server.call('GET', 'profile/check-new-phone', { token, query: { phone: target } });
    const confirm = (token: string, code: string) => server.call('POST', 'profile/check-new-phone-confirm', { token, body: { phone: target, code } });

    expect((await ask(a.token)).body).toEqual({ success: true });
    const codeOfA = codeIn(await server.lastMessage(target));
    // B asks for the same phone (a new code to it), then guesses until its attempts are used up.
    expect((await ask(b.token)).body).toEqual({ success: true });
    const codeOfB = codeIn(await server.lastMessage(target));
    const guess = ['111111', '222222', '333333'].find((code) => code !== codeOfA && code !== codeOfB)!;
    let last = '';
    for (let i = 0; i < 5; i += 1) last = (await confirm(b.token, guess)).body.error;
    expect(last).toBe('You have used too many code entry attempts');
    // B cannot use A's code either (it is not B's), and that does not count against A.
    expect((await confirm(b.token, codeOfA)).status).toBe(422);

    // A's code is untouched: still unused, with no wrong attempts, and it works.
    const rows = await server.database.db.select().from(codes).where(eq(codes.login, target));
    expect(rows).toHaveLength(2);
    const ofA = rows.find((row) => row.payload.userId === a.ownerId)!;
    expect(ofA).toMatchObject({ attempts: 0, usedAt: null });
    expect(await confirm(a.token, codeOfA)).toEqual({ status: 200, body: { success: true, email: a.email, phone: target } });
    // The phone is A's now: B's own code no longer gives it to B.
    expect((await confirm(b.token, codeOfB)).status).toBe(422);
    const [rowB] = await server.database.db.select().from(users).where(eq(users.id, b.ownerId));
    expect(rowB.phone).toBeNull();
  });

  it("B asking again after A does not end A's code (a new code ends only the asker's earlier one)", async () => {
    const a = await server.newAccount();
    const b = await server.newAccount();
    const target = newPhone();
    const ask = (token: string) => server.call('GET', 'profile/check-new-phone', { token, query: { phone: target } });
    await ask(a.token);
    const first = codeIn(await server.lastMessage(target));
    await ask(a.token);
    const second = codeIn(await server.lastMessage(target));
    await ask(b.token);
    await ask(b.token);
    const confirm = (code: string) => server.call('POST', 'profile/check-new-phone-confirm', { token: a.token, body: { phone: target, code } });
    // A's first code ended when A asked again; A's second one survives B's two requests.
    if (first !== second) expect((await confirm(first)).body.error).toBe('The code is wrong');
    expect((await confirm(second)).body).toEqual({ success: true, email: a.email, phone: target });
  });
});
