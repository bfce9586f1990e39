import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import {
  accounts,
  batches,
  categories,
  contactCompanies,
  fields,
  memberships,
  movements,
  orderPositions,
  orders,
  orderShares,
  pipelines,
  pipelineStatuses,
  products,
  publicCustomers,
  users,
  warehouses,
} from '../../server/db/schema';
import { DEMO_ADMIN, DEMO_STOREKEEPER, ensureTariffs, seedDemo } from '../../server/seeds/seed';
import { DEMO_CUSTOMER } from '../../server/seeds/seedOrders';

/** The demo seed on a fresh database: the catalogue of Server I plus the orders, customers and public customer of Server II. */
let database: Database;
let app: FastifyInstance;
let accountId: number;

beforeAll(async () => {
  const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent' });
  database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  // On the shared PostgreSQL of the server suite (files run one after another there) the seed needs an empty
  // account table, but ids must never be handed out again: the kept counts (product_counts, order_counts) carry
  // no foreign key, so a reused account id would inherit an earlier file's counts. Hence no 'restart identity'.
  if (process.env.DATABASE_URL) await database.db.execute(sql`truncate accounts, users cascade`);
  expect(await seedDemo(database.db)).toBe(true);
  [{ id: accountId }] = await database.db.select({ id: accounts.id }).from(accounts);
  app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const productCount = async () => (await database.db.select({ id: products.id }).from(products).where(eq(products.accountId, accountId))).length;

describe('demo seed: the catalogue', () => {
  it('has an admin and a second user with fewer rights, and both sign in', async () => {
    const rows = await database.db
      .select({ email: users.email, membership: memberships })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.accountId, accountId));
    expect(rows).toHaveLength(2);
    const admin = rows.find((row) => row.email === DEMO_ADMIN.email)!.membership;
    const keeper = rows.find((row) => row.email === DEMO_STOREKEEPER.email)!.membership;
    expect(admin).toMatchObject({ status: 'enabled', isOwner: true, admin: true, editingRemains: true, changeRemains: true });
    expect(keeper).toMatchObject({ status: 'enabled', isOwner: false, admin: false, editingRemains: false });
    const [account] = await database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account.separateRights).toBe(true);
    for (const { email, password } of [DEMO_ADMIN, DEMO_STOREKEEPER]) {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: email, password } });
      expect(login.json()).toMatchObject({ success: true, access_token: expect.any(String) });
    }
  });

  it('has two warehouses, exactly one of them main', async () => {
    const rows = await database.db.select().from(warehouses).where(eq(warehouses.accountId, accountId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.isMain)).toHaveLength(1);
  });

  it('has nested categories: some three levels deep', async () => {
    const rows = await database.db.select().from(categories).where(eq(categories.accountId, accountId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const depth = (id: number): number => {
      const parent = byId.get(id)!.parentId;
      return parent === null ? 1 : 1 + depth(parent);
    };
    expect(rows.filter((row) => row.parentId === null).length).toBeGreaterThan(1);
    expect(Math.max(...rows.map((row) => depth(row.id)))).toBeGreaterThanOrEqual(3);
    // Fields both at the root (shown everywhere) and in a category.
    const assigned = await database.db.select({ categoryId: fields.categoryId }).from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product')));
    expect(assigned.some((field) => field.categoryId === null)).toBe(true);
    expect(assigned.some((field) => field.categoryId !== null && byId.has(field.categoryId))).toBe(true);
  });

  it('has product fields of every type code (1–9, 11, 13, 15), and products carry values of them', async () => {
    const rows = await database.db.select().from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product')));
    expect([...new Set(rows.map((row) => row.type))].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15]);
    const stockField = rows.find((row) => row.type === 13)!;
    const list = await database.db.select({ values: products.values }).from(products).where(eq(products.accountId, accountId));
    const stockValues = list.map((row) => row.values[stockField.code]).filter((value) => value !== undefined);
    expect(stockValues.length).toBeGreaterThan(10);
    for (const value of stockValues) expect(value).toEqual({ count: expect.any(Number), reserve: expect.any(Number) });
    for (const type of [1, 2, 3, 5, 6, 7, 9, 11, 15]) {
      const code = rows.find((row) => row.type === type && row.categoryId === null)!.code;
      expect(list.some((row) => row.values[code] !== undefined), `a value of the type-${type} field ${code}`).toBe(true);
    }
  });

  it('has about 200 products and services; every product has batches, services none', async () => {
    const rows = await database.db.select({ id: products.id, type: products.type }).from(products).where(eq(products.accountId, accountId));
    expect(rows.length).toBeGreaterThanOrEqual(180);
    expect(rows.length).toBeLessThanOrEqual(220);
    const services = rows.filter((row) => row.type === 'service');
    expect(services.length).toBeGreaterThan(0);
    const stocked = new Set((await database.db.select({ productId: batches.productId }).from(batches).where(eq(batches.accountId, accountId))).map((row) => row.productId));
    expect(rows.filter((row) => row.type === 'product').every((row) => stocked.has(row.id))).toBe(true);
    expect(services.some((row) => stocked.has(row.id))).toBe(false);
  });

  it('prices products in two price types (type-11 fields)', async () => {
    const priceFields = await database.db.select().from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.type, 11)));
    expect(priceFields).toHaveLength(2);
    const list = await database.db.select({ type: products.type, values: products.values }).from(products).where(eq(products.accountId, accountId));
    const priced = (values: Record<string, unknown>, code: string) => Number((values[code] as { cost?: unknown } | undefined)?.cost) > 0;
    for (const row of list.filter((product) => product.type === 'product')) {
      for (const field of priceFields) expect(priced(row.values, field.code)).toBe(true);
    }
    expect(list.every((row) => priceFields.some((field) => priced(row.values, field.code)))).toBe(true);
  });

  it('has images served by our own server', async () => {
    const imageField = (await database.db.select().from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.type, 15))))[0];
    const list = await database.db.select({ values: products.values }).from(products).where(eq(products.accountId, accountId));
    const urls = list.flatMap((row) => (row.values[imageField.code] as string[] | undefined) ?? []);
    expect(urls.length).toBeGreaterThan(100);
    expect(urls.every((url) => url.startsWith('/demo/images/'))).toBe(true);
    for (const url of [...new Set(urls)].slice(0, 3)) {
      const image = await app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.body).toMatch(/^<svg /);
    }
  });

  it('records an opening-balance arrival in the ledger for every seeded batch', async () => {
    const seeded = await database.db.select().from(batches).where(and(eq(batches.accountId, accountId), like(batches.number, 'P-%')));
    const opening = await database.db.select().from(movements).where(and(eq(movements.accountId, accountId), eq(movements.comment, 'Opening balance')));
    expect(opening).toHaveLength(seeded.length);
    expect(new Set(opening.map((row) => row.batchId)).size).toBe(seeded.length);
    const byBatch = new Map(seeded.map((batch) => [batch.id, batch]));
    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
    for (const row of opening) {
      const batch = byBatch.get(row.batchId!)!;
      expect(row).toMatchObject({ eventType: 'arrival', productId: batch.productId, party: batch.number, finalWarehouseId: batch.warehouseId, userId: admin.id });
      expect(Number(row.sum)).toBeCloseTo(Number(row.quantity) * Number(row.costPrice), 2);
    }
    const total = opening.reduce((sum, row) => sum + Number(row.quantity), 0);
    expect(total).toBeGreaterThan(0);
  });
});

