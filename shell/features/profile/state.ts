import { confirmNewLogin, confirmOldLogin, revokeOtherSessions, sendLoginCode, updateOwnProfile, type LoginStep } from './api';
import { errorText } from '../../../src/api/transport';
import type { User } from '../../../src/contract/account';
import type { LoginMode } from '../../../src/contract/auth';
import { parseLogin } from '../../../src/domain/login';
import { passwordProblem } from '../../../src/domain/password';
import type { MessageKey } from '../../../src/i18n';
import { serverErrorText } from '../../../src/i18n/serverErrors';
import { $account } from '../../../src/stores/account';

/**
 * The signed-in staff user's own profile: name, password, and changing the e-mail or phone with codes
 * (the current login confirmed first when there is one, then the new one). The user is the account store's.
 */

export type ProfileStep = { ok: true } | { ok: false; messageKey: MessageKey; serverText?: string };

/** Server refusals the user can act on, in their language; anything else shows the server's own text. */
const KNOWN_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'You have used too many code entry attempts': 'errors.tooManyCodeAttempts',
  'The code is wrong': 'profile.codeWrong',
  'The code has expired. Request a new one': 'profile.codeExpired',
  'Such a user already exists.': 'errors.userExists',
  'Confirm your current login first': 'profile.confirmOldFirst',
  'This is not your current e-mail': 'profile.notCurrentLogin',
  'This is not your current phone': 'profile.notCurrentLogin',
  'The current password is wrong': 'profile.wrongCurrentPassword',
};

function refusal(body: unknown): ProfileStep {
  const text = errorText(body);
  const known = KNOWN_REFUSALS[text];
  if (known) return { ok: false, messageKey: known };
  // A coded refusal reads in the user's language (serverErrors.<code>); any other keeps the server's text.
  return text ? { ok: false, messageKey: 'errors.somethingWrong', serverText: serverErrorText(body) || text } : { ok: false, messageKey: 'errors.somethingWrong' };
}

function storeUser(changes: Partial<User>): void {
  const state = $account.get();
  if (state.user) $account.set({ ...state, user: { ...state.user, ...changes } });
}

export async function saveOwnName(text: string): Promise<ProfileStep> {
  const name = text.trim();
  if (!name) return { ok: false, messageKey: 'validation.empty' };
  const result = await updateOwnProfile({ name });
  if (!result.ok) return refusal(result.data);
  storeUser({ name: result.data.user.name });
  return { ok: true };
}

/** The user's own e-mail and phone: a password may not be either of them. */
const ownLogins = () => [$account.get().user?.email, $account.get().user?.phone];

/** A new password's rules, checked before asking (the server checks them again). */
export function newPasswordStep(password: string, confirm?: string): ProfileStep {
  const problem = passwordProblem(password, ownLogins());
  if (problem) return { ok: false, messageKey: problem === 'tooShort' ? 'validation.passwordTooShort' : 'validation.passwordIsLogin' };
  if (confirm !== undefined && password !== confirm) return { ok: false, messageKey: 'profile.passwordsDiffer' };
  return { ok: true };
}

/** A new password with its confirmation and the current password; the server ends the user's other sessions. */
export async function changeOwnPassword(current: string, password: string, confirm: string): Promise<ProfileStep> {
  if (!current) return { ok: false, messageKey: 'profile.wrongCurrentPassword' };
  const checked = newPasswordStep(password, confirm);
  if (!checked.ok) return checked;
  const result = await updateOwnProfile({ password, current_password: current });
  return result.ok ? { ok: true } : refusal(result.data);
}

/** 'Sign out of all other devices': how many other sessions ended, or why it failed (this session stays). */
export async function signOutOtherDevices(): Promise<{ ok: true; revoked: number } | Extract<ProfileStep, { ok: false }>> {
  const result = await revokeOtherSessions();
  if (result.ok) return { ok: true, revoked: result.data.revoked };
  const step = refusal(result.data);
  return step.ok ? { ok: false, messageKey: 'errors.somethingWrong' } : step;
}

/** The user's current login of this kind, as stored (e-mail lower-case, phone digits), or null. */
export function currentLogin(mode: LoginMode): string | null {
  const user = $account.get().user;
  return (mode === 'email' ? user?.email : user?.phone) || null;
}

/** What a typed login must be for this kind of change: a valid e-mail, or a phone of 7 to 15 digits. */
export function checkLogin(mode: LoginMode, text: string): ProfileStep {
  const parsed = parseLogin(text);
  if (parsed?.mode === mode) return { ok: true };
  return { ok: false, messageKey: mode === 'email' ? 'validation.email' : 'profile.phoneInvalid' };
}

/** Sends a code to the current login ('old') or to the new one ('new'). */
export async function requestLoginCode(step: LoginStep, mode: LoginMode, login: string): Promise<ProfileStep> {
  const checked = checkLogin(mode, login);
  if (!checked.ok) return checked;
  const result = await sendLoginCode(step, mode, login.trim());
  return result.ok && result.data.success ? { ok: true } : refusal(result.data);
}

/** Checks the code; confirming the new login changes it, and the account store shows the new one. */
export async function confirmLoginCode(step: LoginStep, mode: LoginMode, login: string, code: string): Promise<ProfileStep> {
  const trimmed = code.trim();
  if (!trimmed) return { ok: false, messageKey: 'validation.empty' };
  if (step === 'old') {
    const result = await confirmOldLogin(mode, login.trim(), trimmed);
    return result.ok && result.data.success ? { ok: true } : refusal(result.data);
  }
  const result = await confirmNewLogin(mode, login.trim(), trimmed);
  if (!result.ok || !result.data.success) return refusal(result.data);
  storeUser({ email: result.data.email, phone: result.data.phone });
  return { ok: true };
}
