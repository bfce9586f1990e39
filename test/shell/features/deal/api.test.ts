import { describe, expect, it } from 'vitest';
import { toPublicPath } from '../../../../src/api/http';

describe('public paths of the deal screen calls (spec 2 §7: orders/ becomes public-order/, named routes differ)', () => {
  it.each([
    ['orders/order', 'public-order/order'],
    ['orders/update', 'public-order/order/update'],
    ['orders/product/add', 'public-order/order/position/add'],
    ['orders/product/delete', 'public-order/order/position/delete'],
    ['orders/fields', 'public-order/fields/list'],
    ['orders/list', 'public-order/order/list'],
    ['category/list', 'public-order/categories/list'],
  ])('%s → %s', (from, to) => {
    expect(toPublicPath(from)).toBe(to);
  });
});
