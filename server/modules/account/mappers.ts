import type { Account, User } from '../../../src/contract/account';
import type { AccountRow, Membership, UserRow } from '../../auth/sessions';

/** Trial accounts expire at the end of the trial unless paid beyond it. */
export function isExpired(account: Pick<AccountRow, 'trialEndsAt' | 'paidUntil'>, now = new Date()): boolean {
  const until = account.paidUntil && account.paidUntil > account.trialEndsAt ? account.paidUntil : account.trialEndsAt;
  return until.getTime() <= now.getTime();
}

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
    flags: row.flags,
  };
}

export function toUser(user: UserRow, membership: Membership): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    lang: user.lang === 'ru' ? 'ru' : 'en',
    status: membership.status === 'disabled' || membership.status === 'invited' ? membership.status : 'enabled',
    activity: membership.activity,
    admin: membership.admin,
    editing_remains: membership.editingRemains,
    change_remains: membership.changeRemains,
    is_owner: membership.isOwner,
  };
}
