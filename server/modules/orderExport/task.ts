import { eq } from 'drizzle-orm';
import type { OrderListRequest } from '../../../src/contract/orders';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { XLSX_TYPE } from '../../http/downloads';
import { workbookBytes } from '../../http/xlsxTable';
import type { Actor } from '../orders/actor';
import { listOrders } from '../orders/list';
import { defineTask } from '../tasks/api';
import { exportFileName, exportOrders } from './service';

/**
 * An orders export too big to answer at once (more orders than config.exportDirectRows match), as the stock export
 * does it (issue 14 §4): the route answers 202 with this task, whose result is the same file, downloaded from the
 * task center.
 */

export const ORDER_EXPORT_TASK = 'orders-export';

/** How many orders the export would write: the list's total for the same filter (one id read, the count kept). */
export async function orderExportCount(db: Db, actor: Actor, request: OrderListRequest): Promise<number> {
  const list = await listOrders(db, actor, { filter: request.filter, sort: request.sort, page: 1, per_page: 1 });
  return list.meta.total ?? list.data.length;
}

/** The staff member who started the export, as the orders list reads for them. */
async function staffOf(db: Db, accountId: number, userId: number): Promise<Actor> {
  const [account] = await db.select({ id: accounts.id, isKommo: accounts.isKommo }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new Error(`No account ${accountId}`);
  return { accountId, account, userId, isKommo: account.isKommo, public: false };
}

export const orderExportTask = defineTask<{ request: OrderListRequest }>({
  type: ORDER_EXPORT_TASK,
  run: async ({ db, accountId, userId, payload, signal }) => {
    let failure: unknown = null;
    const stream = await exportOrders(db, await staffOf(db, accountId, userId), payload.request, (error) => {
      failure = error;
    });
    const bytes = await workbookBytes(stream, signal);
    if (failure) throw failure;
    return { file: { name: exportFileName(), contentType: XLSX_TYPE, bytes } };
  },
});
