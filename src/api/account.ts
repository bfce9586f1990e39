import type {
  AccountConfigResponse,
  AccountUpdateRequest,
  AccountUpdateResponse,
  UserAcceptRequest,
  UserInvitationList,
  User,
  UserResponse,
  UserUpdateRequest,
} from '../contract/account';
import type { SuccessFlag } from '../contract/common';
import { invitationApi, modeApi, staffApi } from './http';

/** account/config, or public-order/config in public mode. */
export const getAccountConfig = () => modeApi.get<AccountConfigResponse>('account/config');
/** account/update (admin): name, country (an ISO 3166 code; null clears it), separate rights, start page. */
export const updateAccount = (body: AccountUpdateRequest) => staffApi.post<AccountUpdateResponse>('account/update', body);
/** The account's members, invited ones included (shown by e-mail). */
export const listAccountUsers = () => staffApi.get<User[]>('account/users');
export const updateUser = (body: UserUpdateRequest) => staffApi.post<UserResponse>('account/user/update', body);
/** The signed-in user's pending invitations; also open to a token that opens only invitations (scope 'invitations'). */
export const listInvitations = () => invitationApi.get<UserInvitationList>('account/user/invitations');
/** Joins the inviting account; a 402 (no free seat there) is shown as a notification. */
export const acceptInvitation = (query: UserAcceptRequest) => invitationApi.get<SuccessFlag>('account/user/accept', { ...query });
