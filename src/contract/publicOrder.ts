/** GET public-order/token/get?public_token=… — exchanges a link's public token for a session token. */
export interface PublicTokenExchangeRequest {
  public_token: string;
}
export interface PublicTokenExchangeResponse {
  token: string;
}

/** Entry of the public order list. */
export interface PublicOrderListEntry {
  id: number;
  name: string;
  active: boolean;
}
