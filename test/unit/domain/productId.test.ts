import { describe, expect, it } from 'vitest';
import {
  PRODUCT_WAREHOUSE_SEPARATOR,
  parseProductIdentifier,
  productIdentifier,
} from '../../../src/domain/productId';

describe('productIdentifier: goods with a chosen warehouse are id%%%code; services and goods without one use the plain id', () => {
  it('the separator is three percent signs', () => {
    expect(PRODUCT_WAREHOUSE_SEPARATOR).toBe('%%%');
  });

  it.each([
    ['goods with a warehouse', { id: 42, type: 'product' }, 'MAIN', '42%%%MAIN'],
    ['goods without a type, with a warehouse', { id: '42' }, 'W2', '42%%%W2'],
    ['numeric warehouse code', { id: 42, type: 'product' }, 7, '42%%%7'],
    ['goods without a warehouse', { id: 42, type: 'product' }, undefined, '42'],
    ['goods with an empty warehouse code', { id: 42, type: 'product' }, '', '42'],
    ['goods with a null warehouse', { id: 42, type: 'product' }, null, '42'],
    ['a service ignores the warehouse', { id: 42, type: 'service' }, 'MAIN', '42'],
    ['service type in any case', { id: 42, type: 'Service' }, 'MAIN', '42'],
  ] as const)('%s', (_rule, product, code, expected) => {
    expect(productIdentifier(product, code)).toBe(expected);
  });
});

describe('parseProductIdentifier: splits id and warehouse code at the separator', () => {
  it.each([
    ['42%%%MAIN', { id: '42', warehouseCode: 'MAIN' }],
    ['42', { id: '42', warehouseCode: null }],
    [42, { id: '42', warehouseCode: null }],
    ['42%%%', { id: '42', warehouseCode: null }],
    ['42%%%a%%%b', { id: '42', warehouseCode: 'a%%%b' }],
  ] as const)('%j → %j', (text, expected) => {
    expect(parseProductIdentifier(text)).toEqual(expected);
  });

  it('round-trips productIdentifier', () => {
    expect(parseProductIdentifier(productIdentifier({ id: 9, type: 'product' }, 'W-1'))).toEqual({
      id: '9',
      warehouseCode: 'W-1',
    });
  });
});
