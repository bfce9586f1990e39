import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sheetRows } from '../../../server/modules/import/sheet';
import { withDrainGuard } from '../../../server/modules/import/zipDrainGuard';
import { xlsx } from './support';

/**
 * A good xlsx is read whole however slow the reader is beside the unzipping (the 'not a spreadsheet' flake of a loaded
 * machine: exceljs's stream reader lost the trailing entries when unzipper announced its end before they were taken).
 */

type Reader = { prototype: { _parseRels: (entry: unknown) => Promise<void> } };
const WorkbookReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as Reader;
const parseRels = WorkbookReader.prototype._parseRels;
afterEach(() => {
  WorkbookReader.prototype._parseRels = parseRels;
});

/** What a loaded machine does by chance: the reader is still on an early entry when the zip's last bytes are parsed. */
function slowReader() {
  WorkbookReader.prototype._parseRels = async function (this: unknown, entry: unknown) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return parseRels.call(this, entry);
  };
}

async function rowsOf(bytes: Buffer) {
  const rows = [];
  for await (const row of sheetRows(bytes, 'goods.xlsx')) rows.push(row.cells);
  return rows;
}

const listed = (zip: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'drain-guard-'));
  writeFileSync(join(dir, 'file.zip'), zip);
  return execFileSync('python3', ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("\\n".join(z.namelist()))', join(dir, 'file.zip')], { encoding: 'utf8' }).trim().split('\n');
};

describe('reading an xlsx while the unzipping runs ahead', () => {
  it('every row arrives when the reader is slower than the unzipper (the workbook and sheet entries come last)', async () => {
    const file = await xlsx([
      ['Name', 'Price'],
      ['Hammer', 10],
      ['Saw', 20],
    ]);
    slowReader();
    expect(await rowsOf(file)).toEqual([
      ['Name', 'Price'],
      ['Hammer', 10],
      ['Saw', 20],
    ]);
  });

  it('the guarded file is a sound zip: a real reader lists the same entries and one more, with checksums that match', async () => {
    const file = await xlsx([['Name'], ['Glue']]);
    const guarded = withDrainGuard(file);
    expect(listed(guarded)).toEqual([...listed(file), 'stockroom-drain-guard.bin']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(guarded as never);
    expect(workbook.worksheets[0]?.getCell('A2').value).toBe('Glue');
  });

  it('a zip it cannot extend safely (bytes after the end record, no end record) is passed on as it came', async () => {
    const file = await xlsx([['Name'], ['Glue']]);
    const trailing = Buffer.concat([file, Buffer.from('junk')]);
    expect(withDrainGuard(trailing)).toBe(trailing);
    const notZip = Buffer.from('PK\u0003\u0004 not really a zip');
    expect(withDrainGuard(notZip)).toBe(notZip);
  });
});
