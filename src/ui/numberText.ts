import type { ParseResult } from './useCommittedDraft';

/**
 * Reads typed number text; a comma counts as the decimal point (12,5 in Russian) unless a point follows it
 * (1,234.5 in English, where it groups thousands). An empty field counts as 0.
 */
export function readNumber(text: string): ParseResult<number> {
  const spaced = text.replace(/[\s\u202f\u00a0]/g, '');
  const compact = /,.*\./.test(spaced) ? spaced.replaceAll(',', '') : spaced.replace(',', '.');
  if (compact === '') return { ok: true, value: 0 };
  const value = Number(compact);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false };
}

export function clampNumber(value: number, min?: number, max?: number): number {
  let result = value;
  if (max !== undefined && result > max) result = max;
  if (min !== undefined && result < min) result = min;
  return result;
}

/** Integer conversion drops the fraction; limits are tightened to whole numbers so the result stays whole. */
export function toWholeNumber(value: number, min?: number, max?: number): number {
  return clampNumber(
    Math.trunc(value),
    min === undefined ? undefined : Math.ceil(min),
    max === undefined ? undefined : Math.floor(max),
  );
}

export function formatNumber(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

export function sameNumber(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}
