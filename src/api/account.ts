import type { AccountConfigResponse, UserUpdateRequest } from '../contract/account';
import type { SuccessFlag } from '../contract/common';
import { modeApi, staffApi } from './clients';

/** account/config, or public-order/config in public mode. */
export const getAccountConfig = () => modeApi().get<AccountConfigResponse>('account/config');
export const updateUser = (body: UserUpdateRequest) => staffApi.post<SuccessFlag>('account/user/update', body);
