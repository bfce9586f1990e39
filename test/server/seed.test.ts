import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { accounts, batches, contactCompanies, orderPositions, orders, orderShares, pipelines, pipelineStatuses, products, publicCustomers } from '../../server/db/schema';
import { ensureTariffs, seedDemo } from '../../server/db/seed';
import { DEMO_CUSTOMER } from '../../server/db/seedOrders';

/** The demo seed on a fresh database: the catalogue of Server I plus the orders, customers and public customer of Server II. */
let database: Database;
let accountId: number;

beforeAll(async () => {
  database = await openDatabase(loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent' }));
  await database.migrate();
  await ensureTariffs(database.db);
  if (process.env.DATABASE_URL) await database.db.execute(sql`truncate accounts, users restart identity cascade`);
  expect(await seedDemo(database.db)).toBe(true);
  [{ id: accountId }] = await database.db.select({ id: accounts.id }).from(accounts);
}, 120_000);

afterAll(async () => {
  await database?.close();
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
    expect(await seedDemo(database.db)).toBe(false);
    expect(await database.db.select().from(orders).where(eq(orders.accountId, accountId))).toHaveLength(30);
  });
});
