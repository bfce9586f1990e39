import type { SuccessFlag } from './common';

/** Staff sign-in is by e-mail or phone and the product's own password. */
export type LoginMode = 'email' | 'phone';

/** POST auth/login */
export interface LoginRequest {
  login: string;
  password: string;
}
export interface LoginResponse extends SuccessFlag {
  access_token?: string;
}

/** GET auth/sign-up — sends a confirmation code to the chosen channel. */
export interface SignUpRequest {
  name: string;
  mode: LoginMode;
  login: string;
  lang?: 'en' | 'ru';
}

/** GET auth/set-account — confirms the code; the password goes to the chosen channel. */
export interface SetAccountRequest {
  mode: LoginMode;
  login: string;
  code: string;
}

/** GET auth/restore — sends a recovery code. */
export interface RestoreRequest {
  login: string;
}

/** GET auth/restore-end — checks the code and sets the new password. */
export interface RestoreEndRequest {
  login: string;
  code: string;
  password: string;
}

export type AuthFlagResponse = SuccessFlag;
