import { acceptInvitation } from '../../src/api/account';
import { login, logout, restore, restoreEnd, setAccount, signUp } from '../../src/api/auth';
import { publicLogout } from '../../src/api/publicOrder';
import type { LoginMode } from '../../src/contract/auth';
import { errorText } from '../../src/api/transport';
import { passwordProblem } from '../../src/domain/password';
import type { MessageKey } from '../../src/i18n';
import { loadAccount, resetAccount } from '../../src/stores/account';
import { loadInvitations, markInvitationsOnly, resetInvitations } from './invitations';
import { resetPipelines } from './pipelines';
import { $publicToken, $token, clearSession, saveToken } from '../../src/stores/session';

/** Data loaded for one signed-in account; forgotten whenever the session changes account. */
function forgetAccountData(): void {
  // resetAccount also forgets what screens loaded for the account (their stores register with it).
  resetAccount();
  resetPipelines();
}

/** Everything loaded for the signed-in user; forgotten whenever the session changes hands. */
function forgetUserData(): void {
  forgetAccountData();
  resetInvitations();
}

/**
 * Log out: the server ends the session (a copied token stops working too), then both tokens, the
 * invitations-only mark and everything loaded for the user are forgotten. The call has read the token before
 * it is forgotten, so the screen need not wait for the answer.
 */
export function logOut(): Promise<unknown> {
  // clearSession forgets the public token too, so its session ends on the server as well.
  const ended = Promise.all([$token.get() ? logout() : null, $publicToken.get() ? publicLogout() : null]);
  markInvitationsOnly(null);
  clearSession();
  forgetUserData();
  return ended;
}

/**
 * What a form shows after a step: done, or the message to show (a key, or the server's own text). A refusal with a
 * code keeps its code and figures too, so the form (a lazy chunk, which loads the texts) says it in the user's language.
 */
export type StepResult = { ok: true } | { ok: false; messageKey: MessageKey; serverText?: string; refusal?: { code: string; params?: unknown } };

function failure(messageKey: MessageKey, body?: unknown): StepResult {
  const serverText = errorText(body);
  const { code, params } = (body ?? {}) as { code?: unknown; params?: unknown };
  const refusal = typeof code === 'string' ? { refusal: { code, ...(params !== undefined && { params }) } } : {};
  return serverText ? { ok: false, messageKey, serverText, ...refusal } : { ok: false, messageKey };
}

/** A sign-in that worked may have opened only the user's invitations (no account of theirs is enabled yet). */
export type SignInResult = { ok: true; invitationsOnly?: true } | Extract<StepResult, { ok: false }>;

/**
 * Sign in with e-mail or phone and the product's own password; the token is stored on success. A token with
 * scope 'invitations' is marked as such (the shell then shows /invitations, not the app, whose calls refuse it).
 */
export async function signIn(loginValue: string, password: string): Promise<SignInResult> {
  const result = await login({ login: loginValue.trim(), password });
  if (result.ok && result.data.success && result.data.access_token) return adoptSession(result.data.access_token, result.data.scope);
  // The spec's sign-in failure text is shown whatever the server said.
  return { ok: false, messageKey: 'errors.invalidLogin' };
}

/** Keeps a session the server opened (by password or Telegram): its token, and whether it opens only invitations. */
export function adoptSession(token: string, scope: string | undefined): SignInResult {
  const invitationsOnly = scope === 'invitations';
  // Marked before it is saved: no moment where the token looks like an account session to the guard.
  markInvitationsOnly(invitationsOnly ? token : null);
  saveToken(token);
  forgetUserData();
  return invitationsOnly ? { ok: true, invitationsOnly: true } : { ok: true };
}

/**
 * Accepts the invitation of an account. The server then makes an invitations-only token a session of that
 * account, so its data is loaded afresh and only then the mark goes (the screen stays as it is until the user
 * can land in the account); an ordinary session stays in its own account. On failure the transport has already
 * shown why (the server's text: no free seat, invitation withdrawn), and a withdrawn one leaves the list.
 */
export async function joinAccount(accountId: number): Promise<boolean> {
  const result = await acceptInvitation({ account_id: accountId });
  if (!result.ok) {
    if (result.status === 404) void loadInvitations();
    return false;
  }
  forgetAccountData();
  await loadAccount();
  markInvitationsOnly(null);
  resetInvitations();
  return true;
}

export function loginModeOf(value: string): LoginMode {
  return value.includes('@') ? 'email' : 'phone';
}

export async function requestSignUpCode(name: string, loginValue: string, lang: 'en' | 'ru'): Promise<StepResult> {
  const value = loginValue.trim();
  const result = await signUp({ name: name.trim(), mode: loginModeOf(value), login: value, lang });
  return result.ok && result.data.success ? { ok: true } : failure('errors.somethingWrong', result.data);
}

export async function confirmSignUp(loginValue: string, code: string): Promise<StepResult> {
  const value = loginValue.trim();
  const result = await setAccount({ mode: loginModeOf(value), login: value, code: code.trim() });
  return result.ok && result.data.success ? { ok: true } : failure('errors.somethingWrong', result.data);
}

export async function requestRestoreCode(loginValue: string): Promise<StepResult> {
  const result = await restore({ login: loginValue.trim() });
  return result.ok && result.data.success ? { ok: true } : failure('errors.somethingWrong', result.data);
}

/** The new password's rules (src/domain/password) are checked before the code is sent, in the user's language. */
export async function finishRestore(loginValue: string, code: string, password: string): Promise<StepResult> {
  const problem = passwordProblem(password, [loginValue]);
  if (problem) return { ok: false, messageKey: problem === 'tooShort' ? 'validation.passwordTooShort' : 'validation.passwordIsLogin' };
  const result = await restoreEnd({ login: loginValue.trim(), code: code.trim(), password });
  return result.ok && result.data.success ? { ok: true } : failure('errors.somethingWrong', result.data);
}
