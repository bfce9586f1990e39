import { describe, expect, it } from 'vitest';
import { compareGroups, comparisonKey, matchCatalog, type CatalogItem } from '../../../server/modules/integrations/catalogMatch';

const same = (item: CatalogItem) => item;
const match = (mode: Parameters<typeof matchCatalog>[0], ours: CatalogItem[], theirs: CatalogItem[]) => matchCatalog(mode, ours, theirs, { ours: same, theirs: same });

describe('catalogue sync duplicate comparison (spec §5)', () => {
  it('rule: by name, case, repeated spaces and Unicode forms do not make two products; the article does not matter', () => {
    const result = match('name', [{ name: 'Gear  Box', article: 'A-1' }], [{ name: ' gear box ', article: 'B-2' }]);
    expect(result.pairs).toHaveLength(1);
    expect(result.unmatched).toEqual([]);
    expect(comparisonKey('name', { name: 'ﬁlter' })).toBe(comparisonKey('name', { name: 'filter' }));
  });

  it('rule: by name and article, the same name with another article is a new product', () => {
    const result = match('name_article', [{ name: 'Bolt', article: 'M6' }], [{ name: 'Bolt', article: 'M8' }, { name: 'bolt', article: 'm6' }]);
    expect(result.pairs).toEqual([{ ours: { name: 'Bolt', article: 'M6' }, theirs: { name: 'bolt', article: 'm6' } }]);
    expect(result.unmatched).toEqual([{ name: 'Bolt', article: 'M8' }]);
  });

  it('rule: by name, article and batch, the batch decides too', () => {
    const result = match('name_article_batch', [{ name: 'Paint', article: 'P', batch: '2026-01' }], [{ name: 'Paint', article: 'P', batch: '2026-02' }]);
    expect(result.pairs).toEqual([]);
    expect(result.unmatched).toHaveLength(1);
  });

  it('rule: with no comparison every incoming product is added without a duplicate search', () => {
    const result = match('none', [{ name: 'Bolt' }], [{ name: 'Bolt' }, { name: 'Bolt' }]);
    expect(result.pairs).toEqual([]);
    expect(result.ambiguous).toEqual([]);
    expect(result.unmatched).toHaveLength(2);
  });

  it('rule: a key two products here or two incoming items share is reported, never guessed', () => {
    const twoHere = match('name', [{ name: 'Nut', article: '1' }, { name: 'nut', article: '2' }], [{ name: 'Nut' }]);
    expect(twoHere.pairs).toEqual([]);
    expect(twoHere.unmatched).toEqual([]);
    expect(twoHere.ambiguous).toHaveLength(1);
    expect(twoHere.ambiguous[0]!.ours).toHaveLength(2);
    const twoIncoming = match('name', [], [{ name: 'Nut' }, { name: 'NUT' }]);
    expect(twoIncoming.unmatched).toEqual([]);
    expect(twoIncoming.ambiguous[0]!.theirs).toHaveLength(2);
  });

  it('rule: name parts cannot run into each other ("a b"+"c" is not "a"+"b c")', () => {
    expect(comparisonKey('name_article', { name: 'a b', article: 'c' })).not.toBe(comparisonKey('name_article', { name: 'a', article: 'b c' }));
  });

  it('rule: the group list must match the category list — what each side lacks is named', () => {
    expect(compareGroups(['Tools', 'Paint '], ['tools', 'Garden'])).toEqual({ missingHere: ['Paint '], missingThere: ['Garden'] });
    expect(compareGroups(['A'], ['a'])).toEqual({ missingHere: [], missingThere: [] });
  });
});
