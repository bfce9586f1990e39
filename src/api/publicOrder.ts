import type { PublicTokenExchangeResponse } from '../contract/publicOrder';
import { publicApi } from './clients';

export const exchangePublicToken = (publicToken: string) =>
  publicApi.get<PublicTokenExchangeResponse>('public-order/token/get', { public_token: publicToken });
