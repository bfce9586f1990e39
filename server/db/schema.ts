import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, foreignKey, index, integer, jsonb, date, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One schema for PGlite and PostgreSQL. Every tenant row carries account_id and every query
 * filters by it; identities (users) are global so one person can belong to several accounts.
 */

export const tariffs = pgTable('tariffs', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  usersLimit: integer('users_limit').notNull(),
  positionsLimit: integer('positions_limit').notNull(),
  contactsLimit: integer('contacts_limit').notNull(),
  ordersPerMonth: integer('orders_per_month').notNull(),
  importExport: boolean('import_export').notNull().default(false),
  api: boolean('api').notNull().default(false),
  price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
  /** 'year' | 'once' | 'user' (per user per year) */
  period: text('period').notNull().default('year'),
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country'),
  /** Second CRM variant: default currency USD. */
  isKommo: boolean('is_kommo').notNull().default(false),
  install: boolean('install').notNull().default(true),
  loginFixed: boolean('login_fixed').notNull().default(false),
  landingPath: text('landing_path'),
  separateRights: boolean('separate_rights').notNull().default(false),
  flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
  /** Which products public customers see (spec 2 business processes): 'all' | 'tagged' (only products sharing a tag with the customer) | 'tagged_or_untagged'. */
  productVisibility: text('product_visibility').notNull().default('all'),
  /** Staff-set caps on what a public customer may order: units per position and units per order (null: no cap). */
  publicMaxPerPosition: numeric('public_max_per_position', { precision: 14, scale: 3 }),
  publicMaxPerOrder: numeric('public_max_per_order', { precision: 14, scale: 3 }),
  tariffId: integer('tariff_id').references(() => tariffs.id),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
  paidUntil: timestamp('paid_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-case; unique among users. */
    email: text('email'),
    /** Digits only, with the leading country code; unique among users. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    lang: text('lang').notNull().default('en'),
    /** The Telegram user id the user linked from their profile (Telegram sign-in); one user per identity. */
    telegramId: text('telegram_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), uniqueIndex('users_phone_unique').on(table.phone), uniqueIndex('users_telegram_unique').on(table.telegramId)],
);

/** A user's place in an account, with that account's rights. */
export const memberships = pgTable(
  'memberships',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'enabled' | 'disabled' */
    status: text('status').notNull().default('enabled'),
    activity: boolean('activity').notNull().default(true),
    admin: boolean('admin').notNull().default(false),
    editingRemains: boolean('editing_remains').notNull().default(false),
    changeRemains: boolean('change_remains').notNull().default(false),
    isOwner: boolean('is_owner').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.userId] })],
);

/** Bearer tokens: only a hash is stored, so a leaked table does not leak sessions. */
export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('tokens_hash_unique').on(table.tokenHash)],
);

/** Confirmation codes (registration, recovery, login change), hashed, with an attempt counter. */
export const codes = pgTable(
  'codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    login: text('login').notNull(),
    codeHash: text('code_hash').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('codes_login_purpose').on(table.login, table.purpose)],
);

/** Messages sent, and (without SMTP) the local development outbox; no secret is kept once it is no use (mailer.ts). */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  /** Emptied (OUTBOX_PURGED) once sent, and for the local development outbox once its code has expired. */
  body: text('body').notNull(),
  /** No SMTP (or an SMS with no provider): the message is only here, in the local development outbox. */
  localDev: boolean('local_dev').notNull().default(false),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-account table configurations (account/table-config), keyed by code. */
export const tableConfigs = pgTable(
  'table_configs',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.code] })],
);

/* ---------------------------------------------------------------- catalogue and stock */

/** Product categories: a tree per account (parent_id), ordered by sort. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    imageUrl: text('image_url'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('categories_account').on(table.accountId, table.parentId)],
);

/**
 * Field definitions (spec 2 §3): type codes 1–15, options in data, card flags in lead_config.
 * entity is 'product' here; orders, contacts and companies get theirs in the second server issue.
 * A field belongs to a category (null: the root, shown everywhere).
 */
export const fields = pgTable(
  'fields',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull().default('product'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: integer('type').notNull(),
    categoryId: integer('category_id'),
    sort: integer('sort').notNull().default(0),
    isSystem: boolean('is_system').notNull().default(false),
    isVirtual: boolean('is_virtual').notNull().default(false),
    component: text('component'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    data: jsonb('data').$type<unknown[]>().notNull().default([]),
    leadConfig: jsonb('lead_config').$type<{ visible?: number; public_order_visible?: number; editable?: number }>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('fields_account_entity_code').on(table.accountId, table.entity, table.code)],
);

/** Warehouses; exactly one per account is the main one. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('warehouses_account_code').on(table.accountId, table.code),
    // At most one main warehouse per account, whatever the code does.
    uniqueIndex('warehouses_one_main').on(table.accountId).where(sql`${table.isMain}`),
  ],
);

/**
 * Products and services. Custom field values (prices of type 11, images of type 15, …) live in
 * `values` keyed by field code, coerced by type on every write (src/domain/fieldTypes).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 'product' | 'service' */
    type: text('type').notNull().default('product'),
    categoryId: integer('category_id'),
    name: text('name').notNull(),
    article: text('article').notNull().default(''),
    description: text('description').notNull().default(''),
    unit: text('unit').notNull().default('pcs'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_account').on(table.accountId, table.archived, table.id),
    // Trigram indexes serve substring search (ILIKE '%…%') and word similarity (<%) for
    // autocomplete and the list's search on 100,000 products.
    index('products_name_trgm').using('gin', sql`${table.name} gin_trgm_ops`),
    index('products_article_trgm').using('gin', sql`${table.article} gin_trgm_ops`),
    // The stock screen's default order (by name) reads a page from here instead of sorting the catalogue.
    index('products_account_name').on(table.accountId, table.archived, table.name, table.id),
    // A category's products in name order: the filtered page reads its rows in order instead of searching the catalogue for them.
    index('products_account_category').on(table.accountId, table.archived, table.categoryId, table.name, table.id),
    // A 1C exchange matches the products it does not know yet by name (integrations/onec/catalogueItems.ts): 10,000
    // names a step, each one probe here instead of a scan of the whole catalogue per step.
    index('products_account_name_key').on(table.accountId, sql`lower(trim(${table.name}))`),
  ],
);

