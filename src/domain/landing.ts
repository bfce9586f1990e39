/** Account-specific landing page and feature gates (spec 1 §2 route '/', spec 1 §6). */

export const DOCUMENTS_LANDING_ACCOUNT_ID = 148;
export const DEFAULT_LANDING_PATH = '/orders';
export const DOCUMENTS_LANDING_PATH = '/documents';
/** Accounts treated as test accounts for feature gating. */
export const TEST_ACCOUNT_IDS: readonly number[] = [1, 591, 595];
/** The account that carries the spec's "another flag". */
export const FLAG_ACCOUNT_ID = 886;

export interface LandingAccount {
  id: number;
  /** Set by the server to override the landing page. */
  landing_path?: string | null;
}

/**
 * Where '/' leads: the account's landing_path when set (a missing leading '/' is added),
 * else '/documents' for account 148, else '/orders' (also before the account is known).
 */
export function landingPath(account: LandingAccount | null | undefined): string {
  const custom = account?.landing_path?.trim();
  if (custom) return custom.startsWith('/') ? custom : `/${custom}`;
  return account?.id === DOCUMENTS_LANDING_ACCOUNT_ID ? DOCUMENTS_LANDING_PATH : DEFAULT_LANDING_PATH;
}

export interface FlaggedAccount {
  id: number;
  /** Flags the server may send instead of relying on fixed ids; a sent flag wins. */
  flags?: { test?: boolean | null; flag?: boolean | null } | null;
}

export function isTestAccount(account: FlaggedAccount | null | undefined): boolean {
  if (!account) return false;
  const flag = account.flags?.test;
  if (typeof flag === 'boolean') return flag;
  return TEST_ACCOUNT_IDS.includes(account.id);
}

/** The other per-account flag (account 886), or flags.flag when the server sends it. */
export function hasAccountFlag(account: FlaggedAccount | null | undefined): boolean {
  if (!account) return false;
  const flag = account.flags?.flag;
  if (typeof flag === 'boolean') return flag;
  return account.id === FLAG_ACCOUNT_ID;
}
