import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../src/domain/format';
import {
  capCount,
  positionCountLimit,
  cardImages,
  cardTitle,
  categoryFieldIds,
  isFieldDisabled,
  priceTypeOptions,
  visibleCardFields,
  type CardFieldDefinition,
  type CategoryProps,
} from '../../../src/domain/productCard';


function field(overrides: Partial<CardFieldDefinition> = {}): CardFieldDefinition {
  return {
    id: 1,
    code: 'colour',
    name: 'Colour',
    type: 3,
    component: 'TextInput',
    lead_config: { visible: 1, public_order_visible: 1, editable: 1 },
    ...overrides,
  };
}

describe("categoryFieldIds: a category's fields include those of all its sub-levels", () => {
  const categories: CategoryProps[] = [
    { id: 1, levels: [2, 0], fields_id_2: [10, 11] },
    { id: 2, levels: [3], fields_id_2: [20] },
    { id: 3, levels: [], fields_id_2: [30] },
    { id: 4, levels: [5], fields_id_2: [40] },
    { id: 5, levels: [4], fields_id_2: [50] }, // cycle 4 → 5 → 4
    { id: 6, levels: [6, 99], fields_id_2: [60] }, // self-reference and unknown level
  ];

  it.each([
    ['own fields and those of sub-levels, followed down', 1, [10, 11, 20, 30]],
    ['a leaf has only its own fields', 3, [30]],
    ['a cycle ends instead of looping', 4, [40, 50]],
    ['self and unknown levels are harmless', 6, [60]],
    ['level 0 is ignored, an unknown category has no fields', 0, []],
    ['no category, no fields', null, []],
  ] as const)('%s (category %j)', (_rule, id, expected) => {
    expect([...categoryFieldIds(id, categories)].sort((a, b) => a - b)).toEqual(expected);
  });

  it('level 0 never pulls in a category with id 0', () => {
    const withRoot: CategoryProps[] = [
      { id: 0, levels: [], fields_id_2: [1] },
      { id: 7, levels: [0], fields_id_2: [70] },
    ];
    expect([...categoryFieldIds(7, withRoot)]).toEqual([70]);
  });
});

describe('visibleCardFields: shown only when visible, with a component, in the category, not price, not images', () => {
  const ids = new Set([1]);
  it.each([
    ['visible, with component, in category → shown', field(), true],
    ['visible flag 0 → hidden (public_order_visible is the server\'s business, not the card\'s)', field({ lead_config: { visible: 0, public_order_visible: 1 } }), false],
    ['visible flag missing → hidden', field({ lead_config: {} }), false],
    ['no lead_config → hidden', field({ lead_config: null }), false],
    ['visible for staff though not on the public order → shown', field({ lead_config: { visible: 1, public_order_visible: 0 } }), true],
    ['no component → hidden', field({ component: null }), false],
    ['empty component → hidden', field({ component: '' }), false],
    ['not among the category field ids → hidden', field({ id: 2 }), false],
    ["code 'price' → hidden", field({ code: 'price', type: 11 }), false],
    ['another price field (type 11, other code) → shown', field({ code: 'wholesale', type: 11 }), true],
    ['type 15 (images) → hidden', field({ type: 15 }), false],
  ] as const)('%s', (_rule, def, shown) => {
    expect(visibleCardFields([def], ids)).toEqual(shown ? [def] : []);
  });

  it('accepts the category field ids as a list and keeps the given order', () => {
    const a = field({ id: 5, code: 'a' });
    const b = field({ id: 3, code: 'b' });
    expect(visibleCardFields([a, b], [3, 5])).toEqual([a, b]);
  });

  it('reads numeric-text flags the server may send', () => {
    const def = field({ lead_config: { visible: '1' as unknown as number } });
    expect(visibleCardFields([def], ids)).toEqual([def]);
  });
});

describe('isFieldDisabled: editable below 1 (missing counts as 0)', () => {
  it.each([
    ['editable 1 → enabled', { editable: 1 }, false],
    ['editable 2 → enabled', { editable: 2 }, false],
    ['editable 0 → disabled', { editable: 0 }, true],
    ['editable missing → disabled', {}, true],
  ] as const)('%s', (_rule, config, disabled) => {
    expect(isFieldDisabled(field({ lead_config: config }))).toBe(disabled);
  });

  it('no lead_config → disabled', () => {
    expect(isFieldDisabled(field({ lead_config: undefined }))).toBe(true);
  });
});

