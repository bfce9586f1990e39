import { login, restore, restoreEnd, setAccount, signUp } from '../api/auth';
import type { LoginMode } from '../contract/auth';
import { errorText } from '../api/transport';
import type { MessageKey } from '../i18n';
import { resetAccount } from './account';
import { resetPipelines } from './pipelines';
import { clearSession, saveToken } from './session';

/** Data loaded for one signed-in account; forgotten whenever the session changes hands. */
function forgetAccountData(): void {
  resetAccount();
  resetPipelines();
}

/** Log out: both tokens and everything loaded for the account are forgotten. */
export function logOut(): void {
  clearSession();
  forgetAccountData();
}

/** What a form shows after a step: done, or the message to show (a key, or the server's own text). */
export type StepResult = { ok: true } | { ok: false; messageKey: MessageKey; serverText?: string };

function failure(messageKey: MessageKey, body?: unknown): StepResult {
  const serverText = errorText(body);
  return serverText ? { ok: false, messageKey, serverText } : { ok: false, messageKey };
}

/** Sign in with e-mail or phone and the product's own password; the token is stored on success. */
export async function signIn(loginValue: string, password: string): Promise<StepResult> {
  const result = await login({ login: loginValue.trim(), password });
  if (result.ok && result.data.success && result.data.access_token) {
    saveToken(result.data.access_token);
    forgetAccountData();
    return { ok: true };
  }
  // The spec's sign-in failure text is shown whatever the server said.
  return { ok: false, messageKey: 'errors.invalidLogin' };
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

export async function finishRestore(loginValue: string, code: string, password: string): Promise<StepResult> {
  const result = await restoreEnd({ login: loginValue.trim(), code: code.trim(), password });
  return result.ok && result.data.success ? { ok: true } : failure('errors.somethingWrong', result.data);
}
