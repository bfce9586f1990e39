import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importUploads, products } from '../../../server/db/schema';
import { FORMULA } from '../../../server/modules/import/cells';
import { headerless, NO_ROWS, tooManyRows } from '../../../server/modules/import/file';
import { EMPTY_FILE, NOT_A_SPREADSHEET, PASSWORD_PROTECTED, tooManyColumns } from '../../../server/modules/import/sheet';
import { FILE_TOO_LARGE } from '../../../server/modules/import/uploads';
import { solidPng } from '../../support/png';
import { useTestServer } from '../harness';
import { csv, importFile, multipart, newRun, settingsOf, shop, upload, xlsx } from './support';

/**
 * Bad files (issue 14 §3): each gets a clear message naming what to change, never a crash (no 5xx), and nothing is
 * written — neither products nor, for a file refused at upload, the upload itself.
 */
const server = useTestServer();
const db = () => server.database.db;

/** An OLE compound file's first sector (the container of .xls and of password-protected .xlsx), with one directory name. */
function compoundFile(streamName: string): Buffer {
  const bytes = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  Buffer.from(streamName, 'utf16le').copy(bytes, 1024);
  return bytes;
}

async function refusedAtUpload(name: string, data: Buffer, status = 400) {
  const { account } = await shop(server);
  const answer = await upload(server, account.token, name, data);
  expect(answer.status).toBe(status);
  expect(await db().select().from(importUploads).where(eq(importUploads.accountId, account.id))).toEqual([]);
  return answer.body.error;
}

describe('bad files are refused at upload with a clear message, nothing stored', () => {
  it('not a spreadsheet: an image named .xlsx, binary bytes named .csv', async () => {
    expect(await refusedAtUpload('photo.xlsx', solidPng(4, 4, [1, 2, 3]))).toBe(NOT_A_SPREADSHEET);
    expect(await refusedAtUpload('data.csv', Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 0, 0, 9]))).toBe(NOT_A_SPREADSHEET);
    expect(NOT_A_SPREADSHEET).toMatch(/\.xlsx.*\.csv/);
  });

  it('empty: no bytes, an empty workbook, a header with no rows', async () => {
    expect(await refusedAtUpload('empty.csv', Buffer.alloc(0))).toBe(EMPTY_FILE);
    expect(await refusedAtUpload('empty.xlsx', await xlsx([]))).toBe(EMPTY_FILE);
    expect(await refusedAtUpload('header.xlsx', await xlsx([['Name', 'Price']]))).toBe(NO_ROWS);
  });

  it('a password-protected workbook is named for what it is (an .xls is read: oldExcel.test.ts)', async () => {
    expect(await refusedAtUpload('secret.xlsx', compoundFile('EncryptedPackage'))).toBe(PASSWORD_PROTECTED);
  });

  it('merged header cells: a column with values but no header of its own', async () => {
    const file = await xlsx([['Name and article', null, 'Price'], ['Hammer', 'H-1', 5]], (sheet) => sheet.mergeCells('A1:B1'));
    expect(await refusedAtUpload('merged.xlsx', file)).toBe(headerless(1));
  });

  it('10,000 columns', async () => {
    const wide = Array.from({ length: 10_000 }, (_, index) => `C${index}`);
    expect(await refusedAtUpload('wide.xlsx', await xlsx([wide, wide]))).toBe(tooManyColumns(10_000));
    expect(await refusedAtUpload('wide.csv', csv([wide, wide]))).toBe(tooManyColumns(10_000));
  }, 60_000);

  it('a 50 MB file (413, the limit named)', async () => {
    const error = await refusedAtUpload('huge.csv', Buffer.alloc(50 * 1024 * 1024, 'a,b\n'), 413);
    expect(error).toBe(FILE_TOO_LARGE);
    expect(error).toMatch(/25 MB/);
  }, 60_000);
});