/**
 * How many products and services each account has, by type and archived flag: kept by statement
 * triggers on products (migration 0004) in the same transaction as the change, so product/list
 * pages and the tariff's positions limit read a number instead of counting 100,000 rows.
 * No foreign key: deleting an account cascades to its products, whose trigger still runs.
 */
export const productCounts = pgTable(
  'product_counts',
  {
    accountId: integer('account_id').notNull(),
    type: text('type').notNull(),
    archived: boolean('archived').notNull(),
    n: integer('n').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.type, table.archived] })],
);

/**
 * Stock balances per product, warehouse and batch. Available = count − reserve; the checks make a
 * negative balance impossible whatever the code does.
 */
export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    number: text('number').notNull().default(''),
    costPrice: numeric('cost_price', { precision: 14, scale: 2 }).notNull().default('0'),
    count: numeric('count', { precision: 14, scale: 3 }).notNull().default('0'),
    reserve: numeric('reserve', { precision: 14, scale: 3 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('batches_identity').on(table.accountId, table.productId, table.warehouseId, table.number),
    index('batches_product').on(table.productId),
    // The stock screen sums an account's batches per product (its totals row) and searches batch numbers.
    index('batches_account_product').on(table.accountId, table.productId, table.warehouseId),
    index('batches_number_trgm').using('gin', sql`${table.number} gin_trgm_ops`),
    // 'Positive balances only' asks whether a product has a non-empty batch (in a warehouse): answered from the index alone.
    index('batches_in_stock').on(table.accountId, table.productId, table.warehouseId).where(sql`${table.count} > 0`),
    check('batches_count_not_negative', sql`${table.count} >= 0`),
    check('batches_reserve_within_count', sql`${table.reserve} >= 0 AND ${table.reserve} <= ${table.count}`),
  ],
);

/**
 * Kept stock sums per product: one row per product in every warehouse (warehouse_id 0, created with the product) and
 * one per product and warehouse it has batches in. Kept by statement triggers on batches, transit_lines and products
 * (migration stock_sums; server/modules/stock/keptSums.ts says why and how) in the same transaction as the write, so
 * no writer can forget them and the stock list sorts and filters 100,000 products on indexed columns instead of
 * summing every batch per request. No foreign keys, like product_counts: deleting an account or a product cascades
 * to batches, whose trigger still runs; the products trigger removes a deleted product's rows.
 */
export const stockSums = pgTable(
  'stock_sums',
  {
    accountId: integer('account_id').notNull(),
    productId: integer('product_id').notNull(),
    /** 0: every warehouse of the account. */
    warehouseId: integer('warehouse_id').notNull(),
    count: numeric('count').notNull().default('0'),
    reserve: numeric('reserve').notNull().default('0'),
    available: numeric('available')
      .notNull()
      .generatedAlwaysAs(sql`count - reserve`),
    /** Σ count × cost_price of the batches: the cost value (and the weighted cost price). */
    costValue: numeric('cost_value').notNull().default('0'),
    /** Sent and not yet received (transit_lines); kept on the every-warehouse row only, as it is in no warehouse. */
    inTransit: numeric('in_transit').notNull().default('0'),
    /** How many batches hold some stock: one means the row shows that batch's number and warehouse. */
    batchesInStock: integer('batches_in_stock').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.productId, table.warehouseId] }),
    // Sorting the stock list by a balance walks these in order (the id breaks ties, as in the list's order).
    index('stock_sums_count').on(table.accountId, table.warehouseId, table.count, table.productId),
    index('stock_sums_reserve').on(table.accountId, table.warehouseId, table.reserve, table.productId),
    index('stock_sums_available').on(table.accountId, table.warehouseId, table.available, table.productId),
    // 'Positive balances only' in a warehouse: the products in stock there, from the index alone. It also carries
    // count, reserve and cost value (INCLUDE, written by migration stock_sums_in_stock_covering: drizzle cannot say
    // it), so a search's totals read each match's sums from the index (stockSearch.ts).
    index('stock_sums_in_stock').on(table.accountId, table.warehouseId, table.productId).where(sql`${table.count} > 0`),
  ],
);

/**
 * The stock screen's search, narrow (issue 13: the search-filtered page within its budget): per product only what a
 * text search with 'positive balances only' reads — its archived flag, name (for the list's order), lower-cased name
 * and article (lower(x) LIKE lower(p) is what ILIKE does in a UTF-8 database) and the stock_sums levels (0: every
 * warehouse, else a warehouse id) where it has stock. A search reads the indexes and these ~100-byte rows, never
 * the wide product rows, until it has the page's ids; a positive search finds names by keys of the level and
 * articles by trigrams with the level as a column of the same index, so a search in one warehouse visits only the
 * products in stock there.
 * Kept by triggers on products and stock_sums (migration product_search) in the same transaction as the write,
 * like stock_sums: no writer can forget it. No foreign key, like stock_sums: the products trigger removes a
 * deleted product's row. test/server/products/stockSearchKept.test.ts checks it in step after every kind of write.
 */
export const productSearch = pgTable(
  'product_search',
  {
    accountId: integer('account_id').notNull(),
    productId: integer('product_id').notNull(),
    archived: boolean('archived').notNull(),
    name: text('name').notNull(),
    nameLower: text('name_lower').notNull(),
    articleLower: text('article_lower').notNull(),
    /** The stock_sums levels with count > 0, ascending (0 is every warehouse). */
    inStock: integer('in_stock').array().notNull().default(sql`'{}'::integer[]`),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.productId] }),
    index('product_search_name_trgm').using('gin', sql`${table.nameLower} gin_trgm_ops`, table.inStock),
    index('product_search_article_trgm').using('gin', sql`${table.articleLower} gin_trgm_ops`, table.inStock),
    // A positive search's names by keys of their in-stock levels (migration product_search_stock_keys: what and why).
    index('product_search_stock_keys').using('gin', sql`product_search_stock_keys(${table.accountId}, ${table.inStock}, ${table.nameLower})`),
  ],
);

