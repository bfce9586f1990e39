import { atom } from 'nanostores';
import { linkPublicOrder, listPublicOrderLinks, publicOrderUrl } from '../../../src/api/orderSharing';
import type { OrderShare } from '../../../src/contract/publicOrder';

/**
 * The deal screen's public link (spec 2 §2 "make order public, go to the public order"): an order made
 * public gets an anonymous link; an order already public shows the link it has.
 */
export interface PublicLinkState {
  orderId: number | null;
  url: string | null;
  busy: boolean;
}

export const $publicLink = atom<PublicLinkState>({ orderId: null, url: null, busy: false });
let seq = 0;

/** The link anyone without a customer account can open, else the oldest one. */
function linkOf(shares: readonly OrderShare[]): OrderShare | undefined {
  return shares.find((share) => share.customer === null) ?? shares[0];
}

/**
 * Reads the links of a public order, every time the deal opens: a link may have been removed elsewhere
 * (the orders page, another user) since it was last read. The known link stays shown while it is read.
 */
export async function loadPublicLink(orderId: number): Promise<string | null> {
  const known = $publicLink.get();
  const mine = ++seq;
  $publicLink.set({ orderId, url: known.orderId === orderId ? known.url : null, busy: true });
  const result = await listPublicOrderLinks(orderId);
  if (mine !== seq) return null;
  const share = result.ok ? linkOf(result.data ?? []) : undefined;
  const url = share ? publicOrderUrl(share) : null;
  $publicLink.set({ orderId, url, busy: false });
  return url;
}

/** Makes the order public (an anonymous link) and answers the link's full address, or null when refused. */
export async function makeOrderPublic(orderId: number): Promise<string | null> {
  const mine = ++seq;
  $publicLink.set({ orderId, url: null, busy: true });
  const result = await linkPublicOrder({ order_id: orderId });
  if (mine !== seq) return null;
  const url = result.ok ? publicOrderUrl(result.data) : null;
  $publicLink.set({ orderId, url, busy: false });
  return url;
}

export function resetPublicLink(): void {
  seq += 1;
  $publicLink.set({ orderId: null, url: null, busy: false });
}
