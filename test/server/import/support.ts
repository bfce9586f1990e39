import ExcelJS from 'exceljs';
import type { ImportColumn, ImportPreprocessing, ImportSettings } from '../../../src/contract/import';
import { fields, warehouses } from '../../../server/db/schema';
import { runImport } from '../../../server/modules/import/run';
import type { TaskOutcome } from '../../../server/modules/tasks/api';
import type { TestAccount, TestServer } from '../harness';

/** Shared set-up of the import tests: files made in the test, the upload call, and the task run directly. */

export type Row = (string | number | boolean | Date | { formula: string; result?: number } | null)[];

export async function xlsx(rows: Row[], prepare?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  prepare?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const csv = (rows: (string | number)[][], delimiter = ';') => Buffer.from(rows.map((row) => row.map((cell) => (/[";\n,]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell))).join(delimiter)).join('\r\n'));

export function multipart(name: string, data: Buffer) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(server: TestServer, token: string, name: string, data: Buffer): Promise<{ status: number; body: ImportPreprocessing & { error?: string } }> {
  const { payload, contentType } = multipart(name, data);
  const response = await server.app.inject({ method: 'POST', url: '/api/product/import/preprocessing', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json() };
}

export interface Shop {
  account: TestAccount;
  mainId: number;
  otherId: number;
}

/** An account with a main and a second warehouse, a price type 'price', and custom fields colour (text), weight (number), made (date). */
export async function shop(server: TestServer): Promise<Shop> {
  const account = await server.newAccount();
  const db = server.database.db;
  const [main] = await db.insert(warehouses).values({ accountId: account.id, name: 'Main', code: 'main', isMain: true }).returning();
  const [other] = await db.insert(warehouses).values({ accountId: account.id, name: 'Shop', code: 'shop' }).returning();
  await db.insert(fields).values([
    { accountId: account.id, entity: 'product', code: 'price', name: 'Price', type: 11, sort: 1 },
    { accountId: account.id, entity: 'product', code: 'colour', name: 'Colour', type: 3, sort: 2 },
    { accountId: account.id, entity: 'product', code: 'weight', name: 'Weight', type: 2, sort: 3 },
    { accountId: account.id, entity: 'product', code: 'made', name: 'Made', type: 7, sort: 4 },
  ]);
  return { account, mainId: main.id, otherId: other.id };
}

export const settingsOf = (mapping: ImportColumn[], choices: Partial<ImportSettings> = {}): ImportSettings => ({ mapping, mode: 'add_update', compare: 'name_article', ...choices });

export function newRun(server: TestServer, account: TestAccount, uploadId: string, settings: ImportSettings, options: { signal?: AbortSignal; maxRows?: number; lang?: string } = {}) {
  const progress: [number, number][] = [];
  const run = (): Promise<TaskOutcome> =>
    runImport({
      db: server.database.db,
      config: { ...server.app.ctx.config, ...(options.maxRows !== undefined && { importMaxRows: options.maxRows }) },
      accountId: account.id,
      userId: account.ownerId,
      taskId: 1,
      payload: { uploadId, settings, ...(options.lang && { lang: options.lang }) },
      progress: async (done, total) => {
        progress.push([done, total]);
      },
      signal: options.signal ?? new AbortController().signal,
    });
  return { run, progress };
}

/** Uploads a file and runs the import with its proposed mapping (and any choices). */
export async function importFile(server: TestServer, account: TestAccount, name: string, data: Buffer, choices: Partial<ImportSettings> = {}) {
  const uploaded = await upload(server, account.token, name, data);
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const settings = settingsOf(uploaded.body.mapping, choices);
  return { uploaded: uploaded.body, settings, outcome: await newRun(server, account, uploaded.body.upload_id, settings).run() };
}
