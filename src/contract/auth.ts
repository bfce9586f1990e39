import Type from 'typebox';
import { Nullable, SuccessFlag } from './common';

const Login = Type.String({ minLength: 3, maxLength: 254 });
const Lang = Type.Union([Type.Literal('en'), Type.Literal('ru')]);

/** Staff sign in by e-mail or phone with the product's own password. */
export const LoginMode = Type.Union([Type.Literal('email'), Type.Literal('phone')]);
export type LoginMode = Type.Static<typeof LoginMode>;

/** POST auth/login */
export const LoginRequest = Type.Object({ login: Login, password: Type.String({ minLength: 1, maxLength: 200 }) });
export type LoginRequest = Type.Static<typeof LoginRequest>;
/**
 * `scope: 'invitations'`: the user has no enabled account, only pending invitations; the token opens just
 * account/user/invitations and account/user/accept (every other call answers 403), and accepting an
 * invitation makes it a session of that account.
 */
export const LoginResponse = Type.Object({
  success: Type.Boolean(),
  access_token: Type.Optional(Type.String()),
  scope: Type.Optional(Type.Literal('invitations')),
  error: Type.Optional(Type.String()),
});
export type LoginResponse = Type.Static<typeof LoginResponse>;

/** GET auth/sign-up — sends a confirmation code to the chosen channel. */
export const SignUpRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  mode: LoginMode,
  login: Login,
  lang: Type.Optional(Lang),
});
export type SignUpRequest = Type.Static<typeof SignUpRequest>;

/**
 * POST auth/set-account — confirms the code; the account is created and the password sent to the channel.
 * POST only (the spec lists GET), like auth/restore-end: the code goes in the JSON body, never in a URL.
 */
export const SetAccountRequest = Type.Object({ mode: LoginMode, login: Login, code: Type.String({ minLength: 1, maxLength: 12 }) });
export type SetAccountRequest = Type.Static<typeof SetAccountRequest>;

/** GET auth/restore — sends a recovery code. */
export const RestoreRequest = Type.Object({ login: Login });
export type RestoreRequest = Type.Static<typeof RestoreRequest>;

/**
 * POST auth/restore-end — checks the code and sets the new password (POST only: a password never goes in a URL).
 * The password rules (src/domain/password: length, not the login) answer 400 with a readable text.
 */
export const RestoreEndRequest = Type.Object({
  login: Login,
  code: Type.String({ minLength: 1, maxLength: 12 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type RestoreEndRequest = Type.Static<typeof RestoreEndRequest>;

export const AuthFlagResponse = SuccessFlag;
export type AuthFlagResponse = Type.Static<typeof AuthFlagResponse>;

/**
 * POST profile/check-new-{email|phone}-confirm (body: the login under the mode key, and the code; POST only, as
 * profile/check-old-*-confirm, so the code never goes in a URL): the user's e-mail and phone after the change.
 */
export const LoginChangedResponse = Type.Object({ success: Type.Boolean(), email: Nullable(Type.String()), phone: Nullable(Type.String()) });
export type LoginChangedResponse = Type.Static<typeof LoginChangedResponse>;
