import type { CategoryProps, FieldDefinition } from '../../../../src/contract/catalogue';
import type { DealProduct, OrderPosition, OrderWithPositions } from '../../../../src/contract/orders';
import type { Product } from '../../../../src/contract/stock';

/** Orders, positions and fields as the server answers them, for the deal screen's store and component tests. */

export function position(overrides: Partial<OrderPosition> = {}): OrderPosition {
  return {
    id: 11,
    order_id: 7,
    product_id: 101,
    identifier: '101%%%main',
    name: 'Cordless drill 1',
    article: 'DR-1001',
    type: 'product',
    unit: 'pcs',
    category_id: 3,
    warehouse_id: 1,
    warehouse_code: 'main',
    warehouse_name: 'Main warehouse',
    price_field: 'retail',
    price: 1200,
    currency: 'RUB',
    count: 2,
    nds: 20,
    cost_price: 700,
    sum: 2400,
    reserved: 0,
    written_off: 0,
    available: 5,
    fields: {
      retail: { cost: 1200, currency: 'RUB', nds: 20 },
      wholesale: { cost: 1000, currency: 'RUB', nds: 20 },
      brand: 'Makita',
      notes: 'Staff only',
      images: ['/demo/images/1.svg', '/demo/images/2.svg'],
    },
    ...overrides,
  };
}

export function staffOrder(overrides: Partial<OrderWithPositions> = {}): OrderWithPositions {
  return {
    id: 7,
    name: 'Deal with Acme',
    fields: { name: 'Deal with Acme' },
    pipeline_id: 1,
    status_id: 1,
    status_name: 'New',
    status_type: 1,
    lead_id: null,
    status: null,
    user_id: 1,
    user_name: 'Demo admin',
    company: null,
    contacts: [],
    sum: 2400,
    budget: 2400,
    cost_price: 1400,
    profit: 1000,
    currency: 'RUB',
    tags: ['vip'],
    stock_state: 'none',
    products_locked: false,
    public: false,
    archived: false,
    version: 3,
    created_at: '2026-01-05T12:00:00.000Z',
    updated_at: '2026-01-05T12:00:00.000Z',
    positions: [position()],
    ...overrides,
  };
}

const flags = (visible: number, publicVisible: number, editable: number) => ({ visible, public_order_visible: publicVisible, editable });

function field(id: number, code: string, name: string, type: number, component: string | null, lead_config: ReturnType<typeof flags>, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { id, code, name, type, category: null, sort: id, is_system: false, is_virtual: false, component, config: {}, data: [], lead_config, created_at: '2026-01-01T00:00:00.000Z', ...extra };
}

/** The demo catalogue's kinds of field: price types, images, text, a staff-only note, a read-only date, a field of another category. */
export const FIELDS: FieldDefinition[] = [
  field(1, 'retail', 'Retail price', 11, 'price', flags(1, 1, 1)),
  field(2, 'wholesale', 'Wholesale price', 11, 'price', flags(1, 0, 1)),
  field(3, 'images', 'Images', 15, 'carousel', flags(1, 1, 1)),
  field(4, 'brand', 'Brand', 3, 'text', flags(1, 1, 1)),
  field(5, 'notes', 'Notes', 4, 'textarea', flags(1, 0, 1)),
  field(6, 'checked_at', 'Last checked', 8, 'datetime', flags(1, 0, 0)),
  field(7, 'thread', 'Thread', 3, 'text', flags(1, 1, 1), { category: 9 }),
  field(8, 'hidden', 'Hidden everywhere', 3, 'text', flags(0, 0, 1)),
  field(9, 'no_component', 'Without component', 3, null, flags(1, 1, 1)),
  field(10, 'color', 'Colour', 5, 'select', flags(1, 1, 1), { data: [{ name: 'Red', value: 'red' }, { name: 'Blue', value: 'blue' }] }),
  field(11, 'price', 'Price', 2, 'decimal', flags(1, 1, 1)),
];

/** Category 3 (Drills) below 2 (Power tools) below 1 (Tools); 9 (Screws) carries the thread field. */
export const CATEGORIES: CategoryProps[] = [
  { id: 1, name: 'Tools', parent_id: null, levels: [1], fields_id_2: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11] },
  { id: 2, name: 'Power tools', parent_id: 1, levels: [1, 2], fields_id_2: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11] },
  { id: 3, name: 'Drills', parent_id: 2, levels: [1, 2, 3], fields_id_2: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11] },
  { id: 9, name: 'Screws', parent_id: null, levels: [9], fields_id_2: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
];

/** A product as the add-product search offers it (orders/get-products-autocomplete). */
export function dealProduct(overrides: Partial<DealProduct> = {}): DealProduct {
  return {
    id: 5,
    name: 'Hammer',
    article: 'HA-10',
    type: 'product',
    unit: 'pcs',
    category_id: 3,
    price: 450,
    currency: 'RUB',
    available: 4,
    warehouses: [{ id: 1, code: 'main', name: 'Main warehouse', available: 4, identifier: '5%%%main' }],
    fields: { brand: 'Stanley' },
    ...overrides,
  };
}

/** A product as product/update answers it. */
export function stockProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 101,
    type: 'product',
    name: 'Cordless drill 1',
    article: 'DR-1001',
    description: '',
    unit: 'pcs',
    category_id: 3,
    values: { brand: 'Bosch' },
    tags: [],
    archived: false,
    count: 5,
    reserve: 0,
    available: 5,
    batches: [],
    created_at: '2026-01-05T12:00:00.000Z',
    updated_at: '2026-01-05T12:00:00.000Z',
    ...overrides,
  };
}
