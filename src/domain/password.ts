import { loginKey } from './login';

/** Staff passwords: long enough, and not the login itself (the first thing anyone guesses). */
export const MIN_PASSWORD_LENGTH = 8;

export type PasswordProblem = 'tooShort' | 'isLogin';

/** What is wrong with a new password for a user signing in with these logins, or null when it will do. */
export function passwordProblem(password: string, logins: readonly (string | null | undefined)[]): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  const key = loginKey(password);
  if (logins.some((login) => login && loginKey(login) === key)) return 'isLogin';
  return null;
}
