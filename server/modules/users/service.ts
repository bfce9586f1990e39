import { and, asc, count, eq, or } from 'drizzle-orm';
import { parseLogin } from '../../../src/domain/login';
import type { UserAddRequest, UserInvitation, UserUpdateRequest } from '../../../src/contract/account';
import type { Mailer } from '../../auth/mailer';
import type { Caller, Invitee } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { accounts, memberships, tokens, users } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../http/errors';
import type { ServerContext } from '../../http/context';
import { requireAdmin } from '../../auth/rights';
import { requireName } from '../account/service';
import { requireUserSeat } from '../account/limits';
import { toUser } from '../account/mappers';
import { USER_EXISTS } from '../auth/service';
import { emailChangeMails, emailTaken, memberEmail, requireEmailChangeAllowed, requireEmailFree } from './emailChange';
import { invitationMail } from './invitationMail';
import { lockAccountForAdminChange, requireAdminLeft } from './lastAdmin';
import { refusal } from '../../http/refusal';

export const NOT_A_MEMBER = 'This user is not in the account';
export const NOT_ACCEPTED = 'This user has not accepted the invitation to the account yet';
export const NO_INVITATION = 'No invitation to this account';

type RightsInput = Pick<UserAddRequest, 'activity' | 'admin' | 'editing_remains' | 'change_remains'>;

function rightsOf(input: RightsInput) {
  return {
    ...(input.activity !== undefined && { activity: input.activity }),
    ...(input.admin !== undefined && { admin: input.admin }),
    ...(input.editing_remains !== undefined && { editingRemains: input.editing_remains }),
    ...(input.change_remains !== undefined && { changeRemains: input.change_remains }),
  };
}

/**
 * Locks the account row: every change to the account's seats (add, enable, accept) takes this lock first,
 * so concurrent changes to one account are counted one after another and never exceed the limit together.
 */
async function lockAccount(tx: Tx, accountId: number) {
  const [account] = await tx.select({ tariffId: accounts.tariffId }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  return account;
}

/** One more enabled member must fit the tariff (the account's limits). Call with the account locked. */
async function requireFreeSeat(tx: Tx, accountId: number, tariffId: number | null): Promise<void> {
  await requireUserSeat(tx, tariffId, async () => {
    const [{ value }] = await tx
      .select({ value: count() })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'enabled')));
    return value;
  });
}

async function membershipStatus(tx: Tx, accountId: number, userId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row?.status;
}

/**
 * Locks the account and requires a seat for one more enabled member. Runs inside the transaction that
 * enables the member. `userId`: the member about to be enabled, who needs no new seat when already enabled.
 */
async function requireSeat(tx: Tx, accountId: number, userId?: number): Promise<void> {
  const account = await lockAccount(tx, accountId);
  if (!account?.tariffId) return;
  if (userId !== undefined && (await membershipStatus(tx, accountId, userId)) === 'enabled') return;
  await requireFreeSeat(tx, accountId, account.tariffId);
}

/** A unique-index violation (PostgreSQL 23505), as thrown by pg or PGlite, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The id of the user with this e-mail. Only the id: the user may belong to other accounts, whose admins' data their name is. */
export async function existingUser(db: Db, email: string) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return existing;
}

export async function member(db: Db, accountId: number, userId: number) {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw new HttpError(404, NOT_A_MEMBER, { code: 'notAMember' });
  return row;
}

function requireEmail(text: string): string {
  const login = parseLogin(text);
  if (login?.mode !== 'email') throw badRequest('Enter a valid e-mail', { code: 'emailInvalid' });
  return login.value;
}

/**
 * Marks a user who has never set a password: no password verifies against it (verifyPassword wants 'scrypt$…'),
 * so the account can only be entered after the address is proved by a recovery code.
 */
export const NO_PASSWORD_YET = 'none$invited';

/**
 * Invitations of new users made by user/add (users who have not set a password yet) hold a seat, as the enabled
 * members they replaced did: the admin is told the account is full when adding. Invitations of existing users
 * (link) take none, as before. Accepting still checks the enabled members.
 */
async function requireSeatForInvitation(tx: Tx, accountId: number): Promise<void> {
  const account = await lockAccount(tx, accountId);
  await requireUserSeat(tx, account?.tariffId ?? null, async () => {
    const [{ value }] = await tx
      .select({ value: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.accountId, accountId), or(eq(memberships.status, 'enabled'), and(eq(memberships.status, 'invited'), eq(users.passwordHash, NO_PASSWORD_YET)))));
    return value;
  });
}

/**
 * The owner adds a user by name and e-mail. An existing e-mail is refused with its id (to offer link).
 *
 * Against account pre-hijacking, a new address gets an invitation, not an enabled member with a mailed
 * password: the user is created with no password and an 'invited' membership. The person proves the address
 * by setting a password with a recovery code sent to it (auth/restore), signs in (the token opens only their
 * invitations) and accepts, or ignores it. No password ever travels by mail, and nothing is open until then.
 */
