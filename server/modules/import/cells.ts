import type { ImportFieldKind } from '../../../src/contract/import';
import { parseNumber } from '../../../src/domain/numbers';
import { importText, type Problem } from './messages';
import type { Cell } from './sheet';

/**
 * One cell read as its field's kind: the value, or the reason it cannot be read (shown with the row and column).
 * Empty cells are 'not given' (undefined): an import never clears what a file leaves blank.
 */

export type CellValue = string | number | boolean | string[] | undefined;
export type Read = { value: CellValue } | { problem: Problem };

export const FORMULA = importText('importFormula');
const notANumber = (text: string): Problem => ({ code: 'importNotANumber', params: { text } });

const iso = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
};

/**
 * Three ways a date arrives: a date cell, ISO text (2025-01-31) and the Russian dotted form (31.01.2025). Slashed
 * forms are refused: 01/02/2025 is the 1st of February in Russia and the 2nd of January in the USA.
 */
export function readDate(cell: Cell): Read {
  if (cell instanceof Date) return { value: cell.toISOString().slice(0, 10) };
  const text = String(cell).trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  const found = match ? iso(Number(match[1]), Number(match[2]), Number(match[3])) : null;
  if (found) return { value: found };
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const dotted = match ? iso(Number(match[3]), Number(match[2]), Number(match[1])) : null;
  if (dotted) return { value: dotted };
  return { problem: { code: 'importNotADate', params: { text } } };
}

const YES = new Set(['1', 'true', 'yes', 'y', 'да', 'д', '+']);
const NO = new Set(['0', 'false', 'no', 'n', 'нет', 'н', '-']);

export function readCell(cell: Cell, kind: ImportFieldKind): Read {
  if (cell === null || cell === undefined) return { value: undefined };
  if (typeof cell === 'object' && !(cell instanceof Date)) return { problem: { code: 'importFormula' } };
  if (typeof cell === 'string' && cell.trim() === '') return { value: undefined };
  switch (kind) {
    case 'number': {
      if (cell instanceof Date || typeof cell === 'boolean') return { problem: notANumber(String(cell)) };
      const number = parseNumber(cell);
      return number === null ? { problem: notANumber(String(cell)) } : { value: number };
    }
    case 'date':
      return readDate(cell);
    case 'flag': {
      if (typeof cell === 'boolean') return { value: cell };
      const text = String(cell).trim().toLowerCase();
      if (YES.has(text)) return { value: true };
      if (NO.has(text)) return { value: false };
      return { problem: { code: 'importNotAFlag', params: { text: String(cell) } } };
    }
    case 'list':
      return {
        value: String(cell)
          .split(/[,;]/)
          .map((item) => item.trim())
          .filter(Boolean),
      };
    case 'category':
      return {
        value: String(cell)
          .split('/')
          .map((level) => level.trim())
          .filter(Boolean),
      };
    default:
      return { value: cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim() };
  }
}

/** A cell as text for the preview and the report of wrong rows. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'object') return `=${cell.formula}`;
  return String(cell);
}
