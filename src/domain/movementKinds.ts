/**
 * Every kind of ledger row (movements.event_type): goods came in (arrival, return), went out (write_off, sale), were
 * held or let go (reserve, release), or moved — at once (move) or in two steps (transit_sent from the source, then
 * transit_received at the destination or transit_cancelled back into the source); an import's arrivals are 'import',
 * and a product's new price is 'price_change' (no goods move: quantity and sum 0). The history tab has a label for each.
 */
export const MOVEMENT_KINDS = ['arrival', 'write_off', 'move', 'reserve', 'release', 'sale', 'return', 'transit_sent', 'transit_received', 'transit_cancelled', 'import', 'price_change'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
