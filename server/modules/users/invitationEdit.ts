import { and, count, eq, isNull } from 'drizzle-orm';
import type { Caller } from '../../auth/sessions';
import { requireAdmin } from '../../auth/rights';
import { codes, memberships, users } from '../../db/schema';
import type { ServerContext } from '../../http/context';
import { refusal } from '../../http/refusal';
import { requireName } from '../account/service';
import { toUser } from '../account/mappers';
import { memberEmail } from './emailChange';
import { invitationMail } from './invitationMail';
import { existingUser, isUniqueViolation, member, NO_PASSWORD_YET } from './service';

export interface InvitationEdit {
  id: number;
  name?: string;
  email?: string;
}

/**
 * An admin corrects a pending invitation with a mistyped e-mail or name (issue 17 §2). The new address is checked as
 * a new user's is (a taken one gives 'Such a user already exists.' with its id, so the screen offers to add them).
 * The old address loses what it was sent: its unused codes stop working (a user who has never set a password has no
 * session to end), so whoever reads the mistyped address cannot join; the new address gets the invitation. An accepted invitation is a member,
 * edited as one (user/update), not here.
 *
 * An invitation made by user/add created a user who has never signed in: that user is ours to correct. An
 * invitation of someone who already had a login (user/link) cannot change their e-mail, which is theirs everywhere:
 * that invitation is withdrawn and the new address invited as a new user, with the same rights.
 */
export async function editInvitation(ctx: ServerContext, caller: Caller, body: InvitationEdit) {
  requireAdmin(caller);
  const target = await member(ctx.db, caller.account.id, body.id);
  if (target.membership.status !== 'invited') throw refusal(422, 'invitationAccepted');
  const name = body.name === undefined ? target.user.name : requireName(body.name);
  const email = body.email === undefined ? target.user.email : memberEmail(body.email);
  const emailChanges = email !== target.user.email;
  if (emailChanges && email) {
    const taken = await existingUser(ctx.db, email);
    if (taken) throw refusal(409, 'userExists', undefined, { user_id: taken.id });
  }
  const oldEmail = target.user.email;
  let edited: ReturnType<typeof toUser>;
  try {
    edited = await ctx.db.transaction(async (tx) => {
      const [{ value: accountsOfUser }] = await tx.select({ value: count() }).from(memberships).where(eq(memberships.userId, target.user.id));
      const ours = target.user.passwordHash === NO_PASSWORD_YET && accountsOfUser === 1;
      if (ours) {
        const [user] = await tx.update(users).set({ name, email }).where(eq(users.id, target.user.id)).returning();
        return toUser(user, target.membership);
      }
      if (!emailChanges) throw refusal(422, 'invitationOfExistingUser');
      await tx.delete(memberships).where(and(eq(memberships.accountId, caller.account.id), eq(memberships.userId, target.user.id)));
      const [user] = await tx.insert(users).values({ name, email, passwordHash: NO_PASSWORD_YET, lang: caller.user.lang }).returning();
      const { activity, admin, editingRemains, changeRemains } = target.membership;
      const [membership] = await tx
        .insert(memberships)
        .values({ accountId: caller.account.id, userId: user.id, activity, admin, editingRemains, changeRemains, status: 'invited' })
        .returning();
      return toUser(user, membership);
    });
  } catch (error) {
    // The same address added at the same moment by someone else: the unique index decides, the answer is the usual 409.
    const raced = isUniqueViolation(error) && email ? await existingUser(ctx.db, email) : undefined;
    if (raced) throw refusal(409, 'userExists', undefined, { user_id: raced.id });
    throw error;
  }
  if (emailChanges && oldEmail) {
    // A recovery code mailed to the mistyped address would let its reader set the password of the invited user.
    await ctx.db.update(codes).set({ usedAt: new Date() }).where(and(eq(codes.login, oldEmail), isNull(codes.usedAt)));
  }
  if (emailChanges && email) await ctx.mailer.send(invitationMail(email, caller.account, 'new'));
  return { user: edited };
}
