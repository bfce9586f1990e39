import { describe, expect, it } from 'vitest';
import {
  PUBLIC_ROUTE_NAMES,
  PUBLIC_ROUTE_PATHS,
  isPublicMode,
  signInPathFor,
} from '../../../src/domain/publicMode';

describe('public-order routes are the four the spec names', () => {
  it('names and paths', () => {
    expect(PUBLIC_ROUTE_NAMES).toEqual(['publicOrder', 'AvailablePublicOrderList', 'CheckPublicOrderAuth', 'PublicOrderProfile']);
    expect(PUBLIC_ROUTE_PATHS).toEqual(['/publicOrder', '/availablePublicOrderList', '/publicOrderAuth', '/publicOrderProfile']);
  });
});

describe('isPublicMode: true when the route name or path (without query or trailing slash) is a public-order route', () => {
  it.each([
    ...PUBLIC_ROUTE_NAMES.map((name) => [`name ${name}`, { name }, true] as const),
    ...PUBLIC_ROUTE_PATHS.map((path) => [`path ${path}`, { path }, true] as const),
    ['path with query', { path: '/publicOrder?order_id=5' }, true],
    ['path with trailing slash', { path: '/publicOrderProfile/' }, true],
    ['path with slash and query', { path: '/availablePublicOrderList/?page=2' }, true],
    ['hash path', { path: '#/publicOrder?order_id=5' }, true],
    ['path in other case (the router ignores case)', { path: '/publicorder' }, true],
    ['staff path', { path: '/addToDeal?order_id=5' }, false],
    ['sign-in path', { path: '/authorization' }, false],
    ['a longer path that starts like a public one', { path: '/publicOrder/extra' }, false],
    ['a path with public text in the query only', { path: '/orders?from=/publicOrder' }, false],
    ['staff name', { name: 'home' }, false],
    ['names are exact', { name: 'publicorder' }, false],
    ['a public path wins over a staff name', { name: 'home', path: '/publicOrder' }, true],
    ['nothing given', {}, false],
  ] as const)('%s', (_rule, route, expected) => {
    expect(isPublicMode(route)).toBe(expected);
  });
});

describe('signInPathFor: /publicOrderAuth in public mode, otherwise /authorization', () => {
  it.each([
    ['/publicOrder?order_id=1', '/publicOrderAuth'],
    ['/publicOrderProfile', '/publicOrderAuth'],
    ['/orders', '/authorization'],
    ['/', '/authorization'],
  ] as const)('%s → %s', (path, expected) => {
    expect(signInPathFor(path)).toBe(expected);
  });
});
