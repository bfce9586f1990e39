import { staffApi } from '../../../src/api/http';
import type { SuccessFlag } from '../../../src/contract/common';
import type { User, UserAddRequest, UserCheckResponse, UserLinkResponse, UserResponse, UserUpdateRequest } from '../../../src/contract/account';

/** account/users and account/user/* (spec §7 'Users'): the account's members and invitations; all but the list are admin calls. */
export const listUsers = () => staffApi.get<User[]>('account/users');
export const addUser = (body: UserAddRequest) => staffApi.post<UserResponse>('account/user/add', body);
export const updateMember = (body: UserUpdateRequest) => staffApi.post<UserResponse>('account/user/update', body);
export const linkUser = (email: string) => staffApi.get<UserLinkResponse>('account/user/link', { email });
export const unlinkUser = (id: number) => staffApi.get<SuccessFlag>('account/user/unlink', { id });
export const checkUser = (email: string) => staffApi.get<UserCheckResponse>('account/user/check', { email });
/** A pending invitation's mistyped e-mail or name corrected; the new address gets the invitation, the old one's codes stop working. */
export const editInvitation = (body: { id: number; name?: string; email?: string }) => staffApi.post<UserResponse>('account/user/invitation/update', body);