describe('bad cells are wrong rows (row, column, reason) and stop the import: nothing written', () => {
  it('formulas', async () => {
    const { account } = await shop(server);
    const file = await xlsx([['Name', 'Price'], ['Hammer', { formula: '2*3', result: 6 }]]);
    const { outcome } = await importFile(server, account, 'formulas.xlsx', file);
    expect(outcome.error).toMatch(/Wrong rows: 1, so nothing was imported/);
    const dry = await dryRun(account.token, 'formulas.xlsx', file);
    expect(dry.wrong_rows).toEqual([{ row: 2, column: 'Price', message: FORMULA, code: 'importFormula' }]);
    expect(await db().select().from(products).where(eq(products.accountId, account.id))).toEqual([]);
  });

  it('text in number columns (price, quantity, a number field)', async () => {
    const { account } = await shop(server);
    const file = await xlsx([['Name', 'Price', 'Quantity', 'Weight'], ['Hammer', 'cheap', 'ten', '1,5 kg'], ['Saw', '1 234,50', '2', '0,5']]);
    const dry = await dryRun(account.token, 'text.xlsx', file);
    expect(dry.counts).toMatchObject({ added: 1, wrong: 1 });
    expect(dry.wrong_rows.map((row: { column: string }) => row.column)).toEqual(['Price', 'Quantity', 'Weight']);
    const { outcome } = await importFile(server, account, 'text.xlsx', file);
    expect(outcome.error).toMatch(/nothing was imported/);
    expect(await db().select().from(products).where(eq(products.accountId, account.id))).toEqual([]);
  });

  it('dates in three formats (a date cell, 2025-01-31, 31.01.2025) are one date; a slashed date is refused as ambiguous', async () => {
    const { account } = await shop(server);
    const file = await xlsx([['Name', 'Made'], ['A', new Date(Date.UTC(2025, 0, 31))], ['B', '2025-01-31'], ['C', '31.01.2025'], ['D', '01/31/2025']]);
    const dry = await dryRun(account.token, 'dates.xlsx', file);
    expect(dry.wrong_rows).toEqual([
      { row: 5, column: 'Made', message: '“01/31/2025” is not a date. Write dates as 2025-01-31 or 31.01.2025, or as a date cell.', code: 'importNotADate', params: { text: '01/31/2025' } },
    ]);
    const { outcome } = await importFile(server, account, 'dates.xlsx', file, { skip_wrong: true });
    expect(outcome.counts).toMatchObject({ added: 3, wrong: 1 });
    const rows = await db().select().from(products).where(eq(products.accountId, account.id));
    expect(rows.map((row) => row.values.made)).toEqual(['2025-01-31', '2025-01-31', '2025-01-31']);
  });

  it('more rows than the setting allows: the message names the number, nothing written', async () => {
    const { account } = await shop(server);
    const uploaded = await upload(server, account.token, 'many.xlsx', await xlsx([['Name'], ['A'], ['B'], ['C'], ['D']]));
    const outcome = await newRun(server, account, uploaded.body.upload_id, settingsOf(uploaded.body.mapping), { maxRows: 3 }).run();
    expect(outcome.error).toBe(tooManyRows(3));
    expect(tooManyRows(100_000)).toMatch(/at most 100,000 products/);
    expect(server.app.ctx.config.importMaxRows).toBe(100_000);
    expect(await db().select().from(products).where(eq(products.accountId, account.id))).toEqual([]);
  });

  it('a request that is not multipart is a 400, not a crash', async () => {
    const { account } = await shop(server);
    const plain = await server.call('POST', 'product/import/preprocessing', { token: account.token, body: { file: 'x' } });
    expect(plain.status).toBe(400);
    const { payload, contentType } = multipart('x.csv', Buffer.from('Name\nA\n'));
    const noFile = await server.app.inject({ method: 'POST', url: '/api/product/import/preprocessing', headers: { authorization: `Bearer ${account.token}`, 'content-type': contentType }, payload: payload.subarray(0, 40) });
    expect(noFile.statusCode).toBeLessThan(500);
  });
});

async function dryRun(token: string, name: string, file: Buffer) {
  const uploaded = await upload(server, token, name, file);
  const answer = await server.call('POST', 'product/import/dry-run', { token, body: { upload_id: uploaded.body.upload_id, settings: settingsOf(uploaded.body.mapping) } });
  expect(answer.status).toBe(200);
  return answer.body;
}
