import type {
  AuthFlagResponse,
  LoginRequest,
  LoginResponse,
  RestoreEndRequest,
  RestoreRequest,
  SetAccountRequest,
  SignUpRequest,
} from '../contract/auth';
import type { SuccessFlag } from '../contract/common';
import { staffApi, staffSignOutApi } from './http';

export const login = (body: LoginRequest) => staffApi.post<LoginResponse>('auth/login', body);
/** Ends the session on the server. The token is read when the call starts, so it may be forgotten right after. */
export const logout = () => staffSignOutApi.post<SuccessFlag>('auth/logout');
export const signUp = (query: SignUpRequest) => staffApi.get<AuthFlagResponse>('auth/sign-up', { ...query });
// POST only, like restore-end: the code stays out of URLs and access logs (the server has no GET form).
export const setAccount = (body: SetAccountRequest) => staffApi.post<AuthFlagResponse>('auth/set-account', body);
export const restore = (query: RestoreRequest) => staffApi.get<AuthFlagResponse>('auth/restore', { ...query });
// POST only: the new password stays out of URLs and access logs (the server has no GET form).
export const restoreEnd = (body: RestoreEndRequest) => staffApi.post<AuthFlagResponse>('auth/restore-end', body);
