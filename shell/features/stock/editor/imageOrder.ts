import type { StoredImage } from '../../../../src/contract/productEditor';

/** The images a type-15 value lists, as the server writes them ({ id, url, width, height }); other entries are skipped. */
export function storedImages(value: unknown): StoredImage[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is StoredImage => typeof entry === 'object' && entry !== null && Number.isInteger((entry as StoredImage).id));
}

/** The ids after moving the image at `from` one place earlier (-1) or later (+1); unchanged at either end. */
export function moved(ids: readonly number[], from: number, step: -1 | 1): number[] {
  const to = from + step;
  if (from < 0 || from >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}
