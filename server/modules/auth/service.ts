import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { parseLogin, type ParsedLogin } from '../../../src/domain/login';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../../src/domain/password';
import type { LoginMode } from '../../../src/contract/auth';
import { consumeCode, issueCode } from '../../auth/codes';
import { hashPassword, newPassword, verifyNoPassword, verifyPassword } from '../../auth/secrets';
import { createSession } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { accounts, memberships, tariffs, tokens, users } from '../../db/schema';
import { refusal, refusalText } from '../../http/refusal';
import type { ServerContext } from '../../http/context';
import { demoLang, localiseSystemPipeline } from '../demo/defaultNames';
import { addAccountDocuments } from '../accountDefaults/documents';

export const INVALID_LOGIN = refusalText('invalidLogin');
export const USER_EXISTS = refusalText('userExists');
export const DEFAULT_TARIFF = 'start';
export const PASSWORD_TOO_SHORT = refusalText('passwordTooShort', { min: MIN_PASSWORD_LENGTH });
export const WRONG_CURRENT_PASSWORD = refusalText('wrongCurrentPassword');
export const PASSWORD_IS_LOGIN = refusalText('passwordIsLogin');

/** A new staff password must pass the rules of src/domain/password; the refusal names the field. */
export function requirePassword(password: string, logins: readonly (string | null | undefined)[], field = 'password'): void {
  const problem = passwordProblem(password, logins);
  if (!problem) return;
  const text = problem === 'tooShort' ? PASSWORD_TOO_SHORT : PASSWORD_IS_LOGIN;
  throw problem === 'tooShort'
    ? refusal(400, 'passwordTooShort', { min: MIN_PASSWORD_LENGTH }, { fields: { [field]: text } })
    : refusal(400, 'passwordIsLogin', undefined, { fields: { [field]: text } });
}

/** The canonical login, checked against the mode the form chose. */
export function requireLogin(text: string, mode?: LoginMode): ParsedLogin {
  const parsed = parseLogin(text);
  if (!parsed || (mode && parsed.mode !== mode)) throw refusal(400, mode === 'phone' ? 'enterPhone' : 'enterLogin');
  return parsed;
}

export async function findUserByLogin(db: Db, login: ParsedLogin) {
  const column = login.mode === 'email' ? users.email : users.phone;
  const [user] = await db.select().from(users).where(eq(column, login.value)).limit(1);
  return user ?? null;
}

export const codeOptions = (ctx: ServerContext) => ({
  ttlMinutes: ctx.config.codeTtlMinutes,
  maxAttempts: ctx.config.codeAttempts,
  perHour: ctx.config.codesPerHour,
  guessesPerHour: ctx.config.codeGuessesPerHour,
});

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
  // Same answer, and a password check's time, for an unknown login and a wrong password: logins cannot be probed.
  const passwordFits = user ? await verifyPassword(password, user.passwordHash) : await verifyNoPassword(password);
  if (!user || !passwordFits) throw refusal(422, 'invalidLogin', undefined, { success: false });
  return openSession(ctx, user.id);
}

/** A session of a user whose identity is proved (password, Telegram): in which account, and whether only for invitations. */
export async function openSession(ctx: ServerContext, userId: number): Promise<LoginResult> {
  // An enabled membership first (the owned one, then the oldest); else the oldest pending invitation.
  const [membership] = await ctx.db
    .select({ accountId: memberships.accountId, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.status, ['enabled', 'invited'])))
    .orderBy(sql`${memberships.status} = 'enabled' desc`, desc(memberships.isOwner), asc(memberships.createdAt))
    .limit(1);
  if (!membership) throw refusal(422, 'invalidLogin', undefined, { success: false });
  const token = await createSession(ctx.db, userId, membership.accountId, ctx.config.tokenTtlDays);
  return membership.status === 'enabled' ? { token } : { token, scope: 'invitations' };
}

/**
 * Registration step 1: a code goes to the e-mail or phone. An address that already has an account gets the
 * same answer (and counts against the same limits), but its message says so and offers recovery instead of
 * a code: whoever typed it learns nothing, the owner learns everything.
 */
export async function signUp(ctx: ServerContext, input: { name: string; mode: LoginMode; login: string; lang?: 'en' | 'ru' }): Promise<void> {
  const login = requireLogin(input.login, input.mode);
  const existing = await findUserByLogin(ctx.db, login);
  const code = await issueCode(ctx.db, 'sign-up', login.value, { name: input.name.trim(), lang: input.lang ?? 'en' }, codeOptions(ctx));
  if (existing) {
    await ctx.mailer.send({
      channel: login.mode,
      to: login.value,
      subject: 'You already have an account',
      body: 'Someone asked to register Stockroom with this address, which already has an account. If it was you, sign in, or recover your password on the sign-in page. Otherwise ignore this message.',
    });
    return;
  }
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
    if (existing) throw refusal(422, 'userExists', undefined, { success: false });
    const [tariff] = await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.code, DEFAULT_TARIFF)).limit(1);
    const [account] = await tx
      .insert(accounts)
      .values({ name, tariffId: tariff?.id ?? null, trialEndsAt: new Date(Date.now() + ctx.config.trialDays * 86_400_000) })
      .returning({ id: accounts.id });
    // The system pipeline and its stages in the language chosen at sign-up (issue 19 §5).
    await localiseSystemPipeline(tx, account.id, demoLang(payload.lang));
    const [user] = await tx
      .insert(users)
      .values({ name, passwordHash, lang: payload.lang === 'ru' ? 'ru' : 'en', [login.mode]: login.value })
      .returning({ id: users.id });
    await tx.insert(memberships).values({ accountId: account.id, userId: user.id, isOwner: true, admin: true, editingRemains: true, changeRemains: true });
    // The built-in document templates, so the new account prints at once and listing them changes nothing.
    await addAccountDocuments(tx, account.id, payload.lang === 'ru' ? 'ru' : 'en');
  });
  await ctx.mailer.send({ channel: login.mode, to: login.value, subject: 'You are registered', body: `Your Stockroom password: ${password}` });
}

/**
 * Recovery step 1. Unknown logins get the same answer and no message, so logins cannot be probed; their
 * (unsent) code is still recorded, so the per-address limits answer alike too.
 */
export async function restore(ctx: ServerContext, loginText: string): Promise<void> {
  const login = requireLogin(loginText);
  const user = await findUserByLogin(ctx.db, login);
  const code = await issueCode(ctx.db, 'restore', login.value, {}, codeOptions(ctx));
  if (!user) return;
  await ctx.mailer.send({ channel: login.mode, to: login.value, subject: 'Password recovery code', body: `Your Stockroom recovery code: ${code}` });
}

/**
 * Recovery step 2: the code sets the new password and ends every open session of the user (no session
 * made this change, so none is kept). The password rules are checked before the code is spent.
 */
export async function restoreEnd(ctx: ServerContext, input: { login: string; code: string; password: string }): Promise<void> {
  const login = requireLogin(input.login);
  const user = await findUserByLogin(ctx.db, login);
  requirePassword(input.password, [login.value, user?.email, user?.phone]);
  await consumeCode(ctx.db, 'restore', login.value, input.code, codeOptions(ctx));
  if (!user) throw refusal(422, 'codeExpired', undefined, { success: false });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(tokens).where(eq(tokens.userId, user.id));
  });
}
