import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { useTestServer, type TestAccount } from '../harness';
import { seedAnalytics, type Seeded } from './seed';

/**
 * Analytics exports in the user's language (issue 16): the sheet name, the filter lines, the column headings and the
 * total row of the file are in the language of the user who started the export (users.lang), read back from the xlsx;
 * the same account exports the same numbers either way.
 */
const server = useTestServer();
let a: TestAccount;
let s: Seeded;

beforeAll(async () => {
  a = await server.newAccount();
  s = await seedAnalytics(server, a);
});

async function exported(lang: 'en' | 'ru', type: string, body: object) {
  await server.database.db.update(users).set({ lang }).where(eq(users.id, a.ownerId));
  const started = await server.call('POST', `analytics/${type}/export/xlsx`, { token: a.token, body });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  for (const end = Date.now() + 20_000; ; ) {
    const list = (await server.call('GET', 'task/list', { token: a.token })).body as { id: number; status: number }[];
    if (list.find((task) => task.id === started.body.task_id && task.status === 1)) break;
    if (Date.now() > end) throw new Error('timed out waiting for the export');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const file = await server.app.inject({ method: 'GET', url: `/api/task/file?id=${started.body.task_id}`, headers: { authorization: `Bearer ${a.token}` } });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet: workbook.worksheets[0].name, rows };
}

describe('export headings in the user’s language', () => {
  for (const [lang, texts] of [
    ['ru', ru.analyticsExport],
    ['en', en.analyticsExport],
  ] as const) {
    it(`${lang}: the customer report's sheet, filter lines, headings and total row`, async () => {
      const filter = { period: { from: '2026-01-01', to: '2026-03-31' }, company_ids: [s.companies.Acme] };
      const { sheet, rows } = await exported(lang, 'customers', { filter, group_by: 'contact' });
      expect(sheet).toBe(texts.customerReport);
      expect(rows.slice(0, 5)).toEqual([
        [texts.report, texts.customerReport],
        [texts.period, '2026-01-01 – 2026-03-31'],
        [texts.countedStages, expect.stringMatching(new RegExp(`^${texts.successStages}`))],
        [texts.grouping, texts.byContact],
        [texts.companies, 'Acme'],
      ]);
      expect(rows[5]).toEqual([texts.colContact, texts.colCompany, texts.colOrders, texts.colSum, texts.colProfit, texts.colResponsible, texts.colPositions]);
      expect(rows.at(-1)?.[0]).toBe(texts.total);
    });

    it(`${lang}: the movement report's headings`, async () => {
      const { sheet, rows } = await exported(lang, 'movement', { filter: { event_types: ['arrival'] } });
      expect(sheet).toBe(texts.movement);
      expect(rows[0]).toEqual([texts.report, texts.movement]);
      expect(rows[1]).toEqual([texts.period, texts.allTime]);
      expect(rows[2]).toEqual([texts.events, 'arrival']);
      expect(rows[3]).toEqual([texts.colDate, texts.colEvent, texts.colArticle, texts.colTitle, texts.colBatch, texts.colQuantity, texts.colCostPrice, texts.colSum, texts.colFromWarehouse, texts.colToWarehouse, texts.colUser, texts.colComment]);
    });
  }

  it('the Russian headings are Russian (not the English ones copied)', () => {
    for (const key of Object.keys(en.analyticsExport) as (keyof typeof en.analyticsExport)[]) expect(ru.analyticsExport[key], key).not.toBe(en.analyticsExport[key]);
    expect(ru.analyticsExport.colProduct).toBe('Товар');
  });
});
