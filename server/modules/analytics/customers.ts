import { type SQL, sql } from 'drizzle-orm';
import { CUSTOMER_SORT, SALES_SORT, type AnalyticsFilter, type CustomerGrouping, type CustomerProductsRequest, type CustomerRow, type CustomersRequest } from '../../../src/contract/analytics';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { checkFilter, countedStages, orderConditions, quantityHaving, SALES_FIGURES, salesBase } from './filters';
import { num, pageOf } from './paging';
import { customerGroupsOfPeriod, responsibleGroupsOfPeriod } from './periodRollups';
import { customerRollupServes } from './rollups';
import { salesGroups, salesTotalOf, totalRow } from './sales';

/**
 * The customer report (analytics/customers, customers/products, customers/responsible, customers/total): the counted
 * orders' sold positions per company or per contact. The other side of the row (a company's contacts, a contact's
 * companies) and the responsible employees are listed by name, so a row stays one customer.
 */

const FROM = sql`orders o join order_positions p on p.order_id = o.id and p.account_id = o.account_id
  left join companies c on c.id = o.company_id
  left join contacts ct on ct.id = o.contact_id
  left join users u on u.id = o.user_id`;

const keyOf = (grouping: CustomerGrouping): SQL => (grouping === 'company' ? sql`o.company_id` : sql`o.contact_id`);

export function customerGroups(accountId: number, filter: AnalyticsFilter, grouping: CustomerGrouping): SQL {
  if (customerRollupServes(filter)) return customerGroupsOfPeriod(accountId, filter, grouping);
  const names = sql`string_agg(distinct u.name, ', ' order by u.name) as otv, ${SALES_FIGURES}`;
  const having = quantityHaving(filter, sql`sum(p.quantity)`);
  return grouping === 'company'
    ? sql`select o.company_id, c.name as company, null::int as contact_id, string_agg(distinct ct.name, ', ' order by ct.name) as contact, ${names}
          from ${FROM} where ${orderConditions(accountId, filter)} group by o.company_id, c.name ${having}`
    : sql`select string_agg(distinct c.name, ', ' order by c.name) as company, null::int as company_id, o.contact_id, ct.name as contact, ${names}
          from ${FROM} where ${orderConditions(accountId, filter)} group by o.contact_id, ct.name ${having}`;
}

const customerRow = (row: Record<string, unknown>): CustomerRow => ({
  company_id: row.company_id === null ? null : num(row.company_id),
  company: (row.company as string | null) ?? null,
  contact_id: row.contact_id === null ? null : num(row.contact_id),
  contact: (row.contact as string | null) ?? null,
  leads: num(row.leads),
  count: num(row.count),
  sum: num(row.sum),
  prib: num(row.prib),
  otv: String(row.otv ?? ''),
  poz: num(row.poz),
});

export async function customersReport(db: Db, accountId: number, body: CustomersRequest) {
  const filter = body.filter ?? {};
  const grouping = body.group_by ?? 'company';
  await checkFilter(db, accountId, filter);
  // Orders with no company (or contact) form one group whose key is null: the tie-break key is never null.
  const grouped = sql`select g.*, coalesce(g.${sql.identifier(grouping === 'company' ? 'company_id' : 'contact_id')}, 0) as key from (${customerGroups(accountId, filter, grouping)}) g`;
  const { rows, paging } = await pageOf<Record<string, unknown>>(db, grouped, body, CUSTOMER_SORT, { field: 'sum', order: 'desc', tieBreak: 'key' });
  return { data: rows.map(customerRow), group_by: grouping, ...paging, stages: await countedStages(db, accountId, filter) };
}

export async function customersTotal(db: Db, accountId: number, filter: AnalyticsFilter, grouping: CustomerGrouping = 'company') {
  await checkFilter(db, accountId, filter);
  // Each order sits in one customer group, so the groups' figures (orders included) add up to the total.
  if (customerRollupServes(filter)) {
    const [row] = await rowsOf<Record<string, unknown>>(db, sql`select sum(g.count) as count, sum(g.sum) as sum, sum(g.cost_sum) as cost_sum, sum(g.prib) as prib, sum(g.leads) as leads, sum(g.poz) as poz from (${customerGroups(accountId, filter, grouping)}) g`);
    return { total: totalRow(row), stages: await countedStages(db, accountId, filter) };
  }
  const key = keyOf(grouping);
  const keys = filter.quantity ? sql`select coalesce(${key}, 0) from ${salesBase(accountId, filter)} group by ${key} ${quantityHaving(filter, sql`sum(p.quantity)`)}` : null;
  return { total: await salesTotalOf(db, keys, salesBase(accountId, filter), sql`coalesce(${key}, 0)`), stages: await countedStages(db, accountId, filter) };
}

/** customers/responsible: the same sales per responsible employee. */
export async function customersByResponsible(db: Db, accountId: number, body: CustomersRequest) {
  const filter = body.filter ?? {};
  await checkFilter(db, accountId, filter);
  const grouped = customerRollupServes(filter)
    ? responsibleGroupsOfPeriod(accountId, filter)
    : sql`select o.user_id, u.name, coalesce(o.user_id, 0) as key, ${SALES_FIGURES}
    from ${FROM} where ${orderConditions(accountId, filter)} group by o.user_id, u.name ${quantityHaving(filter, sql`sum(p.quantity)`)}`;
  const { rows, paging } = await pageOf<Record<string, unknown>>(db, grouped, { page: body.page, per_page: body.per_page }, [], { field: 'sum', order: 'desc', tieBreak: 'key' });
  return {
    data: rows.map((row) => ({ user_id: row.user_id === null ? null : num(row.user_id), name: (row.name as string | null) ?? null, leads: num(row.leads), count: num(row.count), sum: num(row.sum), prib: num(row.prib), poz: num(row.poz) })),
    ...paging,
    stages: await countedStages(db, accountId, filter),
  };
}

/** customers/products: one customer's products (company_id or contact_id; null: the orders with none). */
export async function customerProducts(db: Db, accountId: number, body: CustomerProductsRequest) {
  // A named customer is one more id filter (checked like the others); null asks for the orders with none.
  const filter: AnalyticsFilter = { ...(body.filter ?? {}) };
  let extra = sql``;
  if (body.company_id !== undefined) {
    if (body.company_id === null) extra = sql`and o.company_id is null`;
    else filter.company_ids = [body.company_id];
  } else if (body.contact_id !== undefined) {
    if (body.contact_id === null) extra = sql`and o.contact_id is null`;
    else filter.contact_ids = [body.contact_id];
  }
  await checkFilter(db, accountId, filter);
  const { rows, paging } = await pageOf<Record<string, unknown>>(db, salesGroups(accountId, filter, extra), body, SALES_SORT, { field: 'sum', order: 'desc', tieBreak: 'product_id' });
  return {
    data: rows.map((row) => ({ product_id: num(row.product_id), name: String(row.name ?? ''), count: num(row.count), sum: num(row.sum), cost_sum: num(row.cost_sum), prib: num(row.prib), leads: num(row.leads), poz: num(row.poz) })),
    ...paging,
    stages: await countedStages(db, accountId, filter),
  };
}
