/**
 * Spec §5 'Sync duplicate comparison': a synced product is the same as one already here when its name (and, by the
 * mode, its article and batch) match; with no mode every incoming product is added without a duplicate search. Text is
 * compared the way people see it: case, surrounding and repeated spaces and Unicode forms do not make two products.
 */
export const COMPARISON_MODES = ['none', 'name', 'name_article', 'name_article_batch'] as const;
export type ComparisonMode = (typeof COMPARISON_MODES)[number];

export interface CatalogItem {
  name: string;
  article?: string | null;
  batch?: string | null;
}

export function normalizeText(text: string | null | undefined): string {
  return (text ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The key two items share when the mode takes them as one product; null in mode 'none' or for an item without a name. */
export function comparisonKey(mode: ComparisonMode, item: CatalogItem): string | null {
  const name = normalizeText(item.name);
  if (mode === 'none' || name === '') return null;
  const parts = [name];
  if (mode !== 'name') parts.push(normalizeText(item.article));
  if (mode === 'name_article_batch') parts.push(normalizeText(item.batch));
  // U+0001 cannot be typed into a name, so 'a b' + 'c' never meets 'a' + 'b c'.
  return parts.join('\u0001');
}

export interface CatalogMatch<O, T> {
  /** The incoming item and the one product it is. */
  pairs: { ours: O; theirs: T }[];
  /** Incoming items with no product here: to be added. */
  unmatched: T[];
  /**
   * Keys more than one product here or more than one incoming item share: a sync cannot tell which is which, so it
   * links none of them and reports them (nothing is added twice or overwritten by a guess).
   */
  ambiguous: { key: string; ours: O[]; theirs: T[] }[];
}

export function matchCatalog<O, T>(mode: ComparisonMode, ours: Iterable<O>, theirs: Iterable<T>, itemOf: { ours: (item: O) => CatalogItem; theirs: (item: T) => CatalogItem }): CatalogMatch<O, T> {
  const result: CatalogMatch<O, T> = { pairs: [], unmatched: [], ambiguous: [] };
  const here = new Map<string, O[]>();
  if (mode !== 'none') {
    for (const item of ours) {
      const key = comparisonKey(mode, itemOf.ours(item));
      if (key === null) continue;
      const list = here.get(key);
      if (list) list.push(item);
      else here.set(key, [item]);
    }
  }
  const incoming = new Map<string, T[]>();
  for (const item of theirs) {
    const key = comparisonKey(mode, itemOf.theirs(item));
    if (key === null) {
      result.unmatched.push(item);
      continue;
    }
    const list = incoming.get(key);
    if (list) list.push(item);
    else incoming.set(key, [item]);
  }
  for (const [key, items] of incoming) {
    const matches = here.get(key) ?? [];
    if (items.length > 1 || matches.length > 1) result.ambiguous.push({ key, ours: matches, theirs: items });
    else if (matches.length === 1) result.pairs.push({ ours: matches[0] as O, theirs: items[0] as T });
    else result.unmatched.push(items[0] as T);
  }
  return result;
}

/**
 * Spec §5: 'The group list must match the category list.' Compared by normalized name; what one side has and the other
 * lacks is named, so the settings screen can say which groups or categories to add before a sync.
 */
export function compareGroups(groups: Iterable<string>, categories: Iterable<string>): { missingHere: string[]; missingThere: string[] } {
  const here = new Map([...categories].map((name) => [normalizeText(name), name]));
  const there = new Map([...groups].map((name) => [normalizeText(name), name]));
  return {
    missingHere: [...there].filter(([key]) => !here.has(key)).map(([, name]) => name),
    missingThere: [...here].filter(([key]) => !there.has(key)).map(([, name]) => name),
  };
}
