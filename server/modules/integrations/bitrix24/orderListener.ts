import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { onOrderChanged } from '../../orders/changeEvents';
import { queueDealProducts } from './dealProducts';

/**
 * Our order of a linked deal changed (positions or state): its rows are written to the deal by a task, which reads the
 * order when it runs — so a burst of edits needs no more than the tasks still waiting to run (see queueDealProducts).
 */
export function listenForDealOrderChanges(db: Db, config: ServerConfig): () => void {
  return onOrderChanged(async (event) => {
    if (event.db !== db || event.leadId === null) return;
    await queueDealProducts(db, config, event.accountId, null, event.orderId);
  });
}
