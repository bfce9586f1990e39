import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';

export type XlsxCell = string | number | Date | null;

/** How a column's cells are written: text as text, the rest as numbers or dates with a number format. */
export type XlsxKind = 'text' | 'number' | 'quantity' | 'money' | 'date';

export interface XlsxColumn<Row> {
  header: string;
  width: number;
  kind: XlsxKind;
  value: (row: Row) => XlsxCell;
}

/**
 * Text columns carry the Text format ('@') and their values are written as strings, so a name such as
 * '=HYPERLINK(…)', '+1+1', '-2' or '@SUM(A1)' is shown and kept as that text — never read as a formula or
 * a number, not even when someone edits the cell later.
 */
const NUMBER_FORMAT: Record<XlsxKind, string> = { text: '@', number: '0', quantity: '#,##0.###', money: '#,##0.00', date: 'yyyy-mm-dd hh:mm:ss' };

/** Characters XML cannot hold (all control characters but tab and line breaks), removed from text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds, to remove them.
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * The value a cell gets. A text column's value is always a string; a value of another column that is not a
 * number or a date (a stray string) is written as text too, so nothing a user typed can become a formula.
 */
export function cellValue(kind: XlsxKind, value: XlsxCell): XlsxCell {
  if (value === null) return null;
  if (kind === 'text' || typeof value === 'string') return String(value).replace(NOT_IN_XML, '');
  return value;
}

/** Waits while the reader is behind; false when it went away (the download was aborted). */
async function readerKeepsUp(output: PassThrough): Promise<boolean> {
  while (output.writableNeedDrain && !output.destroyed) await Promise.race([once(output, 'drain'), once(output, 'close')]);
  return !output.destroyed;
}

/**
 * One table as an xlsx workbook streamed while it is written, a page of rows at a time (only one page is held).
 * The first page is read before the stream is returned, so a failing query is still a proper error answer; a
 * failure later ends the stream with that error (and is handed to onError for the log).
 */
export async function xlsxTable<Row>(sheetName: string, columns: readonly XlsxColumn<Row>[], pages: AsyncIterator<readonly Row[]>, onError: (error: unknown) => void): Promise<Readable> {
  const first = await pages.next();

  const { default: ExcelJS } = await import('exceljs');
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: true });
  workbook.creator = 'Stockroom';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({ key: String(index), width: column.width }));
  // One style object per column, shared by its cells: exceljs then registers each style once (a style
  // per cell, as column styles give, costs more than half of the time of a 50,000-order export).
  const styles = columns.map((column) => Object.freeze({ numFmt: NUMBER_FORMAT[column.kind] }));
  const headerStyle = Object.freeze({ numFmt: '@', font: { bold: true, size: 11, name: 'Calibri' } });
  const addRow = (values: XlsxCell[], style: (index: number) => object) => {
    const row = sheet.addRow(values);
    row.eachCell({ includeEmpty: true }, (cell, number) => {
      cell.style = style(number - 1);
    });
    row.commit();
  };

  const write = async () => {
    addRow(
      columns.map((column) => column.header),
      () => headerStyle,
    );
    for (let page = first; !page.done; page = await pages.next()) {
      for (const row of page.value) {
        addRow(
          columns.map((column) => cellValue(column.kind, column.value(row))),
          (index) => styles[index],
        );
      }
      if (!(await readerKeepsUp(output))) {
        await pages.return?.();
        return;
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

/**
 * A streamed workbook read to its end, for a task's result file (kept in the task's record). An abort (the task is
 * cancelled) stops the writing at once.
 */
export async function workbookBytes(stream: Readable, signal?: AbortSignal): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  const stop = () => stream.destroy(new Error('cancelled'));
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const part of stream) parts.push(part as Buffer);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return new Uint8Array(Buffer.concat(parts));
}
