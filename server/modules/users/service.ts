import { and, count, eq } from 'drizzle-orm';
import { parseLogin } from '../../../src/domain/login';
import type { UserAddRequest, UserUpdateRequest } from '../../../src/contract/account';
import { hashPassword, newPassword } from '../../auth/secrets';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { memberships, tariffs, tokens, users } from '../../db/schema';
import { badRequest, conflict, noRight, notFound, paymentRequired } from '../../http/errors';
import type { ServerContext } from '../../http/context';
import { requireAdmin } from '../account/service';
import { toUser } from '../account/mappers';
import { USER_EXISTS } from '../auth/service';

export const USERS_EXCEEDED = 'Attention! The number of users exceeded.';
export const NOT_A_MEMBER = 'This user is not in the account';

type RightsInput = Pick<UserAddRequest, 'activity' | 'admin' | 'editing_remains' | 'change_remains'>;

function rightsOf(input: RightsInput) {
  return {
    ...(input.activity !== undefined && { activity: input.activity }),
    ...(input.admin !== undefined && { admin: input.admin }),
    ...(input.editing_remains !== undefined && { editingRemains: input.editing_remains }),
    ...(input.change_remains !== undefined && { changeRemains: input.change_remains }),
  };
}

/** One more enabled member must fit the tariff; otherwise 402, which the client shows as 'users exceeded'. */
async function requireSeat(db: Db, caller: Caller): Promise<void> {
  if (!caller.account.tariffId) return;
  const [tariff] = await db.select({ limit: tariffs.usersLimit }).from(tariffs).where(eq(tariffs.id, caller.account.tariffId));
  const [{ value }] = await db
    .select({ value: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, caller.account.id), eq(memberships.status, 'enabled')));
  if (tariff && value >= tariff.limit) throw paymentRequired(USERS_EXCEEDED);
}

async function member(db: Db, accountId: number, userId: number) {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound(NOT_A_MEMBER);
  return row;
}

function requireEmail(text: string): string {
  const login = parseLogin(text);
  if (!login || login.mode !== 'email') throw badRequest('Enter a valid e-mail');
  return login.value;
}

/** The owner adds a user by name and e-mail; the password goes to that e-mail. An existing e-mail is refused with its id. */
export async function addUser(ctx: ServerContext, caller: Caller, body: UserAddRequest) {
  requireAdmin(caller);
  const email = requireEmail(body.email);
  const [existing] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw conflict(USER_EXISTS, { user_id: existing.id, name: existing.name });
  await requireSeat(ctx.db, caller);
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  const created = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({ name: body.name.trim(), email, passwordHash, lang: caller.user.lang }).returning();
    const [membership] = await tx
      .insert(memberships)
      .values({ accountId: caller.account.id, userId: user.id, ...rightsOf(body) })
      .returning();
    return toUser(user, membership);
  });
  await ctx.mailer.send({
    channel: 'email',
    to: email,
    subject: `${caller.account.name}: you are invited`,
    body: `${caller.user.name} invited you to ${caller.account.name} in Stockroom. Sign in with ${email} and the password ${password}`,
  });
  return { user: created };
}

/** An admin edits a member (name, status, rights); anyone may set their own language. */
export async function updateUser(db: Db, caller: Caller, body: UserUpdateRequest) {
  const targetId = body.id ?? caller.user.id;
  const self = targetId === caller.user.id;
  const onlyLang = Object.keys(body).every((key) => key === 'lang' || key === 'id');
  if (!(self && onlyLang)) requireAdmin(caller);
  const target = await member(db, caller.account.id, targetId);
  if (target.membership.isOwner && (body.status === 'disabled' || body.admin === false)) throw noRight('The owner of the account cannot be disabled');
  if (body.status === 'enabled' && target.membership.status !== 'enabled') await requireSeat(db, caller);
  await db.transaction(async (tx) => {
    if (body.name !== undefined || body.lang !== undefined) {
      await tx
        .update(users)
        .set({ ...(body.name !== undefined && { name: body.name.trim() }), ...(body.lang !== undefined && { lang: body.lang }) })
        .where(eq(users.id, targetId));
    }
    const rights = { ...rightsOf(body), ...(body.status !== undefined && { status: body.status }) };
    if (Object.keys(rights).length) {
      await tx.update(memberships).set(rights).where(and(eq(memberships.accountId, caller.account.id), eq(memberships.userId, targetId)));
    }
    // A disabled member's sessions in this account end at once.
    if (body.status === 'disabled') await tx.delete(tokens).where(and(eq(tokens.userId, targetId), eq(tokens.accountId, caller.account.id)));
  });
  const updated = await member(db, caller.account.id, targetId);
  return { user: toUser(updated.user, updated.membership) };
}

/** Adds an existing user (by id or e-mail) to the account. */
export async function linkUser(db: Db, caller: Caller, query: { id?: number; email?: string }) {
  requireAdmin(caller);
  const condition = query.id !== undefined ? eq(users.id, query.id) : query.email !== undefined ? eq(users.email, requireEmail(query.email)) : null;
  if (!condition) throw badRequest('Give the id or the e-mail of the user');
  const [user] = await db.select().from(users).where(condition).limit(1);
  if (!user) throw notFound('No such user');
  const [already] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, caller.account.id), eq(memberships.userId, user.id)));
  if (already) throw conflict('This user is already in the account');
  await requireSeat(db, caller);
  const [membership] = await db.insert(memberships).values({ accountId: caller.account.id, userId: user.id }).returning();
  return { user: toUser(user, membership) };
}

/** Removes a member from the account (not the owner, not oneself); their sessions here end. */
export async function unlinkUser(db: Db, caller: Caller, userId: number) {
  requireAdmin(caller);
  const target = await member(db, caller.account.id, userId);
  if (target.membership.isOwner) throw noRight('The owner of the account cannot be removed');
  if (userId === caller.user.id) throw noRight('You cannot remove yourself from the account');
  await db.transaction(async (tx) => {
    await tx.delete(memberships).where(and(eq(memberships.accountId, caller.account.id), eq(memberships.userId, userId)));
    await tx.delete(tokens).where(and(eq(tokens.userId, userId), eq(tokens.accountId, caller.account.id)));
  });
  return { success: true };
}

/** Whether an e-mail already belongs to a user (to offer linking instead of inviting). */
export async function checkUser(db: Db, caller: Caller, email: string) {
  requireAdmin(caller);
  const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, requireEmail(email))).limit(1);
  return user ? { exists: true, user } : { exists: false };
}

export async function getMember(db: Db, caller: Caller, userId: number) {
  const row = await member(db, caller.account.id, userId);
  return { user: toUser(row.user, row.membership) };
}
