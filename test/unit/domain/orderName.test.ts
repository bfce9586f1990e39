import { describe, expect, it } from 'vitest';
import { orderDisplayName } from '../../../src/domain/orderName';

const newOrderName = (id: number) => `New order #${id}`;

describe("orderDisplayName: fields.name, else the 'new order' name with the id (array or missing fields count as empty)", () => {
  it.each([
    ['a name is used', { id: 7, fields: { name: 'Chairs' } }, 'Chairs'],
    ['an empty name → new order name', { id: 7, fields: { name: '' } }, 'New order #7'],
    ['a blank name → new order name', { id: 7, fields: { name: '   ' } }, 'New order #7'],
    ['no name key → new order name', { id: 7, fields: { other: 1 } }, 'New order #7'],
    ['fields as an array counts as empty', { id: 7, fields: [] }, 'New order #7'],
    ['a non-empty array still counts as empty', { id: 7, fields: ['x'] }, 'New order #7'],
    ['fields null → new order name', { id: 7, fields: null }, 'New order #7'],
    ['fields missing → new order name', { id: 7 }, 'New order #7'],
    ['a numeric name is shown as text', { id: 7, fields: { name: 15 } }, '15'],
    ['a non-text name → new order name', { id: 7, fields: { name: { a: 1 } } }, 'New order #7'],
  ] as const)('%s', (_rule, order, expected) => {
    expect(orderDisplayName(order, newOrderName)).toBe(expected);
  });
});
