import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../src/contract/stock';
import { moved, storedImages } from '../../../../shell/features/stock/editor/imageOrder';
import { changesOf, draftOf, emptyDraft, flattenCategories, isDirty, tagSuggestions, updateBody, validateDraft, withTag } from '../../../../shell/features/stock/editor/draft';

const product: Product = {
  id: 7,
  type: 'product',
  name: 'Saw',
  article: 'S-1',
  description: '',
  unit: 'pcs',
  category_id: null,
  values: { retail: { cost: 10, currency: 'RUB', is_nds: false, is_price_include_nds: false, is_manager_can_change_nds: false, nds: 0 }, colour: 'red' },
  tags: ['tools'],
  archived: false,
  count: 0,
  reserve: 0,
  available: 0,
  batches: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('product editor draft: only what the user changed is sent, with the version loaded', () => {
  it('an untouched draft is clean and sends nothing but id and updated_at', () => {
    const base = draftOf(product);
    expect(isDirty(draftOf(product), base)).toBe(false);
    expect(updateBody(7, product.updated_at, draftOf(product), base)).toEqual({ id: 7, updated_at: product.updated_at });
  });

  it('a changed name and one changed value are the only changes (other values are not rewritten)', () => {
    const base = draftOf(product);
    const draft = { ...base, name: 'Big saw', values: { ...base.values, colour: 'blue' } };
    expect(isDirty(draft, base)).toBe(true);
    expect(changesOf(draft, base)).toEqual({ name: 'Big saw', values: { colour: 'blue' } });
  });

  it('draftOf copies values and tags, so editing the draft never changes the loaded product', () => {
    const draft = draftOf(product);
    draft.tags.push('new');
    draft.values.colour = 'green';
    expect(product.tags).toEqual(['tools']);
    expect(product.values.colour).toBe('red');
  });
});

describe('product editor validation (name and unit required, price and VAT ranges)', () => {
  it('a blank name or unit is empty; a good draft has no errors', () => {
    expect(validateDraft({ ...emptyDraft(), name: '  ', unit: '' }, [])).toEqual({ name: 'validation.empty', unit: 'validation.empty' });
    expect(validateDraft({ ...emptyDraft(), name: 'Saw' }, [])).toEqual({});
  });

  it('a negative or too large price, or VAT outside 0…100, is flagged on its field', () => {
    const withPrice = (cost: number, nds = 0) => ({ ...emptyDraft(), name: 'Saw', values: { retail: { cost, nds } } });
    expect(validateDraft(withPrice(-1), ['retail'])).toEqual({ retail: 'stock.editor.costRange' });
    expect(validateDraft(withPrice(1_000_000_001), ['retail'])).toEqual({ retail: 'stock.editor.costRange' });
    expect(validateDraft(withPrice(1_000_000_000), ['retail'])).toEqual({});
    expect(validateDraft(withPrice(5, 101), ['retail'])).toEqual({ retail: 'stock.editor.vatRange' });
    expect(validateDraft(withPrice(5, 20), ['retail'])).toEqual({});
  });
});

describe('product editor tags and categories', () => {
  it("suggests the account's tags containing the typed text, case-insensitively, without those already chosen", () => {
    expect(tagSuggestions(['Tools', 'toys', 'heavy'], 'to', ['TOYS'])).toEqual(['Tools']);
    expect(tagSuggestions(['a', 'b', 'c'], '', [], 2)).toEqual(['a', 'b']);
  });

  it('adds a typed tag once, trimmed; a blank or repeated one adds nothing', () => {
    expect(withTag(['tools'], '  heavy ')).toEqual(['tools', 'heavy']);
    expect(withTag(['tools'], 'TOOLS')).toEqual(['tools']);
    expect(withTag(['tools'], '   ')).toEqual(['tools']);
  });

  it('flattens the category tree in tree order with depths', () => {
    const node = (id: number, name: string, subcategories: any[] = []) => ({ id, name, parent_id: null, image_url: null, sort: 0, levels: [], subcategories });
    expect(flattenCategories([node(1, 'Tools', [node(2, 'Saws', [node(3, 'Hand saws')])]), node(4, 'Paint')])).toEqual([
      { id: 1, name: 'Tools', depth: 0 },
      { id: 2, name: 'Saws', depth: 1 },
      { id: 3, name: 'Hand saws', depth: 2 },
      { id: 4, name: 'Paint', depth: 0 },
    ]);
  });
});

describe('product editor images (type-15 value and reordering)', () => {
  it('reads the stored images of a value, skipping entries that are not the server’s', () => {
    expect(storedImages([{ id: 3, url: 'product/image?id=3', width: 4, height: 2 }, 'http://old.example/a.png', null])).toEqual([{ id: 3, url: 'product/image?id=3', width: 4, height: 2 }]);
    expect(storedImages(undefined)).toEqual([]);
  });

  it('moves an image one place earlier or later, and not past either end', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
