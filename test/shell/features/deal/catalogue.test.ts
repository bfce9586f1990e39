import { beforeEach, describe, expect, it } from 'vitest';
import { $dealCatalogue, $dealCatalogueFailed, $productSearch, loadDealCatalogue, resetDealCatalogue, searchDealProducts } from '../../../../shell/features/deal/catalogue';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { CATEGORIES, dealProduct, FIELDS } from './orderFixtures';

const edge = useApiFake();

beforeEach(() => {
  resetDealCatalogue();
  $token.set('staff-token');
});

describe('deal catalogue: fields and category properties for the cards', () => {
  it('staff: orders/fields and orders/categories, loaded once (spec 2 §4 categories load once)', async () => {
    edge.answers['/api/orders/fields'] = { status: 200, body: FIELDS };
    edge.answers['/api/orders/categories'] = { status: 200, body: CATEGORIES };
    await Promise.all([loadDealCatalogue(), loadDealCatalogue()]);
    await loadDealCatalogue();
    expect(edge.calls.map((call) => call.path).sort()).toEqual(['/api/orders/categories', '/api/orders/fields']);
    expect($dealCatalogue.get()).toEqual({ fields: FIELDS, categories: CATEGORIES });
  });

  it('a failed load is reported and can be forced again', async () => {
    edge.answers['/api/orders/fields'] = { status: 500, body: { error: 'down' } };
    edge.answers['/api/orders/categories'] = { status: 200, body: CATEGORIES };
    await loadDealCatalogue();
    expect([$dealCatalogue.get(), $dealCatalogueFailed.get()]).toEqual([null, true]);
    edge.answers['/api/orders/fields'] = { status: 200, body: FIELDS };
    await loadDealCatalogue({ force: true });
    expect($dealCatalogueFailed.get()).toBe(false);
    expect($dealCatalogue.get()?.fields).toEqual(FIELDS);
  });
});

describe('product search for adding a product', () => {
  it('rule: a blank query makes no call (spec 2 §5)', async () => {
    await searchDealProducts('   ');
    expect([edge.calls.length, $productSearch.get().status]).toEqual([0, 'idle']);
  });

  it('staff search by name and article: orders/get-products-autocomplete?q', async () => {
    edge.answers['/api/orders/get-products-autocomplete'] = { status: 200, body: [dealProduct()] };
    await searchDealProducts('HA-10');
    expect(edge.calls[0].query.get('q')).toBe('HA-10');
    expect($productSearch.get()).toEqual({ query: 'HA-10', status: 'done', results: [dealProduct()] });
  });

  it('only the answer to the latest query is kept', async () => {
    edge.answers['/api/orders/get-products-autocomplete'] = { status: 200, body: [dealProduct()] };
    const older = searchDealProducts('ha');
    const newer = searchDealProducts('ham');
    await Promise.all([older, newer]);
    expect($productSearch.get().query).toBe('ham');
  });
});