export async function addUser(ctx: ServerContext, caller: Caller, body: UserAddRequest) {
  requireAdmin(caller);
  const name = requireName(body.name);
  const email = requireEmail(body.email);
  const existing = await existingUser(ctx.db, email);
  if (existing) throw conflict(USER_EXISTS, { user_id: existing.id, code: 'userExists' });
  let created: ReturnType<typeof toUser>;
  try {
    created = await ctx.db.transaction(async (tx) => {
      await requireSeatForInvitation(tx, caller.account.id);
      const [user] = await tx.insert(users).values({ name, email, passwordHash: NO_PASSWORD_YET, lang: caller.user.lang }).returning();
      const [membership] = await tx
        .insert(memberships)
        .values({ accountId: caller.account.id, userId: user.id, ...rightsOf(body), status: 'invited' })
        .returning();
      return toUser(user, membership);
    });
  } catch (error) {
    // The same e-mail added at the same moment by someone else: the unique index decides, the answer is the usual 409.
    const raced = isUniqueViolation(error) ? await existingUser(ctx.db, email) : undefined;
    if (raced) throw conflict(USER_EXISTS, { user_id: raced.id, code: 'userExists' });
    throw error;
  }
  await ctx.mailer.send(invitationMail(email, caller.account, 'new'));
  return { user: created };
}

/** An admin edits a member (name, e-mail, status, rights); anyone may set their own language. `mailer` tells a member whose e-mail changed. */
export async function updateUser(db: Db, caller: Caller, body: UserUpdateRequest, mailer?: Mailer) {
  const targetId = body.id ?? caller.user.id;
  const self = targetId === caller.user.id;
  const onlyLang = Object.keys(body).every((key) => key === 'lang' || key === 'id');
  if (!(self && onlyLang)) requireAdmin(caller);
  const name = body.name !== undefined ? requireName(body.name) : undefined;
  const email = body.email !== undefined ? memberEmail(body.email) : undefined;
  const target = await member(db, caller.account.id, targetId);
  // Until they accept, an invited user is not a member here: nothing of theirs (name, language, rights,
  // status) is this account's to set. Withdrawing the invitation (unlink) is the one thing an admin can do.
  if (target.membership.status === 'invited') throw new HttpError(404, NOT_ACCEPTED, { code: 'notAccepted' });
  if (target.membership.isOwner && (body.status === 'disabled' || body.admin === false)) throw new HttpError(422, 'The owner of the account cannot be disabled', { code: 'ownerCannotBeDisabled' });
  if (!self && (name !== undefined || body.lang !== undefined)) {
    // Name and language belong to the person, who may be in other accounts too: an admin may set
    // them only for a user who is in no other account.
    const [{ value: accountsOfUser }] = await db.select({ value: count() }).from(memberships).where(eq(memberships.userId, targetId));
    if (accountsOfUser > 1) throw new HttpError(422, 'This user is also in other accounts: only they can change their name and language', { code: 'nameOtherAccounts' });
  }
  const emailChanges = email !== undefined && email !== target.user.email;
  if (emailChanges) {
    const [{ value: accountsOfUser }] = await db.select({ value: count() }).from(memberships).where(eq(memberships.userId, targetId));
    requireEmailChangeAllowed(caller, { userId: targetId, isOwner: target.membership.isOwner, accountsOfUser });
    await requireEmailFree(db, email, targetId);
  }
  const mayRemoveAdmin = body.status === 'disabled' || body.admin === false;
  try {
    await db.transaction(async (tx) => {
      if (mayRemoveAdmin) await lockAccountForAdminChange(tx, caller.account.id);
      if (body.status === 'enabled') await requireSeat(tx, caller.account.id, targetId);
      if (name !== undefined || body.lang !== undefined || emailChanges) {
        await tx
          .update(users)
          .set({ ...(name !== undefined && { name }), ...(body.lang !== undefined && { lang: body.lang }), ...(emailChanges && { email }) })
          .where(eq(users.id, targetId));
      }
      const rights = { ...rightsOf(body), ...(body.status !== undefined && { status: body.status }) };
      if (Object.keys(rights).length) {
        await tx.update(memberships).set(rights).where(and(eq(memberships.accountId, caller.account.id), eq(memberships.userId, targetId)));
      }
      // A disabled member's sessions in this account end at once.
      if (body.status === 'disabled') await tx.delete(tokens).where(and(eq(tokens.userId, targetId), eq(tokens.accountId, caller.account.id)));
      if (mayRemoveAdmin) await requireAdminLeft(tx, caller.account.id);
    });
  } catch (error) {
    // The address taken by someone else between the check and the write: the unique index decides, nothing changed.
    throw emailChanges && isUniqueViolation(error) ? emailTaken() : error;
  }
  if (emailChanges && mailer) for (const mail of emailChangeMails(caller.account, target.user.email, email)) await mailer.send(mail);
  const updated = await member(db, caller.account.id, targetId);
  return { user: toUser(updated.user, updated.membership) };
}

