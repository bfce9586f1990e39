import type { Db } from '../../db/client';

/**
 * An order's positions or state changed (committed), told to whoever listens: the CRM integrations write the new
 * budget and totals back to the linked deal. Listeners subscribe at start-up, so orders depends on no integration.
 * Each event names its database: several apps in one process (tests) act only on their own.
 */
export interface OrderChanged {
  db: Db;
  accountId: number;
  orderId: number;
  /** The CRM deal the order is linked to; null for a local order. */
  leadId: number | null;
}

type Listener = (event: OrderChanged) => Promise<void>;
const listeners = new Set<Listener>();

/** Subscribes; the answer unsubscribes. A listener handles its own failures: the order's change is already made. */
export function onOrderChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after the change is committed. */
export async function orderChanged(event: OrderChanged): Promise<void> {
  await Promise.allSettled([...listeners].map((listener) => listener(event)));
}
