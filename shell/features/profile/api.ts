import type { SelfUpdateRequest, UserResponse } from '../../../src/contract/account';
import type { LoginChangedResponse, LoginMode } from '../../../src/contract/auth';
import type { SuccessFlag } from '../../../src/contract/common';
import type { RevokeOthersResponse } from '../../../src/contract/sessions';
import { staffApi } from '../../../src/api/http';

/** user/update: the signed-in user's own name or password (a new password ends their other sessions). */
export const updateOwnProfile = (body: SelfUpdateRequest) => staffApi.post<UserResponse>('user/update', body);

/** Signs the user out of every other device and browser (this session stays); answers how many ended. */
export const revokeOtherSessions = () => staffApi.post<RevokeOthersResponse>('profile/sessions/revoke-others');

/**
 * Changing the e-mail or phone (spec 2 §7): GET profile/check-{old|new}-{mode} sends a code to that login,
 * the -confirm call checks it; the login travels under the mode key (email … or phone …). The -confirm calls
 * are POSTs with the code in the JSON body (the server has no GET form: a code never goes in a URL).
 * The current login is confirmed first (when there is one), then the new one.
 */
export type LoginStep = 'old' | 'new';

const loginField = (mode: LoginMode, login: string) => ({ [mode]: login });

export const sendLoginCode = (step: LoginStep, mode: LoginMode, login: string) =>
  staffApi.get<SuccessFlag>(`profile/check-${step}-${mode}`, loginField(mode, login));

export const confirmOldLogin = (mode: LoginMode, login: string, code: string) =>
  staffApi.post<SuccessFlag>(`profile/check-old-${mode}-confirm`, { ...loginField(mode, login), code });

/** Answers the user's e-mail and phone after the change. */
export const confirmNewLogin = (mode: LoginMode, login: string, code: string) =>
  staffApi.post<LoginChangedResponse>(`profile/check-new-${mode}-confirm`, { ...loginField(mode, login), code });