/**
 * The stock list's whole-table totals row (issue 13 §2: the first page with no filter reads it instead of summing
 * every product): per account and stock_sums level (0: every warehouse, else a warehouse id), Σ count, reserve and
 * cost value of the non-archived products, and per price code (every key of products.values with a numeric cost) the
 * sale value Σ count × price. Kept by the statement triggers that keep stock_sums and by those on products (archive,
 * price change, delete; migration stock_totals) in the same transaction as the write.
 * Split into slots (slot = the writing backend's pid % 8), so concurrent stock writers of one account rarely wait on
 * one row: a transaction only ever writes its own slot, so the totals add no lock another writer could hold against
 * it; a read sums the level's few rows. test/server/stock/keptTotals.test.ts checks them against the computed totals.
 */
export const stockTotals = pgTable(
  'stock_totals',
  {
    accountId: integer('account_id').notNull(),
    /** 0: every warehouse of the account. */
    warehouseId: integer('warehouse_id').notNull(),
    slot: integer('slot').notNull(),
    count: numeric('count').notNull().default('0'),
    reserve: numeric('reserve').notNull().default('0'),
    costValue: numeric('cost_value').notNull().default('0'),
    /** Price code → Σ count × that price's cost (numbers in jsonb are numerics: exact). */
    saleValues: jsonb('sale_values').$type<Record<string, number>>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.warehouseId, table.slot] })],
);

/**
 * Facilities (objects): the places goods go — a customer's sites. Never deleted, only archived, so orders and
 * write-offs that named one keep it. (account_id, id) is unique so orders and movements reference both and
 * cannot name another account's facility whatever the code does.
 */
export const facilities = pgTable(
  'facilities',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    // A deleted customer leaves the facility without it, as it leaves orders.
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('facilities_account_id').on(table.accountId, table.id),
    index('facilities_account').on(table.accountId, table.archived, table.id),
    // The list sorted by name pages from the index, not by sorting 100,000 rows.
    index('facilities_account_name').on(table.accountId, table.archived, table.name, table.id),
    // Substring search by name or address stays fast at 100,000 facilities.
    index('facilities_name_trgm').using('gin', sql`${table.name} gin_trgm_ops`),
    index('facilities_address_trgm').using('gin', sql`${table.address} gin_trgm_ops`),
  ],
);

/** The movement ledger (spec 2 §3 movement report columns): every change of stock is a row here. */
export const movements = pgTable(
  'movements',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull().defaultNow(),
    /** 'arrival' | 'write_off' | 'move' | 'reserve' | 'release' | 'sale' */
    eventType: text('event_type').notNull(),
    productId: integer('product_id').notNull(),
    batchId: integer('batch_id'),
    articleNumber: text('article_number').notNull().default(''),
    title: text('title').notNull(),
    party: text('party').notNull().default(''),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    costPrice: numeric('cost_price', { precision: 14, scale: 2 }).notNull().default('0'),
    sum: numeric('sum', { precision: 16, scale: 2 }).notNull().default('0'),
    initialWarehouseId: integer('initial_warehouse_id'),
    finalWarehouseId: integer('final_warehouse_id'),
    userId: integer('user_id'),
    /** Why, in the user's words; for an order's row (order_id set) the order's name at the time, which readers put after "Order N". */
    comment: text('comment').notNull().default(''),
    /**
     * The order whose positions moved the goods (reserve, release, sale, return, a purchase's arrival); null for every
     * other movement. No foreign key: the ledger keeps naming an order that was deleted since.
     */
    orderId: integer('order_id'),
    /** The facility a write-off delivered the goods to (facilities; null for every other movement). */
    facilityId: integer('facility_id'),
    /** The stock document (arrival, write-off, move) the row belongs to; null for an order's movements and older rows. */
    documentId: integer('document_id'),
  },
  (table) => [
    index('movements_account_date').on(table.accountId, table.eventDate),
    // With the account in the key, a movement can only name a facility of its own account.
    foreignKey({ name: 'movements_facility', columns: [table.accountId, table.facilityId], foreignColumns: [facilities.accountId, facilities.id] }),
    index('movements_facility').on(table.accountId, table.facilityId).where(sql`${table.facilityId} is not null`),
  ],
);

/**
 * A stock operation of the stock screen as one document (issue 13 §4): its date, user and comment, and for a move
 * the two warehouses. Every ledger row of its lines names it. A move in two steps stays 'in_transit' until it is
 * 'received' at the destination or 'cancelled' (the goods go back); the others are 'done' at once.
 */
export const stockDocuments = pgTable(
  'stock_documents',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 'arrival' | 'write_off' | 'move' */
    kind: text('kind').notNull(),
    /** 'done' | 'in_transit' | 'received' | 'cancelled' */
    status: text('status').notNull().default('done'),
    fromWarehouseId: integer('from_warehouse_id').references(() => warehouses.id),
    toWarehouseId: integer('to_warehouse_id').references(() => warehouses.id),
    userId: integer('user_id'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('stock_documents_account_status').on(table.accountId, table.status)],
);

/** The goods of a move in transit: taken out of their source batch when sent, counted in no warehouse until received. */
export const transitLines = pgTable(
  'transit_lines',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => stockDocuments.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The source batch: receiving puts the goods into the batch of its number and cost at the destination. */
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
  },
  (table) => [index('transit_lines_document').on(table.documentId), index('transit_lines_product').on(table.productId), check('transit_lines_quantity_positive', sql`${table.quantity} > 0`)],
);

// ---------------------------------------------------------------------------------------------
// Server II: pipelines, orders and positions with reservations, customers, public orders.
// ---------------------------------------------------------------------------------------------

/** Binary content (drizzle has no bytea column of its own in this version). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Order pipelines; exactly one per account is the system pipeline. */
export const pipelines = pgTable(
  'pipelines',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pipelines_account').on(table.accountId, table.sort), uniqueIndex('pipelines_one_system').on(table.accountId).where(sql`${table.isSystem}`)],
);

