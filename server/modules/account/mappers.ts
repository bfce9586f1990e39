import type { Account, User } from '../../../src/contract/account';
import type { AccountRow, Membership, UserRow } from '../../auth/sessions';

/** Trial accounts expire at the end of the trial unless paid beyond it. */
export function isExpired(account: Pick<AccountRow, 'trialEndsAt' | 'paidUntil'>, now = new Date()): boolean {
  const until = account.paidUntil && account.paidUntil > account.trialEndsAt ? account.paidUntil : account.trialEndsAt;
  return until.getTime() <= now.getTime();
}

/**
 * The account's feature gates, always with both of the spec's (test, flag) set, so neither the server nor the
 * client falls back to the spec's hard-coded account ids (test: 1, 591, 595; flag: 886).
 */
export const accountFlags = (row: Pick<AccountRow, 'flags'>): Record<string, boolean> & { test: boolean; flag: boolean } => ({ test: false, flag: false, ...row.flags });

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    is_kommo: row.isKommo,
    expired: isExpired(row),
    install: row.install,
    login_fixed: row.loginFixed,
    landing_path: row.landingPath,
    separate_rights: row.separateRights,
    trial_ends_at: row.trialEndsAt.toISOString(),
    paid_until: row.paidUntil?.toISOString() ?? null,
    flags: accountFlags(row),
  };
}

/**
 * A member as this account sees them. Until an invited user accepts, the account knows only the e-mail its
 * admin typed: name, phone, language and rights stay private (the e-mail also stands in for the name in lists).
 */
export function toUser(user: UserRow, membership: Membership): User {
  if (membership.status === 'invited') return { id: user.id, name: user.email ?? '', email: user.email, status: 'invited' };
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    lang: user.lang === 'ru' ? 'ru' : 'en',
    status: membership.status === 'disabled' ? 'disabled' : 'enabled',
    activity: membership.activity,
    admin: membership.admin,
    editing_remains: membership.editingRemains,
    change_remains: membership.changeRemains,
    is_owner: membership.isOwner,
  };
}
