import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { parseLogin, type ParsedLogin } from '../../../src/domain/login';
import type { LoginMode } from '../../../src/contract/auth';
import { consumeCode, issueCode } from '../../auth/codes';
import { hashPassword, newPassword, verifyPassword } from '../../auth/secrets';
import { createSession } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { accounts, memberships, tariffs, tokens, users } from '../../db/schema';
import { badRequest, unprocessable } from '../../http/errors';
import type { ServerContext } from '../../http/context';

export const INVALID_LOGIN = 'Invalid username or password';
export const USER_EXISTS = 'Such a user already exists.';
export const DEFAULT_TARIFF = 'start';

/** The canonical login, checked against the mode the form chose. */
export function requireLogin(text: string, mode?: LoginMode): ParsedLogin {
  const parsed = parseLogin(text);
  if (!parsed || (mode && parsed.mode !== mode)) throw badRequest(mode === 'phone' ? 'Enter a phone number' : 'Enter a valid e-mail or phone number');
  return parsed;
}

export async function findUserByLogin(db: Db, login: ParsedLogin) {
  const column = login.mode === 'email' ? users.email : users.phone;
  const [user] = await db.select().from(users).where(eq(column, login.value)).limit(1);
  return user ?? null;
}

const codeOptions = (ctx: ServerContext) => ({ ttlMinutes: ctx.config.codeTtlMinutes, maxAttempts: ctx.config.codeAttempts });

/**
 * What a sign-in gives: a session token, and `scope: 'invitations'` when that token opens only the
 * user's invitations (account/user/invitations and account/user/accept), not an account.
 */
export interface LoginResult {
  token: string;
  scope?: 'invitations';
}

/**
 * Signs in with the product's own password; the session opens in the user's own (or first) enabled account.
 *
 * A user with no enabled membership anywhere (say, unlinked or disabled by their only account) but with a
 * pending invitation must still be able to answer it. As in products where the identity lives apart from
 * the workspaces (Slack, GitHub, Linear: sign in first, then join), the password sign-in succeeds and gives a
 * token bound to the oldest pending invitation. Every staff route refuses that token (resolveSession wants an
 * enabled membership); only the invitation routes take it, and accepting turns it into a session of the
 * account accepted. The password must be right before anything about invitations is answered, so this
 * reveals nothing to someone guessing; a user with neither an enabled membership nor an invitation gets
 * the usual 'Invalid username or password'.
 */
export async function login(ctx: ServerContext, loginText: string, password: string): Promise<LoginResult> {
  const parsed = parseLogin(loginText);
  const user = parsed ? await findUserByLogin(ctx.db, parsed) : null;
  // Same answer for an unknown login and a wrong password, so logins cannot be probed.
  if (!user || !(await verifyPassword(password, user.passwordHash))) throw unprocessable(INVALID_LOGIN, { success: false });
  // An enabled membership first (the owned one, then the oldest); else the oldest pending invitation.
  const [membership] = await ctx.db
    .select({ accountId: memberships.accountId, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), inArray(memberships.status, ['enabled', 'invited'])))
    .orderBy(sql`${memberships.status} = 'enabled' desc`, desc(memberships.isOwner), asc(memberships.createdAt))
    .limit(1);
  if (!membership) throw unprocessable(INVALID_LOGIN, { success: false });
  const token = await createSession(ctx.db, user.id, membership.accountId, ctx.config.tokenTtlDays);
  return membership.status === 'enabled' ? { token } : { token, scope: 'invitations' };
}

/** Registration step 1: a code goes to the e-mail or phone. */
export async function signUp(ctx: ServerContext, input: { name: string; mode: LoginMode; login: string; lang?: 'en' | 'ru' }): Promise<void> {
  const login = requireLogin(input.login, input.mode);
  if (await findUserByLogin(ctx.db, login)) throw unprocessable(USER_EXISTS, { success: false });
  const code = await issueCode(ctx.db, 'sign-up', login.value, { name: input.name.trim(), lang: input.lang ?? 'en' }, codeOptions(ctx));
  await ctx.mailer.send({ channel: login.mode, to: login.value, subject: 'Your confirmation code', body: `Your Stockroom confirmation code: ${code}` });
}

/** Registration step 2: the code creates the account and its owner; the password goes to the same channel. */
export async function setAccount(ctx: ServerContext, input: { mode: LoginMode; login: string; code: string }): Promise<void> {
  const login = requireLogin(input.login, input.mode);
  const payload = await consumeCode(ctx.db, 'sign-up', login.value, input.code, codeOptions(ctx));
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  const name = typeof payload.name === 'string' && payload.name ? payload.name : login.value;
  await ctx.db.transaction(async (tx) => {
    const column = login.mode === 'email' ? users.email : users.phone;
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(column, login.value)).limit(1);
    if (existing) throw unprocessable(USER_EXISTS, { success: false });
    const [tariff] = await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.code, DEFAULT_TARIFF)).limit(1);
    const [account] = await tx
      .insert(accounts)
      .values({ name, tariffId: tariff?.id ?? null, trialEndsAt: new Date(Date.now() + ctx.config.trialDays * 86_400_000) })
      .returning({ id: accounts.id });
    const [user] = await tx
      .insert(users)
      .values({ name, passwordHash, lang: payload.lang === 'ru' ? 'ru' : 'en', [login.mode]: login.value })
      .returning({ id: users.id });
    await tx.insert(memberships).values({ accountId: account.id, userId: user.id, isOwner: true, admin: true, editingRemains: true, changeRemains: true });
  });
  await ctx.mailer.send({ channel: login.mode, to: login.value, subject: 'You are registered', body: `Your Stockroom password: ${password}` });
}

/** Recovery step 1. Unknown logins get the same answer and no message, so logins cannot be probed. */
export async function restore(ctx: ServerContext, loginText: string): Promise<void> {
  const login = requireLogin(loginText);
  if (!(await findUserByLogin(ctx.db, login))) return;
  const code = await issueCode(ctx.db, 'restore', login.value, {}, codeOptions(ctx));
  await ctx.mailer.send({ channel: login.mode, to: login.value, subject: 'Password recovery code', body: `Your Stockroom recovery code: ${code}` });
}

/** Recovery step 2: the code sets the new password and ends every open session of the user. */
export async function restoreEnd(ctx: ServerContext, input: { login: string; code: string; password: string }): Promise<void> {
  const login = requireLogin(input.login);
  await consumeCode(ctx.db, 'restore', login.value, input.code, codeOptions(ctx));
  const user = await findUserByLogin(ctx.db, login);
  if (!user) throw unprocessable(INVALID_LOGIN, { success: false });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(tokens).where(eq(tokens.userId, user.id));
  });
}