/**
 * Stages of a pipeline. type: 0 in progress, 1 success (final), 2 unsuccessful (final: releases
 * reservations). At most one stage per pipeline carries each operation flag (partial unique
 * indexes), and the reservation stage must sort before the write-off stage (checked by the service).
 */
export const pipelineStatuses = pgTable(
  'pipeline_statuses',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    type: integer('type').notNull().default(0),
    isReserve: boolean('is_reserve').notNull().default(false),
    isWriteOff: boolean('is_write_off').notNull().default(false),
    isStocking: boolean('is_stocking').notNull().default(false),
    /** Product changes are refused while an order is in this stage. */
    blocksProducts: boolean('blocks_products').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pipeline_statuses_pipeline').on(table.pipelineId, table.sort),
    uniqueIndex('pipeline_statuses_one_reserve').on(table.pipelineId).where(sql`${table.isReserve}`),
    uniqueIndex('pipeline_statuses_one_write_off').on(table.pipelineId).where(sql`${table.isWriteOff}`),
    uniqueIndex('pipeline_statuses_one_stocking').on(table.pipelineId).where(sql`${table.isStocking}`),
    check('pipeline_statuses_one_operation', sql`(${table.isReserve}::int + ${table.isWriteOff}::int + ${table.isStocking}::int) <= 1`),
  ],
);

/** Customer contacts (people). */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    rating: integer('rating').notNull().default(0),
    link: text('link').notNull().default(''),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contacts_account').on(table.accountId, table.archived, table.id), index('contacts_name_trgm').using('gin', sql`${table.name} gin_trgm_ops`)],
);

/** Customer companies, with the accounting binding fields of spec 2 §3. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Tax id (INN), reason code (KPP), state registration number (OGRN). */
    taxId: text('tax_id').notNull().default(''),
    reasonCode: text('reason_code').notNull().default(''),
    registrationNumber: text('registration_number').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    correspondentAccount: text('correspondent_account').notNull().default(''),
    bankCode: text('bank_code').notNull().default(''),
    paymentAccount: text('payment_account').notNull().default(''),
    rating: integer('rating').notNull().default(0),
    link: text('link').notNull().default(''),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('companies_account').on(table.accountId, table.archived, table.id), index('companies_name_trgm').using('gin', sql`${table.name} gin_trgm_ops`)],
);

/** Which contacts work for which companies (many to many). */
export const contactCompanies = pgTable(
  'contact_companies',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.contactId, table.companyId] }), index('contact_companies_company').on(table.companyId)],
);

/**
 * Orders. Local orders sit in a pipeline stage (pipeline_id, status_id); orders linked to a CRM
 * deal carry lead_id and crm_status (0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted).
 * version grows on every change: an update sent with an older version is refused (409).
 * stock_state records what the order's positions have done to stock ('none' | 'reserved' |
 * 'written_off' | 'stocked'), so a stage move applied twice changes balances once.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pipelineId: integer('pipeline_id').references(() => pipelines.id),
    statusId: integer('status_id').references(() => pipelineStatuses.id),
    leadId: bigint('lead_id', { mode: 'number' }),
    crmStatus: integer('crm_status'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The facility the order's goods go to (facilities), if any. */
    facilityId: integer('facility_id'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    stockState: text('stock_state').notNull().default('none'),
    sum: numeric('sum', { precision: 16, scale: 2 }).notNull().default('0'),
    costPrice: numeric('cost_price', { precision: 16, scale: 2 }).notNull().default('0'),
    profit: numeric('profit', { precision: 16, scale: 2 }).notNull().default('0'),
    version: integer('version').notNull().default(1),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who made the last change staff see in the deal header: a staff user, or a public customer (by_customer; the
     * customer id is null for an anonymous link). No foreign keys: a deleted user or customer leaves the date, the
     * name reads as unknown. Null changed_at: an order from before this was recorded.
     */
    changedByUserId: integer('changed_by_user_id'),
    changedByCustomer: boolean('changed_by_customer').notNull().default(false),
    changedByCustomerId: integer('changed_by_customer_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
  },
  (table) => [
    // The list's page: id order within (account, archived); the stage, CRM status and pipeline ride along, so the
    // usual views (a pipeline, hide final stages) choose their page from the index alone once the table is vacuumed.
    index('orders_account_list').on(table.accountId, table.archived, table.id, table.statusId, table.crmStatus, table.pipelineId),
    index('orders_account_status').on(table.accountId, table.statusId, table.id),
    index('orders_account_pipeline').on(table.accountId, table.pipelineId, table.id),
    index('orders_name_trgm').using('gin', sql`${table.name} gin_trgm_ops`),
    uniqueIndex('orders_account_lead').on(table.accountId, table.leadId).where(sql`${table.leadId} is not null`),
    // The widget's token-free lead lookup finds a deal's order without knowing the account.
    index('orders_lead').on(table.leadId).where(sql`${table.leadId} is not null`),
    // With the account in the key, an order can only name a facility of its own account.
    foreignKey({ name: 'orders_facility', columns: [table.accountId, table.facilityId], foreignColumns: [facilities.accountId, facilities.id] }),
    index('orders_facility').on(table.accountId, table.facilityId, table.id).where(sql`${table.facilityId} is not null`),
    // Analytics reads an account's orders of a period (sales and customer reports, charts) from here.
    index('orders_account_created').on(table.accountId, table.createdAt, table.id),
    // The list sorted by sum or by last change: the page is read in the sort's order, and the filters the list uses
    // (stage, CRM status, pipeline, kind) ride along, so a filtered page is chosen from the index alone.
    index('orders_account_sum').on(table.accountId, table.archived, table.sum, table.id, table.statusId, table.crmStatus, table.pipelineId, table.leadId),
    index('orders_account_updated').on(table.accountId, table.archived, table.updatedAt, table.id, table.statusId, table.crmStatus, table.pipelineId, table.leadId),
  ],
);

