import type { OutgoingMessage } from '../../auth/mailer';

/**
 * The account's name as it may appear in a mail: one line, no control characters, bounded, in quotes, so an
 * inviter cannot write instructions, links on lines of their own, or a fake signature into it.
 */
export function quotedAccountName(name: string): string {
  const line = name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return `"${line.length > 80 ? `${line.slice(0, 79)}…` : line}"`;
}

/**
 * An invitation into an account. Against phishing through our own mail, the text is ours: the only thing the
 * inviter chose is the account's name, shown as a quoted name (not the inviter's name, not the name they typed
 * for the invitee). It carries no password or code: a new user proves the address by password recovery.
 */
export function invitationMail(to: string, account: { id: number; name: string }, invitee: 'new' | 'existing'): OutgoingMessage {
  const steps =
    invitee === 'new'
      ? 'To join, open Stockroom, choose "Forgot your password?" and enter this e-mail: a code sent to it lets you set your password. Then sign in and accept the invitation.'
      : 'To join, sign in to Stockroom with this e-mail (or recover your password with it) and accept the invitation.';
  return {
    channel: 'email',
    to,
    subject: 'Invitation to a Stockroom account',
    body: `You are invited to a Stockroom account named ${quotedAccountName(account.name)} (account ${account.id}).\n${steps}\nIf you did not expect this, ignore this message: nothing happens unless you accept.`,
  };
}
