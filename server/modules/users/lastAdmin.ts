import { and, count, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, memberships } from '../../db/schema';
import { HttpError } from '../../http/errors';

export const LAST_ADMIN = 'The account must keep an administrator: make another user an administrator first';

/**
 * Disabling, demoting and unlinking run under the account row's lock and then check that an enabled admin is
 * left, so two admins removing each other at the same moment cannot leave the account without one: the second
 * change waits for the first, sees it, and is refused (its transaction rolls back).
 */
export async function lockAccountForAdminChange(tx: Tx, accountId: number): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/** Call after the change, in its transaction, with the account locked by lockAccountForAdminChange. */
export async function requireAdminLeft(tx: Tx, accountId: number): Promise<void> {
  const [{ value }] = await tx
    .select({ value: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'enabled'), or(eq(memberships.admin, true), eq(memberships.isOwner, true))));
  if (value === 0) throw new HttpError(422, LAST_ADMIN, { code: 'lastAdmin' });
}
