import { and, eq, ne } from 'drizzle-orm';
import { parseLogin } from '../../../src/domain/login';
import type { OutgoingMessage } from '../../auth/mailer';
import type { Caller } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { USER_EXISTS } from '../auth/service';
import { quotedAccountName } from './invitationMail';

export const EMAIL_INVALID = 'Enter a valid e-mail';
export const OWN_EMAIL_IN_PROFILE = 'Change your own e-mail in your profile: the new address is confirmed there with a code';
export const OWNER_EMAIL = "The owner's e-mail is changed only by the owner, in their profile";
export const EMAIL_OTHER_ACCOUNTS = 'This user is also in other accounts: only they can change their e-mail';

/** The canonical (trimmed, lower-cased) e-mail an admin typed for a member; refused when it is not an e-mail. */
export function memberEmail(text: string): string {
  const login = parseLogin(text);
  if (login?.mode !== 'email') throw badRequest(EMAIL_INVALID, { code: 'emailInvalid' });
  return login.value;
}

/**
 * Who may have their sign-in e-mail set by an admin: another member (their own goes through the profile's code,
 * which proves the new address), not the owner, and only someone in no other account, since the e-mail is their
 * login everywhere and another account's admin must not be able to take it over.
 */
export function requireEmailChangeAllowed(caller: Caller, target: { userId: number; isOwner: boolean; accountsOfUser: number }): void {
  if (target.userId === caller.user.id) throw new HttpError(422, OWN_EMAIL_IN_PROFILE, { code: 'ownEmailInProfile' });
  if (target.isOwner) throw new HttpError(422, OWNER_EMAIL, { code: 'ownerEmail' });
  if (target.accountsOfUser > 1) throw new HttpError(422, EMAIL_OTHER_ACCOUNTS, { code: 'emailOtherAccounts' });
}

/** The refusal of an e-mail another user signs in with. */
export const emailTaken = () => conflict(USER_EXISTS, { code: 'userExists' });

/** Whether another user signs in with this e-mail (a 409 'Such a user already exists.' then). */
export async function requireEmailFree(db: Db | Tx, email: string, userId: number): Promise<void> {
  const [other] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, userId))).limit(1);
  if (other) throw emailTaken();
}

/**
 * What the person is told: the old address learns its sign-in moved (so a change they did not expect is seen where
 * they still read mail), the new one that it now signs in. Our text; the only thing the admin chose is the address.
 */
export function emailChangeMails(account: { id: number; name: string }, from: string | null, to: string): OutgoingMessage[] {
  const where = `the Stockroom account named ${quotedAccountName(account.name)} (account ${account.id})`;
  const mails: OutgoingMessage[] = [
    {
      channel: 'email',
      to,
      subject: 'Your Stockroom sign-in e-mail',
      body: `An administrator of ${where} set this e-mail as your sign-in. Sign in with it and your password, or recover your password with it.`,
    },
  ];
  if (from && from !== to) {
    mails.push({
      channel: 'email',
      to: from,
      subject: 'Your Stockroom sign-in e-mail was changed',
      body: `An administrator of ${where} changed your sign-in e-mail from ${from} to ${to}. If you did not expect this, contact the administrators of that account.`,
    });
  }
  return mails;
}
