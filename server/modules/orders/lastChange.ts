import { sql } from 'drizzle-orm';
import type { LastChange } from '../../../src/contract/orders';
import { orders, publicCustomers, users } from '../../db/schema';
import type { Actor } from './actor';

type LastChangeColumns = Pick<typeof orders.$inferInsert, 'changedByUserId' | 'changedByCustomer' | 'changedByCustomerId' | 'changedAt'>;

/**
 * The 'last changed by' columns for a write by this actor: staff see in the deal who touched the order last,
 * a colleague or the customer of a public link. Every order write of a person sets them in its own transaction.
 */
export function lastChangeBy(actor: Actor): LastChangeColumns {
  return {
    changedByUserId: actor.public ? null : actor.userId,
    changedByCustomer: actor.public,
    changedByCustomerId: actor.public ? (actor.customerId ?? null) : null,
    changedAt: new Date(),
  };
}

/** The names the order reading selects beside the row (sub-selects: the user and customer may be gone). */
export const lastChangeNames = {
  changedByUserName: sql<string | null>`(select u.name from ${users} u where u.id = ${orders.changedByUserId})`,
  changedByCustomerName: sql<string | null>`(select c.name from ${publicCustomers} c where c.id = ${orders.changedByCustomerId} and c.account_id = ${orders.accountId})`,
};
export type LastChangeNames = { changedByUserName: string | null; changedByCustomerName: string | null };

export function lastChangeOf(row: LastChangeNames & { order: typeof orders.$inferSelect }): LastChange {
  const { order } = row;
  if (!order.changedAt) return null;
  return order.changedByCustomer
    ? { by: 'customer', name: row.changedByCustomerName, at: order.changedAt.toISOString() }
    : { by: 'staff', name: row.changedByUserName, at: order.changedAt.toISOString() };
}
