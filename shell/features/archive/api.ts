import type { PageMeta, Paged } from '../../../src/contract/common';
import type { Company, Contact } from '../../../src/contract/customers';
import type { Order } from '../../../src/contract/orders';
import type { Product } from '../../../src/contract/stock';
import { staffApi } from '../../../src/api/http';
import { unarchiveOrder } from '../../../src/api/orderArchive';

/** The archive's tabs (spec 2 §2 'Archive'), in the spec's order. */
export const ARCHIVE_TABS = ['products', 'companies', 'contacts', 'orders'] as const;
export type ArchiveTab = (typeof ARCHIVE_TABS)[number];
export type ArchivedItem = Product | Company | Contact | Order;

/** The list call of each tab; every one pages and searches on the server, asked for archived items only. */
const LIST_PATH: Record<ArchiveTab, string> = { products: 'product/list', companies: 'company/list', contacts: 'contact/list', orders: 'orders/list' };

export interface ArchivePageRequest {
  page: number;
  per_page: number;
  search: string;
}

/** The list body of a tab: archived only, the search when there is one; orders across every pipeline. */
export function archiveListBody(tab: ArchiveTab, request: ArchivePageRequest) {
  const search = request.search.trim();
  const filter: Record<string, unknown> = { archived: true, ...(search && { search }) };
  if (tab === 'orders') filter.pipeline_id = -1;
  return { page: request.page, per_page: request.per_page, filter };
}

/** orders/list stops counting a search's matches past a cap (total_capped): the last page is then a lower bound. */
export type ArchivePageMeta = PageMeta & { total_capped?: boolean };

export const listArchived = (tab: ArchiveTab, request: ArchivePageRequest) =>
  staffApi.post<Omit<Paged<ArchivedItem>, 'meta'> & { meta: ArchivePageMeta }>(LIST_PATH[tab], archiveListBody(tab, request));

/** Out of the archive: products and orders have their own calls; contacts and companies are updated (the tariff's limit applies). */
export function unarchive(tab: ArchiveTab, id: number) {
  if (tab === 'products') return staffApi.post<Product>('product/unarchive', { id });
  if (tab === 'orders') return unarchiveOrder(id);
  return staffApi.post<Contact | Company>(tab === 'contacts' ? 'contact/update' : 'company/update', { id, archived: false });
}

