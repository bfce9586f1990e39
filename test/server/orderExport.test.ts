import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderListRequest } from '../../src/contract/orders';
import { companies, contacts, orders, pipelines, pipelineStatuses } from '../../server/db/schema';
import { XLSX_TYPE } from '../../server/http/downloads';
import { exportOrders } from '../../server/modules/orderExport/service';
import { ensureDebianPackage } from '../support/debianPackage';
import { settingUp, type TestAccount, unique, useTestServer } from './harness';

/**
 * orders/export, read back by LibreOffice: the workbook is converted to CSV by `soffice` (as a person
 * opening it would see it, formulas evaluated), so the test proves what a spreadsheet shows — the
 * right rows, numbers as numbers, and names that look like formulas shown literally, never evaluated.
 */
const server = useTestServer();


/**
 * CSV export options of LibreOffice: comma, double quote, UTF-8, from row 1, default column formats,
 * default language, quote all text cells, (import-only flag), save cell contents as shown. Quoting
 * every text cell (and no number) lets the test tell a text '-2' from a number -2.
 */
const CSV_FILTER = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,true';

let work: string;

beforeAll(() => {
  // Never skipped: LibreOffice is installed when missing (as root), else this file fails with the one line that says how.
  ensureDebianPackage('/usr/bin/soffice', 'libreoffice-calc-nogui', 'LibreOffice');
  work = mkdtempSync(join(tmpdir(), 'stockroom-export-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

interface CsvField {
  text: string;
  /** LibreOffice quotes every text cell (CSV_FILTER) and no number or date. */
  quoted: boolean;
}

/** RFC 4180 CSV, keeping whether each field was quoted. */
function parseCsv(text: string): CsvField[][] {
  const rows: CsvField[][] = [];
  let row: CsvField[] = [];
  let index = 0;
  const body = text.replace(/^\ufeff/, '');
  while (index < body.length) {
    let field = '';
    let quoted = false;
    if (body[index] === '"') {
      quoted = true;
      index += 1;
      for (;;) {
        const quote = body.indexOf('"', index);
        if (quote < 0) throw new Error('unterminated quoted CSV field');
        field += body.slice(index, quote);
        if (body[quote + 1] === '"') {
          field += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
    } else {
      const end = body.slice(index).search(/[,\r\n]/);
      field = end < 0 ? body.slice(index) : body.slice(index, index + end);
      index = end < 0 ? body.length : index + end;
    }
    row.push({ text: field, quoted });
    if (body[index] === ',') {
      index += 1;
      continue;
    }
    if (body[index] === '\r') index += 1;
    if (body[index] === '\n') index += 1;
    rows.push(row);
    row = [];
  }
  return rows;
}

/** Converts workbooks to CSV with LibreOffice (its own profile folder, so parallel runs never share one) and parses them. */
function libreOfficeCsv(...files: string[]): CsvField[][][] {
  const outDir = mkdtempSync(join(work, 'csv-'));
  const profile = `file://${join(work, 'lo-profile')}`;
  const result = spawnSync('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', CSV_FILTER, '--outdir', outDir, ...files], {
    encoding: 'utf8',
    timeout: 180_000,
    // The display locale decides '1,049.50' or '1 049,50': fix it, whatever the machine's.
    env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
  });
  if (result.error) throw new Error(`soffice failed: ${result.error.message}`);
  return files.map((file) => {
    const csv = join(outDir, basename(file).replace(/\.xlsx$/, '.csv'));
    try {
      return parseCsv(readFileSync(csv, 'utf8'));
    } catch (error) {
      throw new Error(`soffice wrote no ${csv} (exit ${result.status}): ${result.stderr || result.stdout} ${String(error)}`);
    }
  });
}

/** Calls orders/export and keeps the answer as a file in the work folder. */
async function exportTo(account: TestAccount, body: unknown, name: string) {
  const response = await server.app.inject({ method: 'POST', url: '/api/orders/export', headers: { authorization: `Bearer ${account.token}` }, payload: body as object });
  const file = join(work, name);
  writeFileSync(file, response.rawPayload);
  return { response, file };
}

const HEADER = ['ID', 'Name', 'Pipeline', 'Stage', 'CRM status', 'Created (UTC)', 'Updated (UTC)', 'Responsible', 'Contact', 'Company', 'Sum', 'Cost price', 'Profit', 'Currency'];
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const FORMULA_LIKE = ['=HYPERLINK("http://x")', '+1+1', '-2', '@SUM(A1)', '=1+1', '-A1*2'];

/** An account with a main warehouse and a product holding 10 units (cost 40, retail price 100), as in the orders suite. */
async function stocked() {
  const account = await server.newAccount();
  const post = settingUp(server, account.token);
  const main = await post('warehouse/add', { name: 'Main' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100, nds: 20 } } });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  return { account, main, product, post };
}

describe('orders/export', () => {
  it('answers an xlsx of every order with its columns; LibreOffice shows numbers as numbers and formula-like names as literal text', { timeout: 240_000 }, async () => {
    const { account, main, product, post } = await stocked();
    const { db } = server.database;
    const [contact] = await db.insert(contacts).values({ accountId: account.id, name: 'Ann Buyer' }).returning();
    const [company] = await db.insert(companies).values({ accountId: account.id, name: '=Evil Corp' }).returning();

    const alpha = await post('orders/add', { name: 'Alpha, "the first"', contact_id: contact.id, company_id: company.id });
    await post('orders/product/add', { order_id: alpha.id, product: `${product.id}%%%${main.code}`, quantity: 2 });
    const tricky = [];
    for (const name of FORMULA_LIKE) tricky.push(await post('orders/add', { name }));
    const unnamed = await post('orders/add', { name: '' });
    const deal = await post('orders/add', { lead_id: 424242, name: 'From the CRM' });

    const { response, file } = await exportTo(account, {}, 'orders.xlsx');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // A control workbook with real formulas, converted in the same run: it proves the conversion evaluates
    // formulas, so literal text in the export really means 'not a formula'.
    const control = new ExcelJS.Workbook();
    control.addWorksheet('control').addRow([{ formula: '1+1' }, { formula: 'HYPERLINK("http://x")' }]);
    const controlFile = join(work, 'control.xlsx');
    await control.xlsx.writeFile(controlFile);

    const [rows, controlRows] = libreOfficeCsv(file, controlFile);
    expect(controlRows[0].map((field) => field.text)).toEqual(['2', 'http://x']);

    expect(rows[0].map((field) => field.text)).toEqual(HEADER);
    const body = rows.slice(1);
    expect(body).toHaveLength(2 + FORMULA_LIKE.length + 1);
    // Newest first, as the orders page lists them.
    expect(body.map((row) => Number(row[0].text))).toEqual([deal.id, unnamed.id, ...tricky.map((order) => order.id).reverse(), alpha.id]);
    const byId = new Map(body.map((row) => [Number(row[0].text), row]));

    const first = byId.get(alpha.id)!;
    expect(first.map((field) => field.text)).toEqual([
      String(alpha.id),
      'Alpha, "the first"',
      'Main pipeline',
      'New',
      '',
      expect.stringMatching(DATE_TIME),
      expect.stringMatching(DATE_TIME),
      'Owner',
      'Ann Buyer',
      '=Evil Corp',
      '200.00',
      '80.00',
      '120.00',
      'RUB',
    ]);
    // Numbers (id, sum, cost price, profit) and dates are numbers; the texts are text cells.
    expect(first.map((field) => field.quoted)).toEqual([false, true, true, true, false, false, false, true, true, true, false, false, false, true]);

    for (const [index, order] of tricky.entries()) {
      const name = byId.get(order.id)![1];
      expect(name, `the name ${FORMULA_LIKE[index]}`).toEqual({ text: FORMULA_LIKE[index], quoted: true });
    }
    expect(byId.get(unnamed.id)![1]).toEqual({ text: `New order #${unnamed.id}`, quoted: true });
    const crm = byId.get(deal.id)!.map((field) => field.text);
    expect(crm.slice(1, 5)).toEqual(['From the CRM', '', '', 'Opened']);
  });

  it("exports every matching order, page after page (the list's filter and sort; page and per_page ignored), and only the caller's account", { timeout: 240_000 }, async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const { db } = server.database;
    const [system] = await db.select().from(pipelines).where(and(eq(pipelines.accountId, account.id), eq(pipelines.isSystem, true)));
    const [stage] = await db.select().from(pipelineStatuses).where(eq(pipelineStatuses.pipelineId, system.id)).orderBy(pipelineStatuses.sort).limit(1);
    const COUNT = 1_050;
    const rows = Array.from({ length: COUNT }, (_, index) => ({
      accountId: account.id,
      name: `Bulk ${String(index + 1).padStart(4, '0')}`,
      pipelineId: system.id,
      statusId: stage.id,
      sum: String(index + 0.5),
      costPrice: '0.25',
      profit: String(index + 0.25),
    }));
    await db.insert(orders).values(rows);
    await db.insert(orders).values({ accountId: account.id, name: 'Other order', pipelineId: system.id, statusId: stage.id });
    const foreign = unique('Bulk foreign');
    await server.call('POST', 'orders/add', { token: other.token, body: { name: foreign } });

    // (Cast: the static type of OrderListRequest's sort.field is `never` — OrderSortField is a Union over a mapped array.)
    const request = { page: 3, per_page: 5, filter: { search: 'Bulk' }, sort: { field: 'name', order: 'asc' } } as unknown as OrderListRequest;
    const { response, file } = await exportTo(account, request, 'bulk.xlsx');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    // The same export read in pages of 400 (three queries), as 50,000 orders are read in pages of EXPORT_PAGE_SIZE.
    const actor = { accountId: account.id, account: { id: account.id, isKommo: false }, userId: account.ownerId, isKommo: false, public: false };
    const paged = join(work, 'bulk-paged.xlsx');
    const failures: unknown[] = [];
    await pipeline(await exportOrders(db, actor, request, (error) => failures.push(error), 400), createWriteStream(paged));
    expect(failures).toEqual([]);

    const [csv, pagedCsv] = libreOfficeCsv(file, paged);
    expect(pagedCsv).toEqual(csv);
    const names = csv.slice(1).map((row) => row[1].text);
    expect(names).toHaveLength(COUNT);
    expect(names[0]).toBe('Bulk 0001');
    expect(names[COUNT - 1]).toBe(`Bulk ${COUNT}`);
    expect(new Set(names).size).toBe(COUNT);
    expect(names).not.toContain('Other order');
    expect(names).not.toContain(foreign);
    const last = csv[COUNT];
    // Sum 1049.5, cost price 0.25, profit 1049.25 in the money format (#,##0.00).
    expect(last.slice(10, 14).map((field) => field.text)).toEqual(['1,049.50', '0.25', '1,049.25', 'RUB']);
    console.log(`orders/export: ${COUNT} orders → ${statSync(file).size} bytes of xlsx`);
  });

  it('a malformed filter is refused with 400 and { error }; an account without orders gets a workbook with the header only', async () => {
    const account = await server.newAccount();
    const bad = await server.call('POST', 'orders/export', { token: account.token, body: { filter: { pipeline_id: 'all' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Invalid request/);
    const empty = await exportTo(account, {}, 'empty.xlsx');
    expect(empty.response.statusCode, empty.response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(empty.file);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(1);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
  });

  it("export follows the tariff: 'start' (no import/export) is refused with 422 and no file; 'business' exports", async () => {
    const start = await server.newAccount({ tariff: 'start' });
    const refused = await server.call('POST', 'orders/export', { token: start.token, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('Import and export are not included in the Start plan. Choose a larger tariff to use them.');
    const business = await server.newAccount({ tariff: 'business' });
    const allowed = await server.app.inject({ method: 'POST', url: '/api/orders/export', headers: { authorization: `Bearer ${business.token}` }, payload: {} });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toBe(XLSX_TYPE);
  });
});
