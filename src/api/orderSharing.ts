import type { OrderShare, PublicLinkRequest, PublicUnlinkRequest } from '../contract/publicOrder';
import { staffApi } from './http';

/** orders/public/link: makes the order public (for a customer, or an anonymous link when none is named). */
export const linkPublicOrder = (body: PublicLinkRequest) => staffApi.post<OrderShare>('orders/public/link', body);
/** orders/public/unlink: one share, a customer's share, or every share of the order; answers the shares left. */
export const unlinkPublicOrder = (body: PublicUnlinkRequest) => staffApi.post<OrderShare[]>('orders/public/unlink', body);
/** orders/public/list: the order's public links, oldest first. */
export const listPublicOrderLinks = (orderId: number) => staffApi.get<OrderShare[]>('orders/public/list', { order_id: orderId });

/** The full address of a share, for copying: the server answers the shell path (`/#/publicOrder?…`). */
export function publicOrderUrl(share: Pick<OrderShare, 'path'>, origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}${share.path}`;
}
