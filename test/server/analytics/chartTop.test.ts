import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../server/db/schema';
import { rollupReads } from '../../../server/modules/analytics/rollups';
import { useTestServer, type TestAccount } from '../harness';

/**
 * The chart's lines (spec §2: by clients, by products) are the five biggest by sum over the chosen period — not over
 * the months or years whose rollup rows the period is read from. January 11–31 is read as January minus its first ten
 * days; P1 and P2 sold most in January but on the 5th, so they are not among the period's five, and the lines read
 * from the rollups equal those read from the raw rows.
 */
const server = useTestServer();
let a: TestAccount;

const SALES: { product: string; day: string; sum: number }[] = [
  { product: 'P1', day: '2026-01-05', sum: 1000 },
  { product: 'P2', day: '2026-01-05', sum: 900 },
  { product: 'P1', day: '2026-01-20', sum: 1 },
  { product: 'P2', day: '2026-01-20', sum: 2 },
  { product: 'P3', day: '2026-01-15', sum: 500 },
  { product: 'P4', day: '2026-01-15', sum: 400 },
  { product: 'P5', day: '2026-01-15', sum: 300 },
  { product: 'P6', day: '2026-01-15', sum: 200 },
  { product: 'P7', day: '2026-01-15', sum: 100 },
];

beforeAll(async () => {
  a = await server.newAccount();
  const { db } = server.database;
  const accountId = a.id;
  const pipelines = (await server.call('GET', 'orders/pipelines/list', { token: a.token })).body as { id: number; is_system: boolean; statuses: { id: number; type: number }[] }[];
  const system = pipelines.find((pipeline) => pipeline.is_system)!;
  const success = system.statuses.find((stage) => stage.type === 1)!;
  const products: Record<string, number> = {};
  const companies: Record<string, number> = {};
  for (const name of ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']) {
    products[name] = (await db.insert(schema.products).values({ accountId, name, article: name }).returning())[0].id;
    companies[name] = (await db.insert(schema.companies).values({ accountId, name: `Company ${name}` }).returning())[0].id;
  }
  for (const sale of SALES) {
    const [order] = await db
      .insert(schema.orders)
      .values({ accountId, name: `${sale.product} ${sale.day}`, pipelineId: system.id, statusId: success.id, companyId: companies[sale.product], createdAt: new Date(`${sale.day}T12:00:00Z`) })
      .returning();
    await db.insert(schema.orderPositions).values({ accountId, orderId: order.id, productId: products[sale.product], price: String(sale.sum), quantity: '1', costPrice: '0' });
  }
});
afterEach(() => {
  rollupReads.on = true;
});

const chart = async (series: 'products' | 'clients', interval: 'day' | 'month') => {
  const answer = await server.call('POST', 'analytics/chart', { token: a.token, body: { filter: { period: { from: '2026-01-11', to: '2026-01-31' } }, interval, series } });
  expect(answer.status).toBe(200);
  return answer.body as { labels: string[]; points: { period: string; values: number[] }[] };
};

describe('chart lines: the five biggest of the period', () => {
  it('products by day and clients by month: P3–P7 in order of their sums, P1 and P2 (big only before the period) left out; the same from the raw rows', async () => {
    for (const [series, interval, names] of [
      ['products', 'day', ['P3', 'P4', 'P5', 'P6', 'P7']],
      ['clients', 'month', ['Company P3', 'Company P4', 'Company P5', 'Company P6', 'Company P7']],
    ] as const) {
      const kept = await chart(series, interval);
      expect(kept.labels).toEqual(names);
      const point = kept.points.find((one) => one.period === (interval === 'day' ? '2026-01-15' : '2026-01'));
      expect(point?.values).toEqual([500, 400, 300, 200, 100]);
      rollupReads.on = false;
      expect(await chart(series, interval)).toEqual(kept);
      rollupReads.on = true;
    }
  });
});
