import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUploads, products } from '../../../server/db/schema';
import { XLS_NEEDS_OFFICE, XLS_NOT_READ } from '../../../server/modules/import/sheet';
import { ensureDebianPackage } from '../../support/debianPackage';
import { useTestServer } from '../harness';
import { importFile, shop, upload, xlsx } from './support';

/**
 * Issue 14 §3: an old Excel workbook (.xls, Excel 97–2003) is imported like an xlsx — read through LibreOffice Calc —
 * and one that cannot be read, or a server without LibreOffice, gets a clear message and keeps nothing.
 */
const server = useTestServer();

let work: string;
beforeAll(() => {
  ensureDebianPackage('/usr/bin/soffice', 'libreoffice-calc-nogui', 'LibreOffice');
  work = mkdtempSync(join(tmpdir(), 'stockroom-xls-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A real .xls: the xlsx saved by LibreOffice Calc with its 'MS Excel 97' filter, as a shop's old files are. */
async function oldExcel(rows: (string | number | null)[][]): Promise<Buffer> {
  writeFileSync(join(work, 'goods.xlsx'), await xlsx(rows));
  execFileSync('/usr/bin/soffice', [`-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`, '--headless', '--norestore', '--convert-to', 'xls:MS Excel 97', '--outdir', work, join(work, 'goods.xlsx')], {
    env: { ...process.env, HOME: work },
    stdio: 'ignore',
  });
  return readFileSync(join(work, 'goods.xls'));
}

/** An OLE compound file's first sector naming a 'Workbook' stream, and nothing a reader could use. */
function brokenOldExcel(): Buffer {
  const bytes = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  Buffer.from('Workbook', 'utf16le').copy(bytes, 1024);
  return bytes;
}

describe('importing an old Excel workbook (.xls)', () => {
  it('an .xls is previewed and imported like the same xlsx: names (Cyrillic too), numbers and quantities', async () => {
    const file = await oldExcel([
      ['Name', 'Article', 'Price', 'Quantity'],
      ['Молоток', 'M-1', 120.5, 4],
      ['Saw', 'S-2', 80, 0],
    ]);
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const { account } = await shop(server);
    const preview = await upload(server, account.token, 'старый.xls', file);
    expect(preview.status).toBe(200);
    expect(preview.body.headers).toEqual(['Name', 'Article', 'Price', 'Quantity']);
    expect(preview.body.rows[0]).toEqual(['Молоток', 'M-1', '120.5', '4']);
    const { outcome } = await importFile(server, account, 'старый.xls', file);
    expect(outcome.counts).toMatchObject({ added: 2, wrong: 0 });
    const names = await server.database.db.select({ name: products.name }).from(products).where(eq(products.accountId, account.id));
    expect(names.map((row) => row.name).sort()).toEqual(['Saw', 'Молоток']);
  });

  it('an .xls LibreOffice cannot read is refused with what to do, and nothing is kept', async () => {
    const { account } = await shop(server);
    const answer = await upload(server, account.token, 'old.xls', brokenOldExcel());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: XLS_NOT_READ, code: 'importXlsNotRead' });
    expect(await server.database.db.select().from(importUploads).where(eq(importUploads.accountId, account.id))).toEqual([]);
  });

  it('without LibreOffice on the server an .xls gets the message to save it as .xlsx or .csv', async () => {
    const { account } = await shop(server);
    const file = await oldExcel([['Name'], ['Glue']]);
    const before = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = join(work, 'no-soffice-here');
    try {
      const answer = await upload(server, account.token, 'old.xls', file);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: XLS_NEEDS_OFFICE, code: 'importXlsNeedsOffice' });
    } finally {
      if (before === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = before;
    }
  });
});
