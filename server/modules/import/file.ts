import { cellText } from './cells';
import { importRefusal, importText } from './messages';
import { type Cell, type SheetRow, sheetRows } from './sheet';

/**
 * The import's view of a file: a header row, then the data rows, with the file-level rules checked while it streams
 * (the row limit, a header for every column that has data). Each refusal names what to change in the file.
 */

export interface ImportFile {
  headers: string[];
  rows: SheetRow[];
}

export const tooManyRows = (limit: number) => importText('importTooManyRows', { limit });
const columnName = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + String.fromCharCode(65 + (index % 26)));
/** Merged header cells leave every column of the merge but the first without a header. */
export const headerless = (index: number) => importText('importHeaderless', { column: columnName(index) });
export const NO_ROWS = importText('importNoRows');

function requireHeaders(headers: readonly string[], cells: readonly Cell[]): void {
  for (let index = 0; index < cells.length; index += 1) {
    const cell = cells[index];
    if ((headers[index] ?? '') === '' && cell !== null && cellText(cell).trim() !== '') throw importRefusal('importHeaderless', { column: columnName(index) });
  }
}

/**
 * The file's data rows one by one as they stream (none is kept here), each checked against the
 * header; past maxRows it is refused.
 */
async function* importRows(bytes: Uint8Array, fileName: string, maxRows: number, onHeader?: (headers: string[]) => void): AsyncGenerator<SheetRow> {
  let headers: string[] | null = null;
  let count = 0;
  for await (const row of sheetRows(bytes, fileName)) {
    if (headers === null) {
      headers = row.cells.map((cell) => cellText(cell).trim());
      onHeader?.(headers);
      continue;
    }
    requireHeaders(headers, row.cells);
    if (count >= maxRows) throw importRefusal('importTooManyRows', { limit: maxRows });
    count += 1;
    yield row;
  }
  if (headers === null) throw importRefusal('importEmptyFile');
  if (count === 0) throw importRefusal('importNoRows');
}

/** A file whose data rows are read as they stream: its header and a fresh pass over the rows each time. */
export interface StreamedFile {
  headers: string[];
  /** How many data rows it holds (all checked: the row limit, a header for every column with values). */
  count: number;
  rows(): AsyncGenerator<SheetRow>;
}

/**
 * Reads the file once to check it and count its rows, holding none of them, so every refusal of the file comes
 * before anything is planned or written; rows() then streams it again for the plan.
 */
export async function streamImportFile(bytes: Uint8Array, fileName: string, maxRows: number): Promise<StreamedFile> {
  let headers: string[] = [];
  let count = 0;
  for await (const _ of importRows(bytes, fileName, maxRows, (names) => (headers = names))) count += 1;
  return { headers, count, rows: () => importRows(bytes, fileName, maxRows) };
}

async function read(bytes: Uint8Array, fileName: string, options: { maxRows: number; preview?: number }): Promise<ImportFile> {
  let headers: string[] | null = null;
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(bytes, fileName)) {
    if (headers === null) {
      headers = row.cells.map((cell) => cellText(cell).trim());
      continue;
    }
    requireHeaders(headers, row.cells);
    if (rows.length >= options.maxRows) throw importRefusal('importTooManyRows', { limit: options.maxRows });
    rows.push(row);
    // Leaving the loop ends the stream: the preview reads no further than it shows.
    if (options.preview !== undefined && rows.length >= options.preview) break;
  }
  if (headers === null) throw importRefusal('importEmptyFile');
  if (rows.length === 0) throw importRefusal('importNoRows');
  return { headers, rows };
}

/** The header and the first rows only, for preprocessing. */
export const previewImportFile = (bytes: Uint8Array, fileName: string, rows = 10) => read(bytes, fileName, { maxRows: Number.MAX_SAFE_INTEGER, preview: rows });
