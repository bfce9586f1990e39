import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type XlsxColumn, xlsxTable } from '../../server/http/xlsxTable';

/**
 * server/http/xlsxTable.ts, the one streaming xlsx writer of the stock and the order exports: numbers stay numbers,
 * dates dates, and a cell a user typed that starts with =, +, - or @ is written as text, so a spreadsheet program
 * shows it and never runs it as a formula. Read back with exceljs, which reports each cell's stored type.
 */
type Row = { name: string; count: number; price: number; at: Date; stray: unknown };

const columns: XlsxColumn<Row>[] = [
  { header: 'Name', width: 20, kind: 'text', value: (row) => row.name },
  { header: 'Count', width: 10, kind: 'quantity', value: (row) => row.count },
  { header: 'Price', width: 10, kind: 'money', value: (row) => row.price },
  { header: 'At', width: 20, kind: 'date', value: (row) => row.at },
  // A number column whose value turned out to be text (a custom field): still text, never a formula.
  { header: 'Stray', width: 10, kind: 'number', value: (row) => row.stray as string },
];

async function* pages(rows: Row[][]) {
  yield* rows;
}

async function workbookOf(rows: Row[][]) {
  const chunks: Buffer[] = [];
  const stream = await xlsxTable('Sheet', columns, pages(rows), (error) => {
    throw error;
  });
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book.getWorksheet('Sheet')!;
}

describe('xlsxTable (the exports’ one xlsx writer)', () => {
  const at = new Date('2025-03-04T05:06:07Z');
  const risky = ['=1+1', '+1+1', '-2', '@SUM(A1)', '=HYPERLINK("http://evil.example","x")'];

  it('writes cells starting with =, +, - or @ as text (not formulas), in text columns and as stray text elsewhere', async () => {
    const sheet = await workbookOf([risky.map((name) => ({ name, count: 1, price: 1, at, stray: name }))]);
    for (const [index, name] of risky.entries()) {
      const row = sheet.getRow(index + 2);
      for (const cell of [row.getCell(1), row.getCell(5)]) {
        expect(cell.type, `${name} in column ${cell.col}`).toBe(ExcelJS.ValueType.String);
        expect(cell.value).toBe(name);
        expect(cell.formula).toBeUndefined();
      }
      expect(row.getCell(1).numFmt).toBe('@');
    }
  });

  it('writes numbers as numbers and dates as dates with their formats, page after page, header first', async () => {
    const sheet = await workbookOf([[{ name: 'Drill', count: 2.5, price: 1234.5, at, stray: 7 }], [], [{ name: 'Saw', count: 3, price: 10, at, stray: 8 }]]);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Count', 'Price', 'At', 'Stray']);
    const row = sheet.getRow(2);
    expect([row.getCell(2).type, row.getCell(3).type, row.getCell(4).type, row.getCell(5).type]).toEqual([
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Date,
      ExcelJS.ValueType.Number,
    ]);
    expect([row.getCell(2).value, row.getCell(3).value, (row.getCell(4).value as Date).toISOString()]).toEqual([2.5, 1234.5, at.toISOString()]);
    expect([row.getCell(3).numFmt, row.getCell(4).numFmt]).toEqual(['#,##0.00', 'yyyy-mm-dd hh:mm:ss']);
    expect(sheet.getRow(3).getCell(1).value).toBe('Saw');
    expect(sheet.actualRowCount).toBe(3);
  });

  it('a failing first page is a rejected call, not a broken stream', async () => {
    const failing: AsyncIterator<Row[]> = { next: () => Promise.reject(new Error('query failed')) };
    await expect(xlsxTable('Sheet', columns, failing, () => {})).rejects.toThrow('query failed');
  });

  it('stops asking for pages when the reader goes away (the backpressure wait sees the closed stream)', async () => {
    let asked = 0;
    const big = Array.from({ length: 2000 }, (_, index) => ({ name: `row ${index} ${'x'.repeat(200)}`, count: index, price: index, at, stray: 0 }));
    async function* endless(): AsyncGenerator<Row[]> {
      for (;;) {
        asked += 1;
        yield big;
      }
    }
    const stream = await xlsxTable('Sheet', columns, endless(), () => {});
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toBeLessThan(3);
  });
});
