import type { Category } from '../../../../src/contract/catalogue';
import type { Product, ProductAddRequest, ProductUpdateRequest } from '../../../../src/contract/stock';

/** What the editor's form holds: the product's editable part, as typed. */
export interface ProductDraft {
  type: 'product' | 'service';
  name: string;
  article: string;
  description: string;
  unit: string;
  category_id: number | null;
  values: Record<string, unknown>;
  tags: string[];
}

export const emptyDraft = (): ProductDraft => ({ type: 'product', name: '', article: '', description: '', unit: 'pcs', category_id: null, values: {}, tags: [] });

export function draftOf(product: Product): ProductDraft {
  const { type, name, article, description, unit, category_id, values, tags } = product;
  return { type, name, article, description, unit, category_id, values: { ...values }, tags: [...tags] };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of the draft that differ from what was loaded: only those are sent, so a save never rewrites what the user left alone. */
export function changesOf(draft: ProductDraft, base: ProductDraft): Partial<ProductDraft> {
  const changes: Partial<ProductDraft> = {};
  for (const key of Object.keys(draft) as (keyof ProductDraft)[]) {
    if (key === 'values') continue;
    if (!same(draft[key], base[key])) Object.assign(changes, { [key]: draft[key] });
  }
  const values = Object.fromEntries(Object.entries(draft.values).filter(([code, value]) => !same(value, base.values[code])));
  if (Object.keys(values).length) changes.values = values;
  return changes;
}

export const isDirty = (draft: ProductDraft, base: ProductDraft): boolean => Object.keys(changesOf(draft, base)).length > 0;

/** product/update's body: the changes and the updated_at the editor loaded (the server refuses a stale one with 409). */
export function updateBody(id: number, updatedAt: string, draft: ProductDraft, base: ProductDraft): ProductUpdateRequest {
  return { id, updated_at: updatedAt, ...changesOf(draft, base) };
}

export function addBody(draft: ProductDraft): ProductAddRequest {
  return { ...draft, values: draft.values };
}

/** Locale keys of the problems the form shows beside each control; the server checks the same and more. */
export type DraftError = 'validation.empty' | 'stock.editor.costRange' | 'stock.editor.vatRange';

/** Largest price the server takes (src/contract/common.ts MAX_PRICE; the shell imports contract types only). */
export const PRICE_LIMIT = 1_000_000_000;

interface PriceLike {
  cost?: unknown;
  nds?: unknown;
}

/** Name and unit are required; a price's cost lies in 0…PRICE_LIMIT and its VAT rate in 0…100. Keys are 'name', 'unit' or a field code. */
export function validateDraft(draft: ProductDraft, priceCodes: readonly string[]): Record<string, DraftError> {
  const errors: Record<string, DraftError> = {};
  if (!draft.name.trim()) errors.name = 'validation.empty';
  if (!draft.unit.trim()) errors.unit = 'validation.empty';
  for (const code of priceCodes) {
    const price = draft.values[code] as PriceLike | undefined;
    if (!price || typeof price !== 'object') continue;
    const cost = Number(price.cost ?? 0);
    const nds = Number(price.nds ?? 0);
    if (!Number.isFinite(cost) || cost < 0 || cost > PRICE_LIMIT) errors[code] = 'stock.editor.costRange';
    else if (!Number.isFinite(nds) || nds < 0 || nds > 100) errors[code] = 'stock.editor.vatRange';
  }
  return errors;
}

/** The tags to suggest for what is typed: the account's tags containing it, not yet chosen, at most `limit`. */
export function tagSuggestions(accountTags: readonly string[], typed: string, chosen: readonly string[], limit = 8): string[] {
  const text = typed.trim().toLowerCase();
  const taken = new Set(chosen.map((tag) => tag.toLowerCase()));
  return accountTags.filter((tag) => !taken.has(tag.toLowerCase()) && tag.toLowerCase().includes(text)).slice(0, limit);
}

/** Adds a typed tag once (case-insensitively), trimmed; a blank one adds nothing. */
export function withTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim().slice(0, 60);
  if (!tag || tags.some((each) => each.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

export interface CategoryChoice {
  id: number;
  name: string;
  depth: number;
}

/** The category tree as one list in tree order, each with its depth, for the category selector. */
export function flattenCategories(tree: readonly Category[], depth = 0): CategoryChoice[] {
  return tree.flatMap((node) => [{ id: node.id, name: node.name, depth }, ...flattenCategories(node.subcategories, depth + 1)]);
}
