/**
 * The tariffs screen's rules (spec 2 §4 'Tariff button states', §9 tariff dimensions), pure so they are tested alone.
 * A plan is 'purchased' while it is the account's and paid beyond now; a free plan is connected directly;
 * any other is paid for through an invoice (no payment is taken in the app).
 */
export type TariffButton = 'purchased' | 'connect' | 'requestInvoice';

export function tariffButton(plan: { id: number; price: number }, account: { tariffId: number | null; paidUntil: string | null }, now = Date.now()): TariffButton {
  const paid = account.paidUntil !== null && Date.parse(account.paidUntil) > now;
  if (plan.id === account.tariffId && (paid || plan.price === 0)) return 'purchased';
  return plan.price === 0 ? 'connect' : 'requestInvoice';
}

/** How full a limit is, 0..1 (a used count above the limit shows full); null when there is no limit. */
export function meterShare(used: number, allowed: number | null): number | null {
  if (allowed === null) return null;
  if (allowed <= 0) return 1;
  return Math.min(1, used / allowed);
}

/** A meter warns from 80 % and is over at the limit, so users see a limit before they hit it. */
export function meterLevel(used: number, allowed: number | null): 'ok' | 'near' | 'full' {
  const share = meterShare(used, allowed);
  if (share === null || share < 0.8) return 'ok';
  return used >= (allowed ?? Number.POSITIVE_INFINITY) ? 'full' : 'near';
}