/**
 * How many orders each account has per archived flag, pipeline, stage, CRM status (0 for none, -1 for
 * a local order's CRM status) and kind (crm: linked to a deal): kept by statement triggers on orders
 * (migrations 0007, order_counts_slots) in the same transaction, so orders/list pages filtered by pipeline,
 * stages, kind or "hide final stages" read their total from a few rows instead of counting 50,000. Each key
 * is split into 8 slots (the writer's backend pid % 8) so concurrent order writers of one stage mostly
 * write different rows; a total is the sum over the slots. No foreign keys, as for product_counts.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    accountId: integer('account_id').notNull(),
    archived: boolean('archived').notNull(),
    pipelineId: integer('pipeline_id').notNull(),
    statusId: integer('status_id').notNull(),
    crmStatus: integer('crm_status').notNull(),
    crm: boolean('crm').notNull().default(false),
    slot: integer('slot').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.archived, table.pipelineId, table.statusId, table.crmStatus, table.crm, table.slot] })],
);

/**
 * Positions of an order: a product (with its warehouse) or a service, a price type, price,
 * quantity and VAT. reserved and written_off say how much of the quantity currently holds stock.
 */
export const orderPositions = pgTable(
  'order_positions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    priceField: text('price_field').notNull().default('price'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('RUB'),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull().default('1'),
    nds: numeric('nds', { precision: 5, scale: 2 }).notNull().default('0'),
    costPrice: numeric('cost_price', { precision: 14, scale: 2 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 14, scale: 3 }).notNull().default('0'),
    writtenOff: numeric('written_off', { precision: 14, scale: 3 }).notNull().default('0'),
    /** Field values edited on this position's card, laid over its product's (issue 19 §2: a card edit never rewrites the catalogue product). */
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_positions_order').on(table.orderId, table.sort),
    index('order_positions_product').on(table.productId),
    // The /positions list (newest first) pages the account's positions from these, whole or by warehouse or product.
    index('order_positions_account_created').on(table.accountId, table.createdAt, table.id),
    index('order_positions_account_warehouse').on(table.accountId, table.warehouseId, table.createdAt, table.id),
    index('order_positions_account_product').on(table.accountId, table.productId, table.createdAt, table.id),
    check('order_positions_quantity_positive', sql`${table.quantity} > 0`),
    check('order_positions_held_within_quantity', sql`${table.reserved} >= 0 AND ${table.writtenOff} >= 0 AND ${table.reserved} + ${table.writtenOff} <= ${table.quantity}`),
  ],
);

/** Which batches a position's reservation or write-off came from, so it is released exactly. */
export const positionBatches = pgTable(
  'position_batches',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => orderPositions.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    reserved: numeric('reserved', { precision: 14, scale: 3 }).notNull().default('0'),
    writtenOff: numeric('written_off', { precision: 14, scale: 3 }).notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.positionId, table.batchId] }), check('position_batches_not_negative', sql`${table.reserved} >= 0 AND ${table.writtenOff} >= 0`)],
);

/** Files attached to an order (custom documents): on disk under the data folder, or in the row. */
export const orderFiles = pgTable(
  'order_files',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'custom' (uploaded) | 'generated' (from a template, the documents issue) */
    kind: text('kind').notNull().default('custom'),
    name: text('name').notNull(),
    mime: text('mime').notNull().default('application/octet-stream'),
    size: integer('size').notNull().default(0),
    /** Relative path under DATA_DIR/files, or null when the content is in the row. */
    path: text('path'),
    content: bytea('content'),
    publicVisible: boolean('public_visible').notNull().default(true),
    userId: integer('user_id'),
    customerId: integer('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_files_order').on(table.orderId)],
);

/** Outside customers of an account who open public orders: their own login, profile and tags. */
export const publicCustomers = pgTable(
  'public_customers',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** Lower-case; unique within the account. */
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** A disabled customer cannot sign in, and their sessions are ended when they are disabled. */
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('public_customers_account_email').on(table.accountId, table.email)],
);

/** Public sessions (POTOKEN): random, stored hashed, with an expiry; they reach public-order/ routes only. */
export const publicTokens = pgTable(
  'public_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => publicCustomers.id, { onDelete: 'cascade' }),
    /** A session opened from a link (no customer sign-in) reaches only that link's order. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('public_tokens_hash').on(table.tokenHash)],
);

/**
 * An order made public: its link token (shown to staff again, so kept as is: it is a capability
 * for one order only) and, optionally, the customer it is shared with. Unlinking deletes the row.
 */
export const orderShares = pgTable(
  'order_shares',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => publicCustomers.id, { onDelete: 'cascade' }),
    linkToken: text('link_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('order_shares_link').on(table.linkToken), uniqueIndex('order_shares_order_customer').on(table.orderId, table.customerId)],
);

/**
 * An account's connection to a CRM (issue 12, security): the one origin it frames us from and calls
 * /integration/* from (CSP frame-ancestors, CORS), and what proves a request comes from that CRM —
 * the amoCRM/Kommo integration's client id and secret (its disposable tokens are signed with the
 * secret), Bitrix24's member_id, and a per-account widget key for HMAC-signed requests. Requests
 * proven this way act as `user_id` (the member who connected it, unless an admin chose another).
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 'amocrm' | 'kommo' | 'bitrix24' */
    kind: text('kind').notNull(),
    /** Lower-case scheme://host[:port], e.g. https://acme.amocrm.ru. */
    origin: text('origin').notNull(),
    /** amoCRM/Kommo: the integration's id (the disposable token's aud/client_uuid) and secret key (its HS256 key). */
    clientId: text('client_id'),
    clientSecret: text('client_secret'),
    /** amoCRM/Kommo: the CRM's account id (the disposable token's account_id claim). */
    crmAccountId: bigint('crm_account_id', { mode: 'number' }),
    /** Bitrix24: the portal's member_id. */
    memberId: text('member_id'),
    /** HMAC-SHA256 key of signed widget requests (leadId + timestamp). */
    widgetKey: text('widget_key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 18: 'connected' | 'revoked' (the CRM refused our tokens: the user must connect again; nothing retries)
     * | 'error' (the last call failed for another reason; lastError says why).
     */
    status: text('status').notNull().default('connected'),
    /** OAuth tokens and other secrets the CRM gave us, sealed by integrations/vault.ts (never stored in clear). */
    credentials: text('credentials'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The integration's settings screen: field bindings, stage mapping, sync direction and comparison mode, documents. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    lastError: text('last_error'),
  },
  (table) => [uniqueIndex('integration_connections_account_origin').on(table.accountId, table.origin), index('integration_connections_origin').on(table.origin)],
);

/**
 * Images of a product's type-15 fields, per account (served only to that account's members). sort orders
 * them within their field; the product's values[field] lists the same ids in that order for the card.
 * The bytes live in the row: images are small (PRODUCT_IMAGE_MAX_BYTES) and go with the product.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    sort: integer('sort').notNull().default(0),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_images_product').on(table.productId, table.field, table.sort)],
);

// ---------------------------------------------------------------------------------------------
// Background tasks (server/modules/tasks): the records the task center lists. The queue itself
// (pg-boss) keeps its own tables in its own schema; a job there carries only the task's id.
// ---------------------------------------------------------------------------------------------

/**
 * One background task of a user in an account. status: 0 open, 1 finished (successful, or failed when error is
 * set), 2 cancelled, 3 deleted (spec §3). heartbeatAt is written by the process running it: a stale one means that
 * process died, so another process takes the task again (or fails it with a reason after `attempts` runs).
 * The result file's bytes live in the row, so any server process on the same database can send it.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The task's name in English (API clients read it); with a title_code the task center says it in its user's language. */
    title: text('title').notNull(),
    /** The title's locale key (locales → tasks.titles.<code>) and its params; null for a name the user gave (a file's). */
    titleCode: text('title_code'),
    titleParams: jsonb('title_params').$type<Record<string, string>>(),
    payload: jsonb('payload').$type<unknown>(),
    status: integer('status').notNull().default(0),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    counts: jsonb('counts').$type<Record<string, number>>(),
    error: text('error'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    fileContent: bytea('file_content'),
  },
  (table) => [index('tasks_account_user').on(table.accountId, table.userId, table.id), index('tasks_open').on(table.status, table.heartbeatAt), check('tasks_status_known', sql`${table.status} in (0, 1, 2, 3)`)],
);

