import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), uniqueIndex('users_phone_unique').on(table.phone)],
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

/** Messages sent (or, without SMTP, only recorded here and in the log for a local user to read). */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
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
    check('batches_count_not_negative', sql`${table.count} >= 0`),
    check('batches_reserve_within_count', sql`${table.reserve} >= 0 AND ${table.reserve} <= ${table.count}`),
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
    comment: text('comment').notNull().default(''),
  },
  (table) => [index('movements_account_date').on(table.accountId, table.eventDate)],
);
