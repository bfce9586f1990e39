import { type SQL, sql } from 'drizzle-orm';
import type { ChartAnswer, ChartInterval, ChartRequest, ChartSeriesKind } from '../../../src/contract/analytics';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { checkFilter, countedStages, orderConditions, periodBounds } from './filters';
import { num } from './paging';
import { topLinesOfPeriod } from './periodRollups';
import { customerRollup, customerRollupServes, productRollup, productRollupServes } from './rollups';

/**
 * Chart data (spec §2: by days, months or years — total sales, by clients, by products): the sold positions summed per
 * bucket in SQL. 'clients' and 'products' draw the TOP_LINES biggest by sum over the whole period, one line each.
 * With a period every bucket of it is listed (empty ones as 0), so the chart's x axis has no gaps.
 */

export const TOP_LINES = 5;
const FORMAT: Record<ChartInterval, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };
const LINE_SUM = sql`round(p.price * p.quantity, 2)`;
const LINE_PROFIT = sql`round(p.price * p.quantity, 2) - round(p.cost_price * p.quantity, 2)`;

const bucketOf = (interval: ChartInterval) => sql`date_trunc(${interval}, o.created_at at time zone 'UTC')`;

/** Every bucket of the period, in order, as the chart's labels ('2026-01', …). */
async function bucketsOf(db: Db, interval: ChartInterval, period: { from: string; to: string }): Promise<string[]> {
  const { start, end } = periodBounds(period);
  const rows = await rowsOf<{ period: string }>(db, sql`select to_char(b, ${FORMAT[interval]}) as period
        from generate_series(date_trunc(${interval}, ${start.toISOString()}::timestamptz at time zone 'UTC'), ${end.toISOString()}::timestamptz at time zone 'UTC' - interval '1 second', ${`1 ${interval}`}::interval) b`,
  );
  return rows.map((row) => row.period);
}

export async function chartOf(db: Db, accountId: number, body: ChartRequest): Promise<ChartAnswer> {
  const filter = body.filter ?? {};
  const interval = body.interval ?? 'month';
  const series: ChartSeriesKind = body.series ?? 'total';
  await checkFilter(db, accountId, filter);
  const raw = sql`orders o join order_positions p on p.order_id = o.id and p.account_id = o.account_id where ${orderConditions(accountId, filter)}`;
  // A chart by days needs day rows for the whole period; by months or years, whole months' rows serve.
  const days = interval === 'day';
  const rollupBucket = sql`date_trunc(${interval}, r.start::timestamp)`;
  const values = new Map<string, number[]>();
  let labels: string[];
  if (series === 'total') {
    labels = ['sum', 'prib'];
    const rows = await rowsOf<{ period: string; sum: string; prib: string }>(
      db,
      customerRollupServes(filter)
        ? sql`select to_char(${rollupBucket}, ${FORMAT[interval]}) as period, sum(r.sum) as sum, sum(r.sum) - sum(r.cost_sum) as prib
          from ${customerRollup(accountId, filter, days)} group by 1 having sum(r.positions) > 0 order by 1`
        : sql`select to_char(${bucketOf(interval)}, ${FORMAT[interval]}) as period, sum(${LINE_SUM}) as sum, sum(${LINE_PROFIT}) as prib
          from ${raw} group by 1 order by 1`,
    );
    for (const row of rows) values.set(row.period, [num(row.sum), num(row.prib)]);
  } else {
    const clients = series === 'clients';
    const name: SQL = clients ? sql`(select name from companies where id = t.key)` : sql`(select name from products where id = t.key)`;
    const serves = clients ? customerRollupServes(filter) : productRollupServes(filter);
    let query: SQL;
    if (serves) {
      // The top lines come from the period's sums (a few rows per key); only their buckets are read by day or month.
      // The rollups store no customer as 0, as the raw lines' coalesce does.
      const key = clients ? sql`r.company_id` : sql`r.product_id`;
      const rollup = clients ? customerRollup(accountId, filter, days) : productRollup(accountId, filter, days);
      query = sql`with top as (${topLinesOfPeriod(accountId, filter, clients, TOP_LINES)}),
               lines as (select ${rollupBucket} as bucket, ${key} as key, sum(r.sum) as sum from ${rollup} and ${key} in (select key from top) group by 1, 2 having sum(r.positions) > 0)
          select t.rank, ${name} as name, to_char(l.bucket, ${FORMAT[interval]}) as period, l.sum
          from lines l join top t on t.key = l.key order by l.bucket, t.rank`;
    } else {
      const lines = sql`select ${bucketOf(interval)} as bucket, coalesce(${clients ? sql`o.company_id` : sql`p.product_id`}, 0) as key, sum(${LINE_SUM}) as sum from ${raw} group by 1, 2`;
      query = sql`with lines as (${lines}),
               top as (select key, row_number() over (order by sum(sum) desc, key) as rank from lines group by key order by sum(sum) desc, key limit ${TOP_LINES})
          select t.rank, ${name} as name, to_char(l.bucket, ${FORMAT[interval]}) as period, l.sum
          from lines l join top t on t.key = l.key order by l.bucket, t.rank`;
    }
    const rows = await rowsOf<{ rank: number; name: string | null; period: string; sum: string }>(db, query);
    const count = rows.reduce((most, row) => Math.max(most, num(row.rank)), 0);
    labels = Array.from({ length: count }, () => '');
    for (const row of rows) {
      labels[num(row.rank) - 1] = row.name ?? '';
      const point = values.get(row.period) ?? Array.from({ length: count }, () => 0);
      point[num(row.rank) - 1] = num(row.sum);
      values.set(row.period, point);
    }
  }
  const periods = filter.period ? await bucketsOf(db, interval, filter.period) : [...values.keys()].sort();
  const zero = labels.map(() => 0);
  return { interval, series, labels, points: periods.map((period) => ({ period, values: values.get(period) ?? zero })), stages: await countedStages(db, accountId, filter) };
}