/**
 * Import templates (issue 14 §3): a named mapping of file columns to product fields with the import's choices, per
 * account; saving under an existing name replaces it. The settings are the contract's ImportSettings as sent.
 */
export const importTemplates = pgTable(
  'import_templates',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('import_templates_account_name').on(table.accountId, table.name)],
);

/**
 * Files uploaded for an import, kept between product/import/preprocessing and product/import/start (the task reads
 * them later, maybe in another process) and removed once expired. The key is random, and every read also names the
 * account, so one account can never start an import of another's file.
 */
export const importUploads = pgTable(
  'import_uploads',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('import_uploads_account').on(table.accountId, table.id), index('import_uploads_expires').on(table.expiresAt)],
);

/**
 * The carousel's sizes of an uploaded image (m, l, f), made once at upload from the original (product_images keeps
 * it): scaled down to fit each box, EXIF-rotated, re-encoded without metadata.
 */
export const productImageSizes = pgTable(
  'product_image_sizes',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => productImages.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.size] })],
);

/** Server-wide secrets for signed links, made on first use and shared by every instance on the database. */
export const urlKeys = pgTable('url_keys', {
  name: text('name').primaryKey(),
  key: text('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Hits of the rate-limited routes (sign-in, codes) per key and window, shared by every server process so that N
 * processes do not allow N times the limit (server/platform/rateLimitStore.ts). Keyed by address and login, not
 * by account: no account is known yet on these routes.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** 'Request an invoice' on the tariffs screen: what was asked for, by whom, at which price (no payment is taken here). */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Seats billed (per-user plans), else 1. */
    quantity: integer('quantity').notNull().default(1),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_requests_account').on(table.accountId, table.id)],
);

/**
 * Document templates of an account (issue 15): a docx with placeholders, kept in the account's own storage
 * (path on disk or content in the row, as order files) or one of the built-in files (builtin: 'invoice.en', ...).
 * autogen_status_id: the pipeline stage at which the document is made automatically.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'invoice' | 'quote' | 'delivery_note' | 'contract' | 'other' */
    type: text('type').notNull().default('other'),
    /** 'docx' | 'pdf' */
    downloadType: text('download_type').notNull().default('docx'),
    /** 'portrait' | 'landscape' */
    orientation: text('orientation').notNull().default('portrait'),
    autogenStatusId: integer('autogen_status_id').references(() => pipelineStatuses.id, { onDelete: 'set null' }),
    publicVisible: boolean('public_visible').notNull().default(false),
    builtin: text('builtin'),
    fileName: text('file_name').notNull().default(''),
    fileSize: integer('file_size').notNull().default(0),
    path: text('path'),
    content: bytea('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('document_templates_account').on(table.accountId, table.id), index('document_templates_autogen').on(table.accountId, table.autogenStatusId)],
);

/** Per-account document settings: the language documents are written in, the seller's requisites, whether the built-ins were added. */
export const documentSettings = pgTable('document_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  lang: text('lang').notNull().default('en'),
  requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default({}),
  builtinsAdded: boolean('builtins_added').notNull().default(false),
});

/** The last number given per account and document type ('Invoice No. 15'): taken with an upsert, so two generations never share one. */
export const documentCounters = pgTable(
  'document_counters',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    last: integer('last').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.type] })],
);

/**
 * Generated documents: the order file (order_files, kind 'generated') with what made it. Immutable once made;
 * regeneration replaces the file and keeps the number.
 */
