import type { Account, User } from '../../../src/contract/account';
import type { Company, Contact } from '../../../src/contract/customers';
import type { Order } from '../../../src/contract/orders';
import type { Product } from '../../../src/contract/stock';
import { memberHasRight } from '../../../src/domain/rights';

import { ARCHIVE_TABS, type ArchivedItem, type ArchiveTab } from './api';

export { ARCHIVE_TABS, type ArchivedItem, type ArchiveTab };

export const isArchiveTab = (value: unknown): value is ArchiveTab => typeof value === 'string' && (ARCHIVE_TABS as readonly string[]).includes(value);

/** One archived item as the archive lists it, whatever its kind. */
export interface ArchiveRow {
  id: number;
  name: string;
  /** A short second line: article and kind, e-mail and phone, stage and sum. */
  details: string;
  updatedAt: string;
}

/** What each tab shows of its item; `describe` gives the words only the shell knows (kinds, the unnamed order). */
export function toArchiveRow(tab: ArchiveTab, item: ArchivedItem, describe: { kind: (service: boolean) => string; orderName: (id: number) => string }): ArchiveRow {
  if (tab === 'products') {
    const product = item as Product;
    return { id: product.id, name: product.name, details: [describe.kind(product.type === 'service'), product.article].filter(Boolean).join(' · '), updatedAt: product.updated_at };
  }
  if (tab === 'orders') {
    const order = item as Order;
    return {
      id: order.id,
      name: order.name.trim() || describe.orderName(order.id),
      details: [`#${order.id}`, order.status_name ?? '', `${order.sum} ${order.currency}`].filter(Boolean).join(' · '),
      updatedAt: order.updated_at,
    };
  }
  const customer = item as Company | Contact;
  return { id: customer.id, name: customer.name, details: [customer.email, customer.phone].filter(Boolean).join(' · '), updatedAt: customer.updated_at };
}

/**
 * Who may take an item out of the archive, as the server decides it: products need the product-editing
 * right; customers and orders any active member (owners and admins always).
 */
export function mayUnarchive(tab: ArchiveTab, user: User | null, account: Pick<Account, 'separate_rights'> | null): boolean {
  if (tab === 'products') return memberHasRight(user, account, 'editingRemains');
  if (!user) return false;
  return Boolean(user.is_owner || user.admin || user.activity !== false);
}
