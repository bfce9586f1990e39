import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, pipelineStatuses, pipelines, positionBatches } from '../../server/db/schema';
import { settingUp, useTestServer } from './harness';

/**
 * Lock order under concurrency (issue 12 §4). Meaningful on PostgreSQL (DATABASE_URL; CI runs the
 * server suite there too): PGlite runs one transaction at a time, so there it only checks the answers.
 * Every order write takes the order's row, then its products in id order, then their batches — the
 * inventory module's order — so writes queue instead of deadlocking; a deadlock or serialization
 * failure the database still reports is retried once, then answered 409 with a text, never a 500.
 */
const server = useTestServer();
const db = () => server.database.db;

const PRODUCTS = 6;
const ORDERS = 16;

/** An account with PRODUCTS products of 1000 units each and ORDERS reserving orders that each hold 1 of every product. */
async function crowdedAccount() {
  const account = await server.newAccount();
  const post = settingUp(server, account.token);
  const main = await post('warehouse/add', { name: 'Main' });
  const products: number[] = [];
  const batchIds: number[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const product = await post('product/add', { name: `Part ${i}`, article: `P-${i}` });
    batchIds.push((await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 1000 })).id);
    products.push(product.id);
  }
  const [reserved] = await db()
    .select({ id: pipelineStatuses.id })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, account.id), eq(pipelines.isSystem, true), eq(pipelineStatuses.isReserve, true)));
  const orders: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const order = await post('orders/add', { name: `Order ${i}`, status_id: reserved.id });
    // Each order takes the products in its own order, so positions (and their ids) interleave across products.
    for (const product of i % 2 ? [...products].reverse() : products) await post('orders/product/add', { order_id: order.id, product, quantity: 1 });
    orders.push(order.id);
  }
  return { account, products, orders, batchIds, warehouseId: main.id as number };
}

/** Every batch's reserve equals what positions hold of it: no reservation lost or doubled by the crowd. */
async function reservesAgree(accountId: number) {
  const rows = await db().execute(sql`
    select b.id, b.reserve::text as reserve, coalesce((select sum(pb.reserved) from ${positionBatches} pb where pb.batch_id = b.id), 0)::text as held
    from ${batches} b where b.account_id = ${accountId}`);
  const list = (rows as unknown as { rows?: { reserve: string; held: string }[] }).rows ?? (rows as unknown as { reserve: string; held: string }[]);
  return list.every((row) => Number(row.reserve) === Number(row.held));
}

describe('deleting orders while other orders reserve the same products', () => {
  it('rule: no 5xx and no deadlock answer: deletes, adds and stock moves across shared products all succeed or answer 409 with a text; reserves stay consistent', async () => {
    const { account, products, orders, batchIds, warehouseId } = await crowdedAccount();
    const token = account.token;
    const half = orders.slice(0, ORDERS / 2);
    const rest = orders.slice(ORDERS / 2);
    const calls: Promise<{ what: string; status: number; body: any }>[] = [];
    const call = (what: string, path: string, body: unknown) => calls.push(server.call('POST', path, { token, body }).then((answer) => ({ what, ...answer })));
    for (let round = 0; round < 3; round++) {
      for (const id of round === 0 ? half : []) call(`delete ${id}`, 'orders/delete', { id });
      rest.forEach((id, index) => {
        // Products in a different order for every request: the server must lock them in one order anyway.
        const shuffled = [...products].sort((a, b) => ((a * 7 + index + round) % PRODUCTS) - ((b * 7 + index + round) % PRODUCTS));
        for (const product of shuffled.slice(0, 3)) call(`add ${product} to ${id}`, 'orders/product/add', { order_id: id, product, quantity: 1 });
      });
      // The inventory module's own writers on the same products, in between.
      batchIds.forEach((batch_id, index) => {
        call(`write-off from ${batch_id}`, 'product/write-off', { batch_id, count: 1 });
        call(`arrival of ${products[index]}`, 'product/arrival', { product_id: products[index], warehouse_id: warehouseId, batch: 'B1', add_to_existing: true, count: 1 });
      });
    }
    const answers = await Promise.all(calls);
    const failures = answers.filter((answer) => answer.status >= 500 || (answer.status !== 200 && answer.status !== 409));
    expect(failures.map((answer) => `${answer.what}: ${answer.status} ${JSON.stringify(answer.body)}`)).toEqual([]);
    for (const answer of answers.filter((item) => item.status === 409)) expect(answer.body.error).toMatch(/same moment/);
    expect(await reservesAgree(account.id)).toBe(true);
  }, 300_000);
});

describe('a deadlock PostgreSQL reports is retried once, then answered 409', () => {
  const onPostgres = Boolean(process.env.DATABASE_URL);

  it.runIf(onPostgres)('rule: orders/delete chosen as a deadlock victim runs again and answers 200, not 500', async () => {
    const { default: pg } = await import('pg');
    const { account, products, orders } = await crowdedAccount();
    const [first, second] = [...products].sort((a, b) => a - b);
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      // Another transaction holds the second product, so the delete (which locks products in id order) waits on it holding the first…
      await other.query('begin');
      await other.query('select id from products where id = $1 for no key update', [second]);
      const deleting = server.call('POST', 'orders/delete', { token: account.token, body: { id: orders[0] } });
      const waiting = async () => (await other.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`)).rows[0].n > 0;
      for (let tries = 0; tries < 400 && !(await waiting()); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
      // …then asks for the first: a cycle. The delete waited longer, so PostgreSQL picks it as the victim.
      await other.query('select id from products where id = $1 for no key update', [first]);
      await other.query('commit');
      const answer = await deleting;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((await server.call('GET', 'orders/order', { token: account.token, query: { order_id: orders[0] } })).status).toBe(404);
      expect(await reservesAgree(account.id)).toBe(true);
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
  }, 300_000);

  it('rule: a deadlock or serialization failure twice in a row answers 409 with a clear text (and once, runs again)', async () => {
    const { inTransaction } = await import('../../server/http/transaction');
    const { CONCURRENT_CHANGE, HttpError } = await import('../../server/http/errors');
    const failing = (codes: string[]) => {
      let calls = 0;
      const db = {
        transaction: async () => {
          const code = codes[calls++];
          if (code) throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });
          return 'done';
        },
      } as unknown as Parameters<typeof inTransaction>[0];
      return { db, calls: () => calls };
    };
    const once = failing(['40P01']);
    expect(await inTransaction(once.db, async () => 'done')).toBe('done');
    expect(once.calls()).toBe(2);
    for (const codes of [['40P01', '40P01'], ['40001', '40001'], ['40001', '40P01']]) {
      const twice = failing(codes);
      const error = await inTransaction(twice.db, async () => 'done').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 409, message: CONCURRENT_CHANGE });
      expect(twice.calls()).toBe(2);
    }
    // Anything else is not retried.
    const other = failing(['23505']);
    await expect(inTransaction(other.db, async () => 'done')).rejects.toThrow('Failed query');
    expect(other.calls()).toBe(1);
  });
});