export const generatedDocuments = pgTable(
  'generated_documents',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => orderFiles.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => documentTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    type: text('type').notNull(),
    number: integer('number').notNull(),
    /** 'docx' | 'pdf' */
    format: text('format').notNull(),
    userId: integer('user_id'),
    /** 'formed' (by a person) | 'auto' (autogeneration) | 'public' (by the public customer) */
    origin: text('origin').notNull().default('formed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('generated_documents_account').on(table.accountId, table.createdAt), index('generated_documents_order').on(table.orderId)],
);

/**
 * One autogeneration per order, template and stage: the unique key makes concurrent stage moves claim it once.
 * status: 'queued' | 'done' | 'failed' (error kept, shown on the order).
 */
export const documentAutogenerations = pgTable(
  'document_autogenerations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => documentTemplates.id, { onDelete: 'cascade' }),
    statusId: integer('status_id').notNull(),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    taskId: integer('task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('document_autogenerations_once').on(table.orderId, table.templateId, table.statusId)],
);

/**
 * Analytics report templates (issue 16): a report's type and settings (filters, grouping, period preset) saved under a
 * name per account; saving under an existing name replaces it. The settings are the contract's TemplateSettings.
 */
export const analyticsTemplates = pgTable(
  'analytics_templates',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'sales' | 'customers' | 'movement' */
    report: text('report').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('analytics_templates_account_name').on(table.accountId, table.name)],
);

/**
 * Issue 18: what the integrations did and what went wrong, newest first on each settings screen. `source` names the
 * integration ('amocrm:<connection id>', 'bitrix24:<connection id>', '1c'); `retry` is the task to start again
 * (type and payload) when a failed entry offers a retry.
 */
export const integrationLog = pgTable(
  'integration_log',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'info' | 'warning' | 'error' */
    level: text('level').notNull(),
    /** What ran, e.g. 'sync-crm-to-warehouse', 'webhook', 'token-refresh', '1c-import'. */
    action: text('action').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    taskId: integer('task_id'),
    retry: jsonb('retry').$type<{ type: string; title: string; titleCode?: string | null; titleParams?: Record<string, string> | null; payload: unknown }>(),
    retriedAt: timestamp('retried_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('integration_log_account_id').on(table.accountId, table.id), index('integration_log_account_source_at').on(table.accountId, table.source, table.id)],
);

/** Issue 18: deliveries already taken (webhooks, CRM events, 1C exchange steps), so a repeated one changes nothing. */
export const integrationEvents = pgTable(
  'integration_events',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    key: text('key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.source, table.key] })],
);

/**
 * Issue 18: the CRM deals we know (the 'Deals' screen): which order each is linked to, its stage in the CRM, its sum,
 * when it was last synced and the last problem. One row per deal and integration.
 */
export const crmDeals = pgTable(
  'crm_deals',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    /** The CRM's own stage id and name, as last seen. */
    stage: text('stage'),
    stageName: text('stage_name'),
    sum: numeric('sum', { precision: 14, scale: 2 }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    problem: text('problem'),
  },
  (table) => [
    uniqueIndex('crm_deals_account_id').on(table.accountId, table.id),
    uniqueIndex('crm_deals_account_source_external').on(table.accountId, table.source, table.externalId),
    index('crm_deals_account_order').on(table.accountId, table.orderId),
  ],
);

/**
 * Issue 18: which product is which element of an outside catalogue (a CRM catalog element, a 1C product Ид), so a
 * second sync updates instead of adding again. One link per product and source, one per element and source.
 */
export const catalogLinks = pgTable(
  'catalog_links',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.source, table.externalId] }), uniqueIndex('catalog_links_account_source_product').on(table.accountId, table.source, table.productId)],
);

/**
 * Analytics rollups (issue 16): the sold positions of orders summed per account, span and sales key, kept by
 * statement triggers on orders and order_positions in the writer's transaction and backfilled by their migration. A
 * year's report reads about a dozen 'month' rows per key plus the 'day' rows of its partial edge months instead of
 * summing every position. Null keys are stored as 0 (crm_status as -1) so they can be part of the primary key;
 * `orders` counts the distinct orders with a position in the cell, which sums across cells because an order sits
 * in one day, stage, responsible and customer at a time. Every cell is split into slots as order_counts is, so
 * concurrent writers of one day and stage (every add to deal touches its day, month and year rows) mostly write
 * different rows: a cell is the sum over its slots, and one slot's figures may be negative (a position added by one
 * writer and deleted by another), so readers filter on sums, never on a row. No foreign keys, as for order_counts.
 */
const salesRollupFigures = {
  quantity: numeric('quantity').notNull().default('0'),
  sum: numeric('sum').notNull().default('0'),
  costSum: numeric('cost_sum').notNull().default('0'),
  orders: integer('orders').notNull().default(0),
  positions: integer('positions').notNull().default(0),
};
const salesRollupKeys = {
  accountId: integer('account_id').notNull(),
  /** 'day', 'month' or 'year': the length of the span that starts at `start`. */
  span: text('span').notNull(),
  start: date('start').notNull(),
  statusId: integer('status_id').notNull(),
  crmStatus: integer('crm_status').notNull(),
  pipelineId: integer('pipeline_id').notNull(),
  userId: integer('user_id').notNull(),
  /** The writing backend's pid % 8, as stock_totals and order_counts: concurrent writers of one cell mostly write different rows. */
  slot: integer('slot').notNull().default(0),
};

/** Per product: the sales report, its chart lines and the product drill-downs' totals. */
export const analyticsSalesProducts = pgTable(
  'analytics_sales_products',
  { ...salesRollupKeys, productId: integer('product_id').notNull(), ...salesRollupFigures },
  (table) => [
    primaryKey({ name: 'analytics_sales_products_pk', columns: [table.accountId, table.span, table.start, table.statusId, table.crmStatus, table.pipelineId, table.userId, table.productId, table.slot] }),
    // Reports read only the counted stages' rows; the chart's lines only its top products' day rows.
    index('analytics_sales_products_counted').on(table.accountId, table.statusId, table.span, table.start),
    index('analytics_sales_products_product').on(table.accountId, table.productId, table.span, table.start),
  ],
);

/** Per company and contact: the customer report, responsible totals, sales totals and the total/clients charts. */
export const analyticsSalesCustomers = pgTable(
  'analytics_sales_customers',
  { ...salesRollupKeys, companyId: integer('company_id').notNull(), contactId: integer('contact_id').notNull(), ...salesRollupFigures },
  (table) => [
    primaryKey({ name: 'analytics_sales_customers_pk', columns: [table.accountId, table.span, table.start, table.statusId, table.crmStatus, table.pipelineId, table.userId, table.companyId, table.contactId, table.slot] }),
    index('analytics_sales_customers_counted').on(table.accountId, table.statusId, table.span, table.start),
  ],
);

