import type ExcelJSTypes from 'exceljs';
import { Readable } from 'node:stream';
import { HttpError } from '../../http/errors';
import { csvRows, decodeText } from './csv';
import { importRefusal, importText } from './messages';
import { withDrainGuard } from './zipDrainGuard';

/**
 * Reads an uploaded file as rows of cells, streamed: the first sheet of an xlsx workbook (exceljs's streaming
 * reader) or a CSV text. Whatever the file is, a file that cannot be read ends in one clear refusal (400) naming
 * what is wrong and the formats that are read, never in a crash.
 */

/** A formula's text: refused per row, since only the cached result (possibly stale or absent) would be read. */
export interface FormulaCell {
  formula: string;
}
export type Cell = string | number | boolean | Date | FormulaCell | null;

export interface SheetRow {
  /** The row's number in the file, 1-based, as a spreadsheet program shows it. */
  number: number;
  cells: Cell[];
}

export const NOT_A_SPREADSHEET = importText('importNotSpreadsheet');
export const XLS_NOT_READ = importText('importXlsNotRead');
export const XLS_NEEDS_OFFICE = importText('importXlsNeedsOffice');
export const PASSWORD_PROTECTED = importText('importPasswordProtected');
export const EMPTY_FILE = importText('importEmptyFile');
/** More columns than any product has fields: a sheet this wide is not a product list (and would cost memory for nothing). */
export const MAX_COLUMNS = 500;
export const tooManyColumns = (count: number) => importText('importTooManyColumns', { count, max: MAX_COLUMNS });

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
const isEncryptedXlsx = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPTED_PACKAGE);

/** An OLE compound file that is not an encrypted xlsx: an old Excel workbook (or another Office 97 file). */
export const isOldExcel = (bytes: Uint8Array) => startsWith(bytes, OLE_MAGIC) && !isEncryptedXlsx(bytes);

export type SheetFormat = 'xlsx' | 'csv';

/**
 * What the bytes are. An encrypted xlsx is an OLE compound file like an .xls: its directory names the
 * 'EncryptedPackage' stream (UTF-16), which an .xls never has.
 */
export function sheetFormatOf(bytes: Uint8Array, fileName: string): SheetFormat {
  if (bytes.length === 0) throw importRefusal('importEmptyFile');
  if (startsWith(bytes, OLE_MAGIC)) throw importRefusal(isEncryptedXlsx(bytes) ? 'importPasswordProtected' : 'importXlsNotRead');
  if (startsWith(bytes, ZIP_MAGIC)) return 'xlsx';
  // Text: no NUL bytes in the head (binary formats have them early), whatever the name says.
  const head = bytes.subarray(0, 8192);
  if (!head.includes(0) && /\.(csv|txt|tsv)$/i.test(fileName.trim())) return 'csv';
  if (!head.includes(0) && !/\.[a-z0-9]{2,5}$/i.test(fileName.trim())) return 'csv';
  throw importRefusal('importNotSpreadsheet');
}

function requireColumns(count: number): void {
  if (count > MAX_COLUMNS) throw importRefusal('importTooManyColumns', { count, max: MAX_COLUMNS });
}

/** exceljs's cell value as one of ours: rich text joined, hyperlinks as their text, errors as text. */
function cellOf(value: ExcelJSTypes.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { formula: String((value as { formula?: string }).formula ?? '') };
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([withDrainGuard(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      if (sheets > 1) break;
      for await (const row of sheet as unknown as AsyncIterable<ExcelJSTypes.Row>) {
        // row.values is 1-based (index 0 unused) and sparse.
        const values = row.values as ExcelJSTypes.CellValue[];
        requireColumns(values.length - 1);
        const cells: Cell[] = [];
        for (let index = 1; index < values.length; index += 1) cells.push(cellOf(values[index]));
        yield { number: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw importRefusal('importNotSpreadsheet');
  }
  if (sheets === 0) throw importRefusal('importNotSpreadsheet');
}

async function* textRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  let number = 0;
  for (const cells of csvRows(decodeText(bytes))) {
    number += 1;
    requireColumns(cells.length);
    yield { number, cells: cells.map((cell) => (cell === '' ? null : cell)) };
  }
}

/** The file's rows in order, the header first; empty rows are left out (their numbers are kept by the others). */
export async function* sheetRows(bytes: Uint8Array, fileName: string): AsyncGenerator<SheetRow> {
  const rows = sheetFormatOf(bytes, fileName) === 'xlsx' ? xlsxRows(bytes) : textRows(bytes);
  for await (const row of rows) {
    if (row.cells.some((cell) => cell !== null && !(typeof cell === 'string' && cell.trim() === ''))) yield row;
  }
}