describe('priceTypeOptions: the visible fields of type 11, as { value: code, name }', () => {
  const defs = [
    field({ id: 1, code: 'price', name: 'Retail', type: 11 }),
    field({ id: 2, code: 'wholesale', name: 'Wholesale', type: 11, lead_config: { visible: 1, public_order_visible: 0 } }),
    field({ id: 3, code: 'hidden', name: 'Hidden', type: 11, lead_config: { visible: 0, public_order_visible: 1 } }),
    field({ id: 4, code: 'colour', name: 'Colour', type: 3 }),
  ];

  it('the visible flag decides, not public_order_visible', () => {
    expect(priceTypeOptions(defs)).toEqual([
      { value: 'price', name: 'Retail' },
      { value: 'wholesale', name: 'Wholesale' },
    ]);
  });
});

describe('cardImages: images come from visible type-15 fields whose value is a list', () => {
  const defs = [
    field({ id: 1, code: 'photos', type: 15 }),
    field({ id: 2, code: 'more', type: 15 }),
    field({ id: 3, code: 'secret', type: 15, lead_config: { visible: 0, public_order_visible: 1 } }),
    field({ id: 4, code: 'note', type: 3 }),
  ];

  it.each([
    [
      'strings and { url } entries of every visible image field, flattened in order',
      { photos: ['a.png', { url: 'b.png' }], more: [['c.png']], secret: ['s.png'], note: ['n.png'] },
      ['a.png', 'b.png', 'c.png'],
    ],
    ['a value that is not a list gives nothing', { photos: 'a.png', more: { url: 'b.png' } }, []],
    ['entries without a url are skipped', { photos: [null, 1, {}, '', { url: '' }, 'ok.png'] }, ['ok.png']],
    ['no values, no images', null, []],
  ] as const)('%s', (_rule, values, expected) => {
    expect(cardImages(defs, values)).toEqual(expected);
  });

  it('an uploaded image is shown by its signed m link against the API base (its own url needs the session); without a base, by its url', () => {
    const uploaded = { id: 7, url: 'product/image?id=7', width: 10, height: 10, sizes: { m: 'product/image/view?id=7&size=m&exp=1&sig=s', l: 'l', f: 'f' } };
    const values = { photos: [uploaded, 'plain.png'] };
    expect(cardImages(defs, values, '/api')).toEqual(['/api/product/image/view?id=7&size=m&exp=1&sig=s', 'plain.png']);
    expect(cardImages(defs, values)).toEqual(['product/image?id=7', 'plain.png']);
  });
});

describe('capCount: the count is capped at the available count, never below 0', () => {
  it.each([
    ['within stock stays', 3, 10, 3],
    ['above stock is capped', 15, 10, 10],
    ['equal to stock stays', 10, 10, 10],
    ['negative becomes 0', -2, 10, 0],
    ['NaN becomes 0', NaN, 10, 0],
    ['non-numeric text becomes 0', 'abc', 10, 0],
    ['numeric text is read', '4', '3', 3],
    ['fractions are kept', 2.5, 10, 2.5],
    ['no stock caps at 0', 5, 0, 0],
    ['oversold stock (negative) caps at 0', 5, -3, 0],
    ['unknown available count sets no cap', 5, undefined, 5],
    ['unlimited (-1) sets no cap', 500, -1, 500],
  ] as const)('%s: capCount(%j, %j) → %j', (_rule, count, available, expected) => {
    expect(capCount(count, available)).toBe(expected);
  });
});

describe('positionCountLimit: a saved count may be kept or lowered even above what is available', () => {
  it.each([
    ['stock above the saved count is the limit', 10, 2, 10],
    ['nothing free: the saved count is the limit', 0, 5, 5],
    ['oversold: the saved count is the limit', -3, 5, 5],
    ['no cap stays no cap (service)', null, 5, null],
    ['unlimited (-1) stays unlimited', -1, 5, -1],
  ] as const)('%s: positionCountLimit(%j, %j) → %j', (_rule, available, saved, expected) => {
    expect(positionCountLimit(available, saved)).toBe(expected);
  });
});

describe('cardTitle: a title line of price, lead name, count and units', () => {
  it.each([
    ['all parts', { price: 1200, leadName: 'Deal 5', count: 3, units: 'pcs' }, '1\u202F200.00 · Deal 5 · 3 pcs'],
    ['no units', { price: 10, leadName: 'Deal', count: 2 }, '10.00 · Deal · 2'],
    ['no lead name', { price: '10', leadName: '', count: 1, units: 'kg' }, '10.00 · 1 kg'],
    ['empty price and count count as 0', { price: null, leadName: 'Deal', count: undefined, units: 'pcs' }, '0.00 · Deal · 0 pcs'],
    ['fractional count kept', { price: 1, leadName: null, count: '1.5', units: 'm' }, '1.00 · 1.5 m'],
  ] as const)('%s', (_rule, parts, expected) => {
    expect(cardTitle(parts, formatNumber)).toBe(expected);
  });

  it('formats the price with the given formatter', () => {
    expect(cardTitle({ price: 7, leadName: 'L', count: 1, units: 'u' }, (v) => `<${String(v)}>`)).toBe('<7> · L · 1 u');
  });
});
