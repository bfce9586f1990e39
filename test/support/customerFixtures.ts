// Customers and order files as the server answers them, for the customer and documents tests.
const at = '2024-03-05T12:00:00.000Z';

export function contact(id: number, name: string, more: Record<string, unknown> = {}) {
  return { id, name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, phone: '+7 900 000-00-00', rating: 3, link: '', values: {}, tags: [], archived: false, created_at: at, updated_at: at, companies: [], ...more };
}

export function company(id: number, name: string, more: Record<string, unknown> = {}) {
  return {
    id,
    name,
    email: '',
    phone: '',
    rating: 4,
    link: 'https://acme.example',
    values: {},
    tags: [],
    archived: false,
    created_at: at,
    updated_at: at,
    tax_number: '7701234567',
    reason_code: '',
    registration_number: '',
    bank_name: '',
    correspondent_account: '',
    bank_code: '',
    payment_account: '',
    contacts: [],
    ...more,
  };
}

/** A list answer as the server pages it: links carry the page in their page query. */
export function page<T>(data: T[], current: number, last: number, total = data.length) {
  const link = (n: number | null) => (n === null ? null : `?page=${n}`);
  return {
    data,
    links: { first: link(1), prev: link(current > 1 ? current - 1 : null), next: link(current < last ? current + 1 : null), last: link(last) },
    meta: { current_page: current, last_page: last, per_page: 20, total },
  };
}

/** An order's file as the documents calls answer it. */
export function orderFile(id: number, kind: 'custom' | 'generated', more: Record<string, unknown> = {}) {
  return { id, order_id: 15, kind, name: `file-${id}.pdf`, mime: 'application/pdf', size: 2048, public_visible: true, user_id: 1, user_name: 'Demo Admin', customer_id: null, deletable: true, created_at: '2024-03-05T12:00:00.000Z', ...more };
}
