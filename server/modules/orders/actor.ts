import type { AccountRow, Caller } from '../../auth/sessions';
import type { Tx } from '../../db/client';

/** A position whose count a change touched, with the count it had before (0 for a new one). */
export interface TouchedCount {
  id: number;
  before: number;
}

/**
 * Who changes an order: a staff member (userId set) or a public customer (userId null, `public`
 * true: only public-visible fields are shown, and the ledger names no user). The order services
 * take an actor, so staff and public routes share one set of stock rules.
 */
export interface Actor {
  accountId: number;
  account: Pick<AccountRow, 'id' | 'isKommo'>;
  userId: number | null;
  isKommo: boolean;
  public: boolean;
  /** The public customer making a change (null for an anonymous link); staff leave it out. */
  customerId?: number | null;
  /**
   * Further rules on the counts a change leaves (a public customer's caps and stock limit): run inside the
   * change's transaction, under the order's lock, after the positions are written and before stock moves;
   * throwing refuses the whole change.
   */
  limitCounts?: (tx: Tx, orderId: number, touched: TouchedCount[]) => Promise<void>;
}

export const staffActor = (caller: Caller): Actor & { userId: number } => ({
  accountId: caller.account.id,
  account: caller.account,
  userId: caller.user.id,
  isKommo: caller.account.isKommo,
  public: false,
});
