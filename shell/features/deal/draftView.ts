import { coerceFieldValue, FieldType } from '../../../src/domain/fieldTypes';
import { roundMoney } from '../../../src/domain/numbers';
import type { DealOrder, DealPosition, PositionDraft } from './state';

/** What the deal screen shows while edits are unsaved: pure, computed from the order and the store's draft. */

/**
 * The price a position shows with its draft: a typed price; else, after a change of price type, the
 * position's value of that price field (its own, else its product's: what the server prices it at on save); else the loaded price.
 */
export function draftPrice(position: DealPosition, draft: PositionDraft | undefined): number {
  if (draft?.price !== undefined) return draft.price;
  if (draft?.price_field !== undefined) {
    const value = coerceFieldValue(FieldType.price, (draft.fields ?? position.fields)[draft.price_field] ?? position.fields[draft.price_field], { currency: position.currency });
    return value.cost;
  }
  return position.price;
}

/** A position as the screen shows it: the loaded one with its draft (count, price, its own field values) laid over. */
export function withDraft<P extends DealPosition>(position: P, draft: PositionDraft | undefined): P {
  if (!draft) return position;
  const price = draftPrice(position, draft);
  const count = draft.count ?? position.count;
  return {
    ...position,
    ...draft,
    price,
    count,
    sum: roundMoney(price * count),
    fields: draft.fields ? { ...position.fields, ...draft.fields } : position.fields,
  };
}

/** The order's sum with the draft: what it will be once saved. */
export function draftSum(shown: DealOrder, drafts: Record<string, PositionDraft | undefined>): number {
  // Each line rounded, then added up: as the server totals an order.
  const total = shown.positions.reduce((sum, position) => {
    const draft = drafts[position.id];
    return sum + roundMoney(draftPrice(position, draft) * (draft?.count ?? position.count));
  }, 0);
  return roundMoney(total);
}
