import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_ABSURD, PERIOD_INVERTED } from '../../../server/modules/analytics/filters';
import { useTestServer, type TestAccount } from '../harness';
import { bySuccess, figuresOf, groupBy, lineCents, movementsBy, totalOf } from './byHand';
import { ARTICLES, MOVEMENTS, type ORDERS, seedAnalytics, type Seeded } from './seed';

/**
 * Analytics reports (issue 16): each report of a small seeded account is computed by hand (byHand.ts) and compared cell
 * by cell, totals included; the filters, stages, periods, sort and paging change the answer as they say; bad input is a
 * clear 400, never a 5xx; another account's data and ids never reach a report.
 */
const server = useTestServer();
let a: TestAccount;
let s: Seeded;
let b: TestAccount;
let bSeed: Seeded;

const post = async (path: string, body: unknown, token = a.token) => server.call('POST', `analytics/${path}`, { token, body });
const ok = async (path: string, body: unknown, token = a.token) => {
  const answer = await post(path, body, token);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 400)}`).toBe(200);
  return answer.body;
};

beforeAll(async () => {
  a = await server.newAccount();
  s = await seedAnalytics(server, a);
  b = await server.newAccount();
  bSeed = await seedAnalytics(server, b);
});

const names = () => ({ owner: s.users.owner.name, member: s.users.member.name });
const otvOf = (set: Set<string>) => [...set].map((key) => (key === 'OWNER' ? names().owner : names().member)).sort().join(', ');

describe('sales report: per product, only counted stages', () => {
  it('analytics/sales: every cell of every product and the totals equal the hand count (success stages, CRM deals won)', async () => {
    const answer = await ok('sales', {});
    const hand = groupBy((_, product) => product, () => null, bySuccess);
    const expected = [...hand].map(([product, acc]) => ({ product_id: s.products[product], name: product, ...figuresOf(acc) })).sort((x, y) => y.sum - x.sum || x.product_id - y.product_id);
    expect(answer.data).toEqual(expected);
    expect(answer.meta).toMatchObject({ total: 3, current_page: 1 });
    // Drill: O1 2×100 + O2 3×90 = 470; cost 5×60 = 300 — the new order O4 (10 drills) does not count.
    expect(answer.data.find((row: any) => row.name === 'Drill')).toMatchObject({ count: 5, sum: 470, cost_sum: 300, prib: 170, leads: 2, poz: 2 });
    // Hammer: O3 1.5 × 33.33 = 49.995 → 50.00, plus O7 2 × 40 = 80.
    expect(answer.data.find((row: any) => row.name === 'Hammer')).toMatchObject({ sum: 130, cost_sum: 45 });
    const total = await ok('sales/total', {});
    expect(total.total).toEqual(totalOf(bySuccess));
    expect(total.total.leads).toBe(6);
  });

  it('the answer states the stages that counted: by default every success stage; chosen stages when named', async () => {
    const answer = await ok('sales', {});
    expect(answer.stages.default).toBe(true);
    expect(answer.stages.stages.map((stage: any) => stage.id).sort()).toEqual([s.stages.success, s.stages.otherSuccess].sort());
    const chosen = await ok('sales', { filter: { stage_ids: [s.stages.new] } });
    expect(chosen.stages).toEqual({ default: false, stages: [{ id: s.stages.new, name: expect.any(String), pipeline: s.stages.pipelineName }] });
    const hand = groupBy((_, product) => product, () => null, (order) => order.stage === 'new');
    expect(chosen.data).toEqual([...hand].map(([product, acc]) => ({ product_id: s.products[product], name: product, ...figuresOf(acc) })));
  });

  it('the period takes whole UTC days, both ends included', async () => {
    const within = (order: (typeof ORDERS)[number]) => order.createdAt >= '2026-02-01' && order.createdAt < '2026-03-01';
    const answer = await ok('sales', { filter: { period: { from: '2026-02-01', to: '2026-02-28' } } });
    const hand = groupBy((_, product) => product, () => null, bySuccess, within);
    expect(answer.data).toEqual([...hand].map(([product, acc]) => ({ product_id: s.products[product], name: product, ...figuresOf(acc) })).sort((x, y) => y.sum - x.sum));
    expect((await ok('sales/total', { filter: { period: { from: '2026-02-01', to: '2026-02-28' } } })).total).toEqual(totalOf(bySuccess, within));
    // O5 at 23:30 UTC on 31 December belongs to that day.
    const eve = await ok('sales/total', { filter: { period: { from: '2025-12-31', to: '2025-12-31' } } });
    expect(eve.total).toMatchObject({ sum: 40, leads: 1 });
  });

  it('filters: product, responsible, pipeline, company, contact and the quantity range narrow the same sums', async () => {
    const check = async (filter: object, within: (order: (typeof ORDERS)[number]) => boolean, products?: string[]) => {
      const hand = groupBy((_, product) => product, () => null, bySuccess, within);
      const rows = [...hand].filter(([product]) => !products || products.includes(product)).map(([product, acc]) => ({ product_id: s.products[product], name: product, ...figuresOf(acc) }));
      const answer = await ok('sales', { filter, sort: { field: 'name', order: 'asc' } });
      expect(answer.data, JSON.stringify(filter)).toEqual(rows.sort((x, y) => x.name.localeCompare(y.name)));
    };
    await check({ responsible_ids: [s.users.member.id] }, (order) => order.responsible === 'member');
    await check({ company_ids: [s.companies.Acme] }, (order) => order.company === 'Acme');
    await check({ contact_ids: [s.contacts.Bob] }, (order) => order.contact === 'Bob');
    await check({ pipeline_ids: [(await server.call('GET', 'orders/pipelines/list', { token: a.token })).body.find((p: any) => p.name === 'Wholesale').id] }, (order) => order.stage === 'otherSuccess');
    await check({ product_ids: [s.products.Saw] }, () => true, ['Saw']);
    // Quantity range on the product's summed quantity: Drill 5, Saw 6, Hammer 3.5.
    await check({ quantity: { min: 4, max: 5.5 } }, () => true, ['Drill']);
    const total = await ok('sales/total', { filter: { quantity: { min: 4, max: 5.5 } } });
    expect(total.total).toEqual(figuresOf(groupBy((_, product) => product, () => null, bySuccess).get('Drill')!));
  });

  it('sort and paging: every sortable column, both ways, pages join up to the whole list', async () => {
    const all = (await ok('sales', { per_page: 500 })).data;
    for (const field of ['name', 'count', 'sum', 'cost_sum', 'prib', 'leads', 'poz'])
      for (const order of ['asc', 'desc'] as const) {
        const answer = await ok('sales', { sort: { field, order } });
        const values = answer.data.map((row: any) => row[field]);
        const sorted = [...values].sort((x, y) => (typeof x === 'string' ? x.localeCompare(y) : x - y) * (order === 'asc' ? 1 : -1));
        expect(values, `${field} ${order}`).toEqual(sorted);
      }
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(...(await ok('sales', { page, per_page: 1 })).data);
    expect(pages).toEqual(all);
    const past = await ok('sales', { page: 9, per_page: 1 });
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 3, last_page: 3 });
  });

  it('sales/products: the orders one product sold in, with their own figures', async () => {
    const answer = await ok('sales/products', { product_id: s.products.Drill });
    expect(answer.data.map((row: any) => row.name)).toEqual(['O2', 'O1']);
    expect(answer.data[0]).toMatchObject({ order_id: s.orders.O2, count: 3, sum: 270, cost_sum: 180, prib: 90, poz: 1, created_at: '2026-02-15T12:00:00Z' });
  });
});

describe('customer report: per company or contact, by responsible, drill-down', () => {
  it('grouped by company: company, its contacts, orders, sum, profit, responsible, positions — every cell and the totals', async () => {
    const answer = await ok('customers', { group_by: 'company' });
    const hand = groupBy((order) => order.company ?? '', (order) => order.contact, bySuccess);
    const expected = [...hand]
      .map(([company, acc]) => {
        const f = figuresOf(acc);
        return { company_id: company ? s.companies[company] : null, company: company || null, contact_id: null, contact: [...acc.others].sort().join(', ') || null, leads: f.leads, count: f.count, sum: f.sum, prib: f.prib, otv: otvOf(acc.responsible), poz: f.poz };
      })
      .sort((x, y) => y.sum - x.sum);
    expect(answer.group_by).toBe('company');
    expect(answer.data).toEqual(expected);
    expect((await ok('customers/total', { group_by: 'company' })).total).toEqual(totalOf(bySuccess));
  });

  it('grouped by contact: the contact, its companies and the same figures', async () => {
    const answer = await ok('customers', { group_by: 'contact', sort: { field: 'contact', order: 'asc' } });
    const hand = groupBy((order) => order.contact ?? '', (order) => order.company, bySuccess);
    const expected = [...hand]
      .map(([contact, acc]) => {
        const f = figuresOf(acc);
        return { company_id: null, company: [...acc.others].sort().join(', ') || null, contact_id: contact ? s.contacts[contact] : null, contact: contact || null, leads: f.leads, count: f.count, sum: f.sum, prib: f.prib, otv: otvOf(acc.responsible), poz: f.poz };
      })
      .sort((x, y) => (x.contact === null ? -1 : y.contact === null ? 1 : x.contact.localeCompare(y.contact)));
    expect(answer.data).toEqual(expected);
  });

  it('customers/responsible and customers/products (a company, and the orders with none)', async () => {
    const responsible = await ok('customers/responsible', {});
    const hand = groupBy((order) => order.responsible ?? '', () => null, bySuccess);
    expect(responsible.data).toEqual(
      [...hand].map(([who, acc]) => {
        const f = figuresOf(acc);
        return { user_id: who ? s.users[who as 'owner'].id : null, name: who ? s.users[who as 'owner'].name : null, leads: f.leads, count: f.count, sum: f.sum, prib: f.prib, poz: f.poz };
      }).sort((x, y) => y.sum - x.sum),
    );
    const acme = await ok('customers/products', { company_id: s.companies.Acme, sort: { field: 'name' } });
    const acmeHand = groupBy((_, product) => product, () => null, bySuccess, (order) => order.company === 'Acme');
    expect(acme.data).toEqual([...acmeHand].map(([product, acc]) => ({ product_id: s.products[product], name: product, ...figuresOf(acc) })).sort((x, y) => x.name.localeCompare(y.name)));
    const none = await ok('customers/products', { company_id: null });
    expect(none.data).toEqual([{ product_id: s.products.Saw, name: 'Saw', count: 4, sum: 40, cost_sum: 20, prib: 20, leads: 1, poz: 1 }]);
  });
});

describe('movement of goods: the ledger with its filters', () => {
  const rowOf = (movement: (typeof MOVEMENTS)[number]) => ({
    event_date: new Date(movement.date).toISOString(),
    event_type: movement.kind,
    product_id: s.products[movement.product],
    article_number: ARTICLES[movement.product],
    title: movement.product,
    party: movement.party,
    quantity: movement.quantity,
    cost_price: movement.cost,
    sum: money(lineCents(movement.cost, movement.quantity)),
    initial_warehouse: movement.from,
    final_warehouse: movement.to,
    user: movement.user ? s.users[movement.user].name : null,
    comment: movement.comment,
    // The seeded rows are written by hand, not by an order (ledgerComment.test.ts has an order's rows).
    order: null,
  });
  const money = (cents: number) => cents / 100;
  const totalOfRows = (rows: typeof MOVEMENTS) => ({ rows: rows.length, quantity: rows.reduce((sum, row) => sum + row.quantity, 0), sum: money(rows.reduce((sum, row) => sum + lineCents(row.cost, row.quantity), 0)) });

  it('every row, newest first, with types, users and warehouses for the filters and the total', async () => {
    const answer = await ok('movement/products', {});
    expect(answer.data.list.map(({ id, ...row }: any) => row)).toEqual([...MOVEMENTS].reverse().map(rowOf));
    expect(answer.total).toEqual(totalOfRows(MOVEMENTS));
    expect(answer.data.types).toEqual(expect.arrayContaining(['arrival', 'write_off', 'move', 'reserve', 'return']));
    expect(answer.data.users.map((user: any) => user.id).sort()).toEqual([s.users.owner.id, s.users.member.id].sort());
    expect(answer.data.whs).toEqual([{ id: s.warehouses.Main, name: 'Main' }, { id: s.warehouses.Depot, name: 'Depot' }]);
  });

  it('filters: event type, user, product, batch, warehouses, quantity, period — list and total follow', async () => {
    const cases: [object, (movement: (typeof MOVEMENTS)[number]) => boolean][] = [
      [{ event_types: ['move', 'write_off'] }, (m) => m.kind === 'move' || m.kind === 'write_off'],
      [{ user_ids: [s.users.owner.id] }, (m) => m.user === 'owner'],
      [{ product_ids: [s.products.Drill] }, (m) => m.product === 'Drill'],
      [{ product_batch: 'b-' }, (m) => m.party.toLowerCase().includes('b-')],
      [{ initial_warehouse_ids: [s.warehouses.Main] }, (m) => m.from === 'Main'],
      [{ final_warehouse_ids: [s.warehouses.Depot] }, (m) => m.to === 'Depot'],
      [{ quantity: { min: 1.5, max: 4 } }, (m) => m.quantity >= 1.5 && m.quantity <= 4],
      [{ period: { from: '2026-02-01', to: '2026-02-01' } }, (m) => m.date.startsWith('2026-02-01')],
    ];
    for (const [filter, keep] of cases) {
      const answer = await ok('movement/products', { filter });
      const rows = movementsBy(keep);
      expect(answer.data.list.map(({ id, ...row }: any) => row), JSON.stringify(filter)).toEqual([...rows].reverse().map(rowOf));
      expect(answer.total, JSON.stringify(filter)).toEqual(totalOfRows(rows));
    }
    // A LIKE wildcard in the batch text is taken literally.
    expect((await ok('movement/products', { filter: { product_batch: '%' } })).data.list).toEqual([]);
  });

  it('sort by quantity ascending and paging', async () => {
    const answer = await ok('movement/products', { sort: { field: 'quantity', order: 'asc' }, per_page: 2, page: 2 });
    expect(answer.data.list.map((row: any) => row.quantity)).toEqual([4, 10]);
    expect(answer.meta).toMatchObject({ current_page: 2, last_page: 2, total: 4 });
  });
});

describe('chart data: sums per day, month or year, in SQL', () => {
  it('total sales by month over a period: every month listed, empty ones as 0, sum and profit per month', async () => {
    const chart = await ok('chart', { interval: 'month', series: 'total', filter: { period: { from: '2025-11-01', to: '2026-03-31' } } });
    const month = (key: string) => {
      const all = totalOf(bySuccess, (order) => order.createdAt.startsWith(key));
      return [all.sum, all.prib];
    };
    expect(chart.labels).toEqual(['sum', 'prib']);
    expect(chart.points).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03'].map((period) => ({ period, values: month(period) })));
    const sales = await ok('sales/total', { filter: { period: { from: '2025-11-01', to: '2026-03-31' } } });
    expect(chart.points.reduce((sum: number, point: any) => sum + point.values[0] * 100, 0) / 100).toBe(sales.total.sum);
  });

  it('by days, by years; by clients and by products: one line per customer or product, summing to the total', async () => {
    const days = await ok('chart', { interval: 'day', filter: { period: { from: '2026-02-14', to: '2026-02-16' } } });
    expect(days.points).toEqual([
      { period: '2026-02-14', values: [0, 0] },
      { period: '2026-02-15', values: [270, 90] },
      { period: '2026-02-16', values: [0, 0] },
    ]);
    const years = await ok('chart', { interval: 'year' });
    expect(years.points.map((point: any) => point.period)).toEqual(['2025', '2026']);
    const clients = await ok('chart', { interval: 'year', series: 'clients' });
    const byCompany = groupBy((order) => order.company ?? '', () => null, bySuccess, (order) => order.createdAt.startsWith('2026'));
    expect(clients.labels.slice().sort()).toEqual(['', 'Acme', 'Beta']);
    const y2026 = clients.points.find((point: any) => point.period === '2026');
    for (const [company, acc] of byCompany) expect(y2026.values[clients.labels.indexOf(company)], company).toBe(figuresOf(acc).sum);
    const products = await ok('chart', { interval: 'month', series: 'products' });
    expect(products.labels).toEqual(['Drill', 'Saw', 'Hammer']);
  });
});

describe('autocomplete, templates, bad input, isolation and rights', () => {
  it('analytics/autocomplete/{field}: the account’s own values containing the text', async () => {
    const get = async (field: string, q: string) => (await server.call('GET', `analytics/autocomplete/${field}`, { token: a.token, query: { q } })).body;
    expect(await get('product', 'dri')).toEqual([{ id: s.products.Drill, name: 'Drill' }]);
    expect(await get('product', 'SW-')).toEqual([{ id: s.products.Saw, name: 'Saw' }]);
    expect(await get('company', 'ac')).toEqual([{ id: s.companies.Acme, name: 'Acme' }]);
    expect(await get('stage', 'shipp')).toEqual([{ id: s.stages.otherSuccess, name: 'Wholesale: Shipped' }]);
    expect(await get('warehouse', 'dep')).toEqual([{ id: s.warehouses.Depot, name: 'Depot' }]);
    expect(await get('event_type', 'write')).toEqual([{ id: 0, name: 'write_off' }]);
    expect((await get('responsible', '')).map((row: any) => row.id).sort()).toEqual([s.users.owner.id, s.users.member.id].sort());
    expect((await server.call('GET', 'analytics/autocomplete/passwords', { token: a.token })).status).toBe(400);
  });

  it('templates: saved under a name, listed, opened, replaced by the same name, deleted', async () => {
    const settings = { filter: { company_ids: [s.companies.Acme], period: { from: '2026-01-01', to: '2026-03-31' } }, group_by: 'contact', preset: 'quarter', interval: 'month' };
    const saved = await ok('templates/save', { name: ' Acme quarter ', report: 'customers', settings });
    expect(saved).toMatchObject({ name: 'Acme quarter', report: 'customers', settings });
    const again = await ok('templates/save', { name: 'Acme quarter', report: 'sales', settings: { preset: 'year' } });
    expect(again.id).toBe(saved.id);
    expect((await server.call('GET', 'analytics/templates', { token: a.token })).body).toEqual([again]);
    expect((await server.call('GET', 'analytics/templates/get', { token: a.token, query: { id: saved.id } })).body).toEqual(again);
    // Another account neither sees nor opens nor deletes it.
    expect((await server.call('GET', 'analytics/templates', { token: b.token })).body).toEqual([]);
    expect((await server.call('GET', 'analytics/templates/get', { token: b.token, query: { id: saved.id } })).status).toBe(404);
    expect((await post('templates/delete', { id: saved.id }, b.token)).status).toBe(404);
    // A template naming another account's company is refused when saved.
    expect((await post('templates/save', { name: 'x', report: 'sales', settings: { filter: { company_ids: [bSeed.companies.Acme] } } })).status).toBe(400);
    expect(await ok('templates/delete', { id: saved.id })).toEqual({ success: true });
    expect((await server.call('GET', 'analytics/templates', { token: a.token })).body).toEqual([]);
  });

  it('bad input is a clear 400 naming the problem, never a 5xx', async () => {
    const cases: [string, object, string | RegExp][] = [
      ['sales', { filter: { period: { from: '2026-03-01', to: '2026-02-01' } } }, PERIOD_INVERTED],
      ['sales', { filter: { period: { from: '2026-02-30', to: '2026-03-01' } } }, /period/],
      ['customers', { filter: { period: { from: '1900-01-01', to: '2026-03-01' } } }, PERIOD_ABSURD],
      ['chart', { filter: { period: { from: '2026-01-01', to: '9999-12-31' } } }, PERIOD_ABSURD],
      ['movement/products', { filter: { period: { from: 'yesterday', to: '2026-03-01' } } }, /period/],
      ['sales', { filter: { product_ids: [bSeed.products.Drill] } }, `Unknown product_ids: ${bSeed.products.Drill}`],
      ['customers', { filter: { company_ids: [2_000_000_000] } }, 'Unknown company_ids: 2000000000'],
      ['movement/products', { filter: { initial_warehouse_ids: [bSeed.warehouses.Main] } }, /Unknown initial_warehouse_ids/],
      ['movement/products', { filter: { user_ids: [bSeed.users.owner.id] } }, /Unknown user_ids/],
      ['sales', { filter: { stage_ids: [bSeed.stages.success] } }, /Unknown stage_ids/],
      ['sales', { per_page: 100_000 }, /per_page/],
      ['sales', { page: 0 }, /page/],
      ['sales', { page: 1e9 }, /page/],
      ['sales', { sort: { field: 'password' } }, /field/],
      ['sales', { filter: { quantity: { min: 5, max: 1 } } }, /quantity/],
      ['sales/products', { product_id: bSeed.products.Drill }, /Unknown product_ids/],
      ['customers/products', { company_id: bSeed.companies.Acme }, /Unknown company_ids/],
      ['chart', { interval: 'week' }, /interval/],
      ['movement/products', { filter: { event_types: ['theft'] } }, 'Unknown event_types: theft'],
    ];
    for (const [path, body, message] of cases) {
      const answer = await post(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(JSON.stringify(answer.body), `${path} ${JSON.stringify(body)}`).toMatch(message);
    }
  });

  it('isolation: account B’s orders and ledger never reach A’s reports; B sees only its own', async () => {
    const aSales = await ok('sales/total', {});
    const bSales = await ok('sales/total', {}, b.token);
    expect(aSales.total).toEqual(totalOf(bySuccess));
    expect(bSales.total).toEqual(totalOf(bySuccess));
    const aMovement = await ok('movement/products', {});
    expect(aMovement.data.list.every((row: any) => Object.values(s.products).includes(row.product_id))).toBe(true);
    expect(aMovement.data.whs.map((warehouse: any) => warehouse.id)).not.toContain(bSeed.warehouses.Main);
    expect(aMovement.data.users.map((user: any) => user.id)).not.toContain(bSeed.users.member.id);
    expect((await server.call('GET', 'analytics/autocomplete/product', { token: a.token, query: { q: '' } })).body.map((row: any) => row.id).sort()).toEqual(Object.values(s.products).sort());
  });

  it('rights: only the account’s staff — no token is refused; a plain member reads the reports', async () => {
    // No token: 403, the app's 'not signed in' (rights refusals are 422 so as not to sign a member out).
    expect((await server.call('POST', 'analytics/sales', { body: {} })).status).toBe(403);
    expect((await server.call('POST', 'analytics/sales', { body: {}, token: 'not-a-token' })).status).toBe(403);
    expect((await ok('sales/total', {}, s.member.token)).total).toEqual(totalOf(bySuccess));
  });
});

describe('export as a task: the file carries the filters at the top and the report below', () => {
  const until = async <T>(what: () => Promise<T | undefined>, ms = 20_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const value = await what();
      if (value) return value;
      if (Date.now() > end) throw new Error('timed out waiting for the task');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const exported = async (type: string, body: object) => {
    const started = await ok(`${type}/export/xlsx`, body);
    expect(started.message).toBe('The export has started. You will find the file in the task list.');
    await until(async () => ((await server.call('GET', 'task/list', { token: a.token })).body as any[]).find((task) => task.id === started.task_id && task.status === 1));
    const file = await server.app.inject({ method: 'GET', url: `/api/task/file?id=${started.task_id}`, headers: { authorization: `Bearer ${a.token}` } });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('sales: the filter lines (report, period, counted stages, companies), the header, every product row and the total', async () => {
    const filter = { period: { from: '2026-01-01', to: '2026-03-31' }, company_ids: [s.companies.Acme] };
    const rows = await exported('sales', { filter });
    expect(rows.slice(0, 4)).toEqual([
      ['Report', 'Sales report'],
      ['Period', '2026-01-01 – 2026-03-31'],
      ['Counted stages', expect.stringContaining(`${s.stages.otherPipelineName}: ${s.stages.otherName}`)],
      ['Companies', 'Acme'],
    ]);
    expect(rows[4]).toEqual(['Product', 'Quantity', 'Sum', 'Cost', 'Profit', 'Orders', 'Positions']);
    const screen = await ok('sales', { filter });
    expect(rows.slice(5, 5 + screen.data.length)).toEqual(screen.data.map((row: any) => [row.name, row.count, row.sum, row.cost_sum, row.prib, row.leads, row.poz]));
    const total = (await ok('sales/total', { filter })).total;
    expect(rows[5 + screen.data.length]).toEqual(['Total', total.count, total.sum, total.cost_sum, total.prib, total.leads, total.poz]);
  });

  it('movement: the filters and every ledger row as the screen lists it', async () => {
    const filter = { event_types: ['arrival', 'move'], initial_warehouse_ids: [s.warehouses.Main] };
    const rows = await exported('movement', { filter });
    expect(rows.slice(0, 4)).toEqual([
      ['Report', 'Movement of goods'],
      ['Period', 'All time'],
      ['From warehouses', 'Main'],
      ['Events', 'arrival, move'],
    ]);
    expect(rows.slice(5)).toEqual([
      [new Date(MOVEMENTS[1].date).toISOString(), 'move', 'DR-1', 'Drill', 'B-1', 4, 60, 240, 'Main', 'Depot', s.users.member.name, ''],
      // The total row: the rows' quantity and sum under their columns.
      ['Total', undefined, undefined, undefined, undefined, 4, undefined, 240],
    ]);
  });

  it('an export with a bad filter is refused at once (400), no task started', async () => {
    expect((await post('customers/export/xlsx', { filter: { period: { from: '2026-03-01', to: '2026-01-01' } } })).status).toBe(400);
  });
});
