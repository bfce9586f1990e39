import { describe, expect, it } from 'vitest';
import type { ImportTemplate } from '../../../src/contract/import';
import { applyTemplate, chooseField } from '../../../shell/features/import/mapping';
import { csvRows } from '../../../server/modules/import/csv';
import { readCell, readDate } from '../../../server/modules/import/cells';
import { proposeMapping } from '../../../server/modules/import/fields';

const columns = [
  { column: 0, header: 'Name', field: 'name' },
  { column: 1, header: 'Code', field: null },
  { column: 2, header: 'Qty', field: 'quantity' },
];

describe('the import overlay’s mapping rules', () => {
  it('one field per column: choosing a field for a column takes it from the other column', () => {
    expect(chooseField(columns, 1, 'quantity').map((column) => column.field)).toEqual(['name', 'quantity', null]);
    expect(chooseField(columns, 0, null).map((column) => column.field)).toEqual([null, null, 'quantity']);
  });

  it('a template finds its columns again by header (case and spaces aside) and brings its choices', () => {
    const template: ImportTemplate = {
      id: 1,
      name: 'Supplier',
      updated_at: '',
      settings: { mapping: [{ column: 5, header: '  code ', field: 'article' }], mode: 'update', compare: 'name', only_positive: true, excluded: ['tags'] },
    };
    const applied = applyTemplate(columns, template);
    expect(applied.mapping.map((column) => column.field)).toEqual(['name', 'article', 'quantity']);
    expect(applied).toMatchObject({ mode: 'update', compare: 'name', only_positive: true, excluded: ['tags'] });
  });
});

describe('reading import cells (server/modules/import/cells.ts)', () => {
  it('three date formats are one date; a slashed date is ambiguous and refused', () => {
    expect(readDate(new Date(Date.UTC(2025, 0, 31)))).toEqual({ value: '2025-01-31' });
    expect(readDate('2025-01-31')).toEqual({ value: '2025-01-31' });
    expect(readDate('31.01.2025')).toEqual({ value: '2025-01-31' });
    expect(readDate('31.02.2025')).toHaveProperty('problem');
    expect(readDate('01/02/2025')).toHaveProperty('problem');
  });

  it('numbers with a decimal comma and grouped thousands are read; words, dates and formulas are not', () => {
    expect(readCell('1 234,50', 'number')).toEqual({ value: 1234.5 });
    expect(readCell('ten', 'number')).toEqual({ problem: { code: 'importNotANumber', params: { text: 'ten' } } });
    expect(readCell(new Date(0), 'number')).toHaveProperty('problem');
    expect(readCell({ formula: 'A1*2' }, 'text')).toHaveProperty('problem');
    expect(readCell('  ', 'number')).toEqual({ value: undefined });
  });

  it('category paths and tag lists are split and trimmed', () => {
    expect(readCell('Tools / Hand tools /', 'category')).toEqual({ value: ['Tools', 'Hand tools'] });
    expect(readCell('a, b; c', 'list')).toEqual({ value: ['a', 'b', 'c'] });
  });

  it('CSV: quoted delimiters, doubled quotes and line breaks inside a cell; the delimiter guessed from the header', () => {
    expect([...csvRows('Name;Note\r\n"A; B";"say ""hi""\nthere"\r\nC;\n')]).toEqual([
      ['Name', 'Note'],
      ['A; B', 'say "hi"\nthere'],
      ['C', ''],
    ]);
    expect([...csvRows('a,b\n1,2')]).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('proposeMapping', () => {
  it('proposes each field for one column only, the first that names it', () => {
    const targets = { fields: [], byHeader: new Map([['name', 'name'], ['название', 'name'], ['qty', 'quantity']]) };
    expect(proposeMapping(['Название', 'Name', ' QTY '], targets).map((column) => column.field)).toEqual(['name', null, 'quantity']);
  });
});