describe('demo seed: orders, pipelines, customers', () => {
  it('has the system pipeline with reservation, write-off and unsuccessful stages, and a second pipeline', async () => {
    const rows = await database.db.select().from(pipelines).where(eq(pipelines.accountId, accountId));
    expect(rows.map((row) => [row.name, row.isSystem])).toEqual(expect.arrayContaining([['Main pipeline', true], ['Wholesale', false]]));
    const system = rows.find((row) => row.isSystem)!;
    const stages = await database.db.select().from(pipelineStatuses).where(eq(pipelineStatuses.pipelineId, system.id));
    expect(stages.some((stage) => stage.isReserve)).toBe(true);
    expect(stages.some((stage) => stage.isWriteOff)).toBe(true);
    expect(stages.some((stage) => stage.type === 2)).toBe(true);
  });

  it('has 30 orders spread over the stages of both pipelines, with positions, some reserved and some written off', async () => {
    const rows = await database.db.select().from(orders).where(eq(orders.accountId, accountId));
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.pipelineId)).size).toBe(2);
    expect(new Set(rows.map((row) => row.statusId)).size).toBeGreaterThanOrEqual(7);
    const states = new Set(rows.map((row) => row.stockState));
    expect(states).toContain('reserved');
    expect(states).toContain('written_off');
    expect(rows.every((row) => Number(row.sum) > 0)).toBe(true);
    expect(rows.filter((row) => row.contactId !== null)).toHaveLength(30);
    expect(rows.filter((row) => row.companyId !== null).length).toBeGreaterThan(0);
  });

  it('balances agree with the positions: every batch reserve equals what positions hold reserved there', async () => {
    const [held] = await database.db.select({ n: sql<string>`coalesce(sum(${orderPositions.reserved}), 0)` }).from(orderPositions).where(eq(orderPositions.accountId, accountId));
    const [reserve] = await database.db.select({ n: sql<string>`coalesce(sum(${batches.reserve}), 0)` }).from(batches).where(eq(batches.accountId, accountId));
    expect(Number(held.n)).toBeGreaterThan(0);
    expect(Number(reserve.n)).toBe(Number(held.n));
  });

  it('links contacts to companies, tags products, and has a public customer with two shared orders', async () => {
    expect((await database.db.select().from(contactCompanies).where(eq(contactCompanies.accountId, accountId))).length).toBeGreaterThan(0);
    const tagged = await database.db.select().from(products).where(and(eq(products.accountId, accountId), sql`${products.tags} ? 'b2b'`));
    expect(tagged.length).toBeGreaterThan(0);
    const [customer] = await database.db.select().from(publicCustomers).where(eq(publicCustomers.accountId, accountId));
    expect(customer).toMatchObject({ email: DEMO_CUSTOMER.email, tags: ['b2b'] });
    expect(await database.db.select().from(orderShares).where(eq(orderShares.customerId, customer.id))).toHaveLength(2);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await productCount();
    expect(await seedDemo(database.db)).toBe(false);
    expect(await productCount()).toBe(before);
    expect(await database.db.select().from(accounts)).toHaveLength(1);
    expect(await database.db.select().from(orders).where(eq(orders.accountId, accountId))).toHaveLength(30);
  });
});
