/**
 * Product card rules (spec 1 §5): which fields a card shows, which it lets the user edit,
 * the price-type choices, the images, the count cap and the title line.
 */
import { FieldType, type FieldDefinition, type LeadConfig } from './fieldTypes';
import { parseNumber } from './numbers';

export interface CategoryProps {
  id: number;
  /** Ids of the category's sub-levels; 0 stands for the root and is ignored. */
  levels: number[];
  /** Ids of the fields the category itself carries. */
  fields_id_2: number[];
}

/** The card-relevant part of a field definition. */
export type CardFieldDefinition = Pick<FieldDefinition, 'id' | 'code' | 'name' | 'type'> & {
  component?: string | null;
  lead_config?: LeadConfig | null;
};

/**
 * Field ids of a category together with those of all its sub-levels, followed recursively.
 * Each category is visited once, so a cycle in the levels (a → b → a) ends instead of looping.
 * An unknown category has no fields.
 */
export function categoryFieldIds(
  categoryId: number | null | undefined,
  categories: readonly CategoryProps[],
): Set<number> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const ids = new Set<number>();
  const visited = new Set<number>();
  const pending: number[] = categoryId === null || categoryId === undefined ? [] : [categoryId];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    if (visited.has(id)) continue;
    visited.add(id);
    const category = byId.get(id);
    if (!category) continue;
    for (const fieldId of category.fields_id_2 ?? []) ids.add(Number(fieldId));
    for (const level of category.levels ?? []) {
      const levelId = Number(level);
      if (levelId !== 0 && !visited.has(levelId)) pending.push(levelId);
    }
  }
  return ids;
}

// Flags may come as numbers or numeric strings; anything else (missing included) counts as 0.
function flag(value: unknown): number {
  return parseNumber(value) ?? 0;
}

/**
 * The card's visibility flag is above 0. Cards are staff screens only: what a public customer may see
 * (public_order_visible) is decided by the server, which leaves hidden fields out of the public order.
 */
export function isFieldVisible(def: CardFieldDefinition): boolean {
  return flag(def.lead_config?.visible) > 0;
}

/**
 * Fields shown as card rows: visible, with a component, among the
 * category's field ids (categoryFieldIds), not the price field (code 'price', it has its own
 * input) and not an image field (type 15, shown in the carousel). The given order is kept.
 */
export function visibleCardFields<D extends CardFieldDefinition>(
  defs: readonly D[],
  fieldIds: ReadonlySet<number> | readonly number[],
): D[] {
  const allowed = fieldIds instanceof Set ? fieldIds : new Set(fieldIds);
  return defs.filter(
    (def) =>
      isFieldVisible(def) &&
      typeof def.component === 'string' &&
      def.component.trim() !== '' &&
      allowed.has(Number(def.id)) &&
      def.code !== 'price' &&
      def.type !== FieldType.images,
  );
}

/** A card field is read-only when its editable flag is below 1 (missing counts as 0). */
export function isFieldDisabled(def: CardFieldDefinition): boolean {
  return flag(def.lead_config?.editable) < 1;
}

export interface PriceTypeOption {
  /** The price field's code, stored as the position's price_field. */
  value: string;
  name: string;
}

/**
 * Price-type choices: every type-11 field whose visibility flag is above 0.
 * Only the flag decides ("visible fields"); component and category do not, so a price type
 * is never hidden by a category that forgot to list it.
 */
export function priceTypeOptions(defs: readonly CardFieldDefinition[]): PriceTypeOption[] {
  return defs
    .filter((def) => def.type === FieldType.price && isFieldVisible(def))
    .map((def) => ({ value: def.code, name: def.name }));
}

/**
 * The url an image entry is shown by. An uploaded image's own url is the session-protected API path, which an <img>
 * cannot open; the answers give it signed per-size links (sizes, relative to the API base), and with the API base
 * known the card shows the m link.
 */
function imageUrls(entry: unknown, linkBase: string | undefined): string[] {
  if (typeof entry === 'string') return entry.trim() === '' ? [] : [entry];
  if (Array.isArray(entry)) return entry.flatMap((each) => imageUrls(each, linkBase));
  if (typeof entry === 'object' && entry !== null) {
    const linked = (entry as { sizes?: { m?: unknown } }).sizes?.m;
    if (linkBase !== undefined && typeof linked === 'string' && linked !== '') return [`${linkBase}/${linked}`];
    const url = (entry as { url?: unknown }).url;
    if (typeof url === 'string' && url.trim() !== '') return [url];
  }
  return [];
}

/**
 * Carousel images: the urls held by visible (flag above 0) type-15 fields whose value is a
 * list, in field order. Entries are url strings or objects with a url (or signed size links,
 * read against `linkBase`, the API base); others are skipped.
 */
export function cardImages(
  defs: readonly CardFieldDefinition[],
  values: Record<string, unknown> | null | undefined,
  linkBase?: string,
): string[] {
  return defs
    .filter((def) => def.type === FieldType.images && isFieldVisible(def))
    .flatMap((def) => {
      const value = values?.[def.code];
      return Array.isArray(value) ? imageUrls(value, linkBase) : [];
    });
}

/** Available count that means "no limit": the -1 the stock tables show as infinity. */
export const UNLIMITED_AVAILABLE = -1;

/**
 * The count input capped at the available count and never below 0; a non-numeric count is 0.
 * A missing, non-numeric or -1 available count sets no upper cap (nothing known to limit it,
 * or unlimited); any other negative available count (oversold stock) caps at 0.
 */
export function capCount(count: unknown, available: unknown): number {
  const wanted = Math.max(parseNumber(count) ?? 0, 0);
  const limit = parseNumber(available);
  if (limit === null || limit === UNLIMITED_AVAILABLE) return wanted;
  return Math.min(wanted, Math.max(limit, 0));
}

/**
 * What a position's count may go up to: its available count (free stock plus what the position holds),
 * but never below the count it has saved — a count already above it (a stage that does not reserve, stock
 * taken meanwhile) may be kept or lowered, only not raised. No cap (null, -1) stays no cap.
 */
export function positionCountLimit(available: number | null, savedCount: number): number | null {
  if (available === null || available === UNLIMITED_AVAILABLE) return available;
  return Math.max(available, savedCount);
}

export interface CardTitleParts {
  price: unknown;
  leadName?: string | null;
  count?: unknown;
  units?: string | null;
}

/** Separates the parts of the card title. */
export const CARD_TITLE_SEPARATOR = ' · ';

/**
 * The title line: formatted price, lead name, then count with units, e.g. '1 200.00 · Deal 5 · 3 pcs'.
 * Empty parts are left out rather than shown as dangling separators; the count is shown as
 * the number it is (counts are not money, so no forced decimals).
 */
export function cardTitle(
  { price, leadName, count, units }: CardTitleParts,
  formatNumber: (value: unknown) => string,
): string {
  const amount = parseNumber(count) ?? 0;
  const unit = (units ?? '').trim();
  const quantity = unit === '' ? String(amount) : `${amount} ${unit}`;
  return [formatNumber(price), (leadName ?? '').trim(), quantity]
    .filter((part) => part !== '')
    .join(CARD_TITLE_SEPARATOR);
}