/** The stock ledger summed per account, UTC day, kind, warehouses and user: the movement report's total. */
export const analyticsMovementDays = pgTable(
  'analytics_movement_days',
  {
    accountId: integer('account_id').notNull(),
    day: date('day').notNull(),
    eventType: text('event_type').notNull(),
    initialWarehouseId: integer('initial_warehouse_id').notNull(),
    finalWarehouseId: integer('final_warehouse_id').notNull(),
    userId: integer('user_id').notNull(),
    slot: integer('slot').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    quantity: numeric('quantity').notNull().default('0'),
    sum: numeric('sum').notNull().default('0'),
  },
  (table) => [primaryKey({ name: 'analytics_movement_days_pk', columns: [table.accountId, table.day, table.eventType, table.initialWarehouseId, table.finalWarehouseId, table.userId, table.slot] })],
);

/**
 * Issue 18 §3: the account's 1C (CommerceML 2) exchange — the spec's genezis flag, the login 1C signs in with and its
 * password (sealed by integrations/vault.ts), which of our warehouses each 1C warehouse is, which price field each
 * 1C price type fills (and which is the sale price), the comparison for products not linked yet, the document
 * settings, and when 1C last confirmed the orders it took (mode=success). One row per account.
 */
export const onecExchange = pgTable('onec_exchange', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** The administrator who switched the exchange on: the stock documents from 1C name them. */
  enabledBy: integer('enabled_by'),
  login: text('login').notNull().default(''),
  password: text('password'),
  warehouses: jsonb('warehouses').$type<Record<string, number>>().notNull().default({}),
  prices: jsonb('prices').$type<Record<string, string>>().notNull().default({}),
  salePriceType: text('sale_price_type'),
  comparison: text('comparison').notNull().default('name_article'),
  documents: jsonb('documents').$type<Record<string, unknown>>().notNull().default({}),
  saleQueriedAt: timestamp('sale_queried_at', { withTimezone: true }),
  saleConfirmedAt: timestamp('sale_confirmed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 18 §3: what 1C's groups and properties became here (a category, a product field), by their Ид, so a repeated
 * exchange updates them instead of adding again (products are linked in catalog_links).
 */
export const onecLinks = pgTable(
  'onec_links',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 'group' | 'property' */
    kind: text('kind').notNull(),
    externalId: text('external_id').notNull(),
    /** A category id (group) or a product field's code (property). */
    target: text('target').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.kind, table.externalId] })],
);

/**
 * Issue 18 §3: an uploaded exchange file's import, resumed across 1C's mode=import calls: how many items are done,
 * and a digest of the file, so the same file sent again is known and changes nothing twice.
 */
export const onecImports = pgTable(
  'onec_imports',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    digest: text('digest').notNull(),
    done: integer('done').notNull().default(0),
    finished: boolean('finished').notNull().default(false),
    /** Raised when the file is applied again on purpose (account/genezis/sync): its steps are new deliveries. */
    run: integer('run').notNull().default(0),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** Where the next step reads on (the byte after the last applied item, the elements open there); null: the start. */
    checkpoint: jsonb('checkpoint').$type<{ offset: number; ancestors: string[] }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.filename] })],
);

/**
 * Issue 18 §4: how an account takes payments for public orders — one provider ('yookassa' takes RUB, 'stripe' USD) or
 * none. Each provider's keys are sealed by integrations/vault.ts and kept while another provider is chosen, so switching
 * back needs no re-entry.
 */
export const paymentSettings = pgTable('payment_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** 'yookassa' | 'stripe' | null (no payments). */
  provider: text('provider'),
  /** Sealed { shopId, secretKey }. */
  yookassaCredentials: text('yookassa_credentials'),
  /** Sealed { secretKey, webhookSecret }. */
  stripeCredentials: text('stripe_credentials'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 18 §4: a payment of an order at a provider. The row is written before the provider is called (with the
 * idempotence key the call carries), so concurrent 'Pay' clicks share one row and the provider makes one payment.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'yookassa' | 'stripe' */
    provider: text('provider').notNull(),
    /** The provider's payment (YooKassa) or Checkout Session (Stripe) id; null until the provider has answered. */
    externalId: text('external_id'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** 'pending' | 'succeeded' | 'canceled' | 'partly_refunded' | 'refunded' */
    state: text('state').notNull().default('pending'),
    idempotenceKey: text('idempotence_key').notNull(),
    /** Where the customer confirms the payment (the provider's page). */
    confirmationUrl: text('confirmation_url'),
    /** The order's version the amount was taken from: a changed order gets a new payment. */
    orderVersion: integer('order_version').notNull(),
    /** What the provider has given back so far (the sum of its refunds); 0 until a refund. */
    refundedAmount: numeric('refunded_amount', { precision: 16, scale: 2 }).notNull().default('0'),
    /** Stripe: the Checkout Session's PaymentIntent, which its charge (and so charge.refunded) names. */
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_payments_account_id').on(table.accountId, table.id),
    uniqueIndex('order_payments_account_key').on(table.accountId, table.idempotenceKey),
    uniqueIndex('order_payments_account_external').on(table.accountId, table.provider, table.externalId),
    // One pending payment per order: a second concurrent 'Pay' cannot add another.
    uniqueIndex('order_payments_account_order_pending').on(table.accountId, table.orderId).where(sql`state = 'pending'`),
    // The orders list's badge: one lookup of a page's orders (payments/orders).
    index('order_payments_account_order').on(table.accountId, table.orderId),
    index('order_payments_account_ref').on(table.accountId, table.provider, table.providerRef),
    check('order_payments_state', sql`${table.state} in ('pending', 'succeeded', 'canceled', 'partly_refunded', 'refunded')`),
    check('order_payments_refunded', sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.amount}`),
    check('order_payments_amount', sql`${table.amount} > 0`),
  ],
);
