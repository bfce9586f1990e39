import type { AccountRow, Caller } from '../../auth/sessions';

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
}

export const staffActor = (caller: Caller): Actor & { userId: number } => ({
  accountId: caller.account.id,
  account: caller.account,
  userId: caller.user.id,
  isKommo: caller.account.isKommo,
  public: false,
});
