import type { PublicOrderListEntry } from '../../src/contract/publicOrder';

/** A public order as public-order/order/list answers it. */
export function publicOrder(id: number, extra: Partial<PublicOrderListEntry> = {}): PublicOrderListEntry {
  return {
    id,
    name: `Order ${id}`,
    fields: {},
    pipeline_id: 1,
    status_id: 2,
    status_name: 'New',
    status_type: 1,
    status: null,
    sum: 1500,
    budget: 0,
    currency: 'RUB',
    products_locked: false,
    version: 1,
    created_at: '2024-03-05T10:00:00.000Z',
    updated_at: '2024-03-05T10:00:00.000Z',
    active: true,
    ...extra,
  } as PublicOrderListEntry;
}

/** A page of the list answer. */
export const orderPage = (data: PublicOrderListEntry[], current = 1, last = 1, total = data.length) => ({
  status: 200,
  body: { data, links: { first: null, prev: null, next: null, last: null }, meta: { current_page: current, last_page: last, per_page: 20, total } },
});