/**
 * Invites an existing user (by e-mail; an id must match it) into the account. The membership is
 * 'invited' and gives no access until the user accepts (account/user/accept), so one account's admin
 * can never pull another account's user in, nor see more of them than the e-mail they typed.
 */
export async function linkUser(ctx: ServerContext, caller: Caller, query: { id?: number; email?: string }) {
  requireAdmin(caller);
  if (query.email === undefined) throw refusal(400, 'emailRequired');
  const email = requireEmail(query.email);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || (query.id !== undefined && query.id !== user.id)) throw refusal(404, 'noSuchUser');
  const alreadyLinked = () => refusal(409, 'alreadyInAccount');
  try {
    await ctx.db.transaction(async (tx) => {
      const [already] = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.accountId, caller.account.id), eq(memberships.userId, user.id)));
      if (already) throw alreadyLinked();
      await tx.insert(memberships).values({ accountId: caller.account.id, userId: user.id, status: 'invited' });
    });
  } catch (error) {
    // The same user linked at the same moment: the primary key decides, the answer is the usual 409.
    if (isUniqueViolation(error)) throw alreadyLinked();
    throw error;
  }
  await ctx.mailer.send(invitationMail(email, caller.account, 'existing'));
  return { user: { id: user.id, email, status: 'invited' as const } };
}

/**
 * The invited user accepts: the membership is enabled when the account has a free seat. Idempotent: when the
 * user is already an enabled member (a repeated or simultaneous accept, a double click) the answer is the same
 * 200 and nothing changes. A token that opened only invitations becomes a session of the account accepted.
 */
export async function acceptInvitation(db: Db, invitee: Invitee, accountId: number) {
  await db.transaction(async (tx) => {
    // An unlocked look first, so that a user with no invitation cannot lock other accounts' rows.
    const seen = await membershipStatus(tx, accountId, invitee.userId);
    if (seen !== 'invited' && seen !== 'enabled') throw refusal(404, 'noInvitation');
    // Under the account lock the membership is read again: an accept of the same invitation that got the lock
    // first has enabled it by now (PostgreSQL reads the committed row), and that is success, not a second seat.
    const account = await lockAccount(tx, accountId);
    const status = await membershipStatus(tx, accountId, invitee.userId);
    if (status === 'invited') {
      await requireFreeSeat(tx, accountId, account?.tariffId ?? null);
      await tx
        .update(memberships)
        .set({ status: 'enabled' })
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, invitee.userId)));
    } else if (status !== 'enabled') {
      throw refusal(404, 'noInvitation'); // withdrawn meanwhile
    }
    if (invitee.invitationsOnly) await tx.update(tokens).set({ accountId }).where(eq(tokens.id, invitee.tokenId));
  });
  return { success: true };
}

/** The signed-in user's pending invitations, oldest first: only what the invitee needs to decide. */
export async function listInvitations(db: Db, invitee: Invitee): Promise<UserInvitation[]> {
  const rows = await db
    .select({ accountId: accounts.id, accountName: accounts.name, invitedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, invitee.userId), eq(memberships.status, 'invited')))
    .orderBy(asc(memberships.createdAt), asc(accounts.id));
  return rows.map((row) => ({ account_id: row.accountId, account_name: row.accountName, invited_at: row.invitedAt.toISOString() }));
}

/** Removes a member from the account (not the owner, not oneself); their sessions here end. */
export async function unlinkUser(db: Db, caller: Caller, userId: number) {
  requireAdmin(caller);
  const target = await member(db, caller.account.id, userId);
  if (target.membership.isOwner) throw new HttpError(422, 'The owner of the account cannot be removed', { code: 'ownerCannotBeRemoved' });
  if (userId === caller.user.id) throw new HttpError(422, 'You cannot remove yourself from the account', { code: 'removeYourself' });
  await db.transaction(async (tx) => {
    await lockAccountForAdminChange(tx, caller.account.id);
    await tx.delete(memberships).where(and(eq(memberships.accountId, caller.account.id), eq(memberships.userId, userId)));
    await tx.delete(tokens).where(and(eq(tokens.userId, userId), eq(tokens.accountId, caller.account.id)));
    await requireAdminLeft(tx, caller.account.id);
  });
  return { success: true };
}

/**
 * Whether an e-mail already belongs to a user of this account (a member or an invitee), with the id only.
 * Whether it has an account anywhere else is no business of this account's admins: that answers
 * `exists: false` like an unknown address, so the call cannot be used to learn who uses the product.
 */
export async function checkUser(db: Db, caller: Caller, email: string) {
  requireAdmin(caller);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.accountId, caller.account.id)))
    .where(eq(users.email, requireEmail(email)))
    .limit(1);
  return user ? { exists: true, user } : { exists: false };
}

export async function getMember(db: Db, caller: Caller, userId: number) {
  const row = await member(db, caller.account.id, userId);
  return { user: toUser(row.user, row.membership) };
}
