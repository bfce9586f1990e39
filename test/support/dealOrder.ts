import type { DealOrder } from '../../shell/features/deal/api';
import { openDeal, resetOrderStateAfterNavigation } from '../../shell/features/deal/state';
import type { ApiFake } from './apiFake';

/**
 * Puts an order on the deal screen as opening it does: the deal store has one writer of its order, so a test
 * cannot set it by hand. The read it takes is answered here and left out of the recorded calls.
 */
export async function showDealOrder(fake: Pick<ApiFake, 'answers' | 'calls'>, order: DealOrder): Promise<void> {
  const path = '/api/orders/order';
  const before = { answer: fake.answers[path], calls: fake.calls.length };
  fake.answers[path] = { body: order };
  await openDeal(order.id);
  fake.calls.splice(before.calls);
  if (before.answer) fake.answers[path] = before.answer;
  else delete fake.answers[path];
}

/** No order on the deal screen (as after a move to another page). */
export const clearDealOrder = (): void => resetOrderStateAfterNavigation({ hasOrderId: false, isNew: false });
