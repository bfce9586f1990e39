import type {
  PublicConfig,
  PublicLoginRequest,
  PublicLoginResponse,
  PublicOrderList,
  PublicOrderListRequest,
  PublicPasswordAnswer,
  PublicPasswordCodeRequest,
  PublicPasswordSetRequest,
  PublicProfile,
  PublicProfileUpdateRequest,
  PublicTokenExchangeResponse,
} from '../contract/publicOrder';
import type { SuccessFlag } from '../contract/common';
import { publicApi, publicSignOutApi } from './http';

/** POST (the server also takes the spec's GET): the link token stays out of URLs and access logs. */
export const exchangePublicToken = (publicToken: string) =>
  publicApi.post<PublicTokenExchangeResponse>('public-order/token/get', { public_token: publicToken });

/** Ends the public session on the server. The token is read when the call starts, so it may be forgotten right after. */
export const publicLogout = () => publicSignOutApi.post<SuccessFlag>('public-order/auth/logout');

/** public-order/auth/login: a 409 with `accounts` asks which seller to sign in to (send again with account_id). */
export const publicLogin = (body: PublicLoginRequest) => publicApi.post<PublicLoginResponse>('public-order/auth/login', body);

/** public-order/config: the seller, the signed-in customer (none for an anonymous link) and the kind of session. */
export const getPublicConfig = () => publicApi.get<PublicConfig>('public-order/config');

/** public-order/auth/password/request: a code to the customer's e-mail (same answer for any e-mail). */
export const requestPublicPasswordCode = (body: PublicPasswordCodeRequest) => publicApi.post<PublicPasswordAnswer>('public-order/auth/password/request', body);
/** public-order/auth/password/set: the mailed code and the new password. */
export const setPublicPasswordByCode = (body: PublicPasswordSetRequest) => publicApi.post<PublicPasswordAnswer>('public-order/auth/password/set', body);

export const getPublicProfile = () => publicApi.get<PublicProfile>('public-order/profile');
/** Name and phone; a new password with its confirmation (and the current one when a password is set). */
export const updatePublicProfile = (body: PublicProfileUpdateRequest) => publicApi.post<PublicProfile>('public-order/profile', body);

/** public-order/order/list (POST, as orders/list): only the orders shared with the caller. */
export const listPublicOrders = (body: PublicOrderListRequest = {}) => publicApi.post<PublicOrderList>('public-order/order/list', body);
