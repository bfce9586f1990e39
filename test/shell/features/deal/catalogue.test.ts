import { beforeEach, describe, expect, it } from 'vitest';
import { $dealCatalogue, $dealCatalogueFailed, $productSearch, loadDealCatalogue, resetDealCatalogue, searchDealProducts } from '../../../../shell/features/deal/catalogue';
import { $publicToken, $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { CATEGORIES, dealProduct, FIELDS, publicProduct } from './orderFixtures';

const edge = useApiFake();
const page = { data: [publicProduct()], links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1 } };

beforeEach(() => {
  resetDealCatalogue();
  $token.set('staff-token');
  $publicToken.set('public-token');
});

describe('deal catalogue: fields and category properties for the cards', () => {
  it('staff: orders/fields and orders/categories, loaded once (spec 2 §4 categories load once)', async () => {
    edge.answers['/api/orders/fields'] = { status: 200, body: FIELDS };
    edge.answers['/api/orders/categories'] = { status: 200, body: CATEGORIES };
    await Promise.all([loadDealCatalogue(false), loadDealCatalogue(false)]);
    await loadDealCatalogue(false);
    expect(edge.calls.map((call) => call.path).sort()).toEqual(['/api/orders/categories', '/api/orders/fields']);
    expect($dealCatalogue.get()).toEqual({ mode: 'staff', fields: FIELDS, categories: CATEGORIES });
  });

  it('public: the public-visible fields and the properties part of public-order/categories/list, with the public token', async () => {
    edge.answers['/api/public-order/fields/list'] = { status: 200, body: FIELDS.slice(0, 2) };
    edge.answers['/api/public-order/categories/list'] = { status: 200, body: { categories: [], properties: CATEGORIES, products: page } };
    await loadDealCatalogue(true);
    expect(edge.calls.every((call) => call.authorization === 'Bearer public-token')).toBe(true);
    expect($dealCatalogue.get()).toEqual({ mode: 'public', fields: FIELDS.slice(0, 2), categories: CATEGORIES });
  });

  it('a failed load is reported and can be forced again', async () => {
    edge.answers['/api/orders/fields'] = { status: 500, body: { error: 'down' } };
    edge.answers['/api/orders/categories'] = { status: 200, body: CATEGORIES };
    await loadDealCatalogue(false);
    expect([$dealCatalogue.get(), $dealCatalogueFailed.get()]).toEqual([null, true]);
    edge.answers['/api/orders/fields'] = { status: 200, body: FIELDS };
    await loadDealCatalogue(false, { force: true });
    expect($dealCatalogueFailed.get()).toBe(false);
    expect($dealCatalogue.get()?.fields).toEqual(FIELDS);
  });
});

describe('product search for adding a product', () => {
  it('rule: a blank query makes no call (spec 2 §5)', async () => {
    await searchDealProducts('   ', false);
    expect([edge.calls.length, $productSearch.get().status]).toEqual([0, 'idle']);
  });

  it('staff search by name and article: orders/get-products-autocomplete?q', async () => {
    edge.answers['/api/orders/get-products-autocomplete'] = { status: 200, body: [dealProduct()] };
    await searchDealProducts('HA-10', false);
    expect(edge.calls[0].query.get('q')).toBe('HA-10');
    expect($productSearch.get()).toEqual({ query: 'HA-10', status: 'done', results: [dealProduct()] });
  });

  it('public search: the offered products of public-order/categories/list?search', async () => {
    edge.answers['/api/public-order/categories/list'] = { status: 200, body: { categories: [], properties: [], products: page } };
    await searchDealProducts('ham', true);
    expect(edge.calls[0].query.get('search')).toBe('ham');
    expect($productSearch.get().results).toEqual(page.data);
  });

  it('only the answer to the latest query is kept', async () => {
    edge.answers['/api/orders/get-products-autocomplete'] = { status: 200, body: [dealProduct()] };
    const older = searchDealProducts('ha', false);
    const newer = searchDealProducts('ham', false);
    await Promise.all([older, newer]);
    expect($productSearch.get().query).toBe('ham');
  });
});
