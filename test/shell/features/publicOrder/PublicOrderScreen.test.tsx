import { act } from 'react';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppLocation } from '../../../../shell/app/hashLocation';
import { listenToLocation, syncLocation } from '../../../../shell/app/locationSync';
import { resetOrderPage } from '../../../../shell/features/publicOrder/orderPage';
import PublicOrderScreen from '../../../../shell/features/publicOrder/PublicOrderScreen';
import { setNavigator } from '../../../../shell/stores/navigation';
import type { PublicOrderWithPositions } from '../../../../src/contract/publicOrder';
import { clearNotifications } from '../../../../src/stores/notifications';
import { clearSession, savePublicToken } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { publicOrder } from '../../../support/publicOrders';
import { settle } from '../../../support/settle';
import { all, click, get, render } from '../../../ui/render';

const edge = useApiFake();
let stopListening: (() => void) | null = null;

function order(extra: Partial<PublicOrderWithPositions> = {}): PublicOrderWithPositions {
  return {
    ...publicOrder(7, { name: 'Chairs for the office', status_name: 'Confirmed', sum: 2400 }),
    positions: [
      { id: 70, order_id: 7, product_id: 5, name: 'Office chair', article: 'OC-1', type: 'product', unit: 'pcs', category_id: null, price_field: 'retail', price: 1200, currency: 'RUB', count: 2, nds: 0, sum: 2400, fields: {}, availability: 'on_order', max_count: null },
    ],
    ...extra,
  };
}

function answer(body: PublicOrderWithPositions) {
  edge.answers['/api/public-order/order'] = { status: 200, body };
  edge.answers['/api/public-order/fields/list'] = { status: 200, body: [] };
  edge.answers['/api/public-order/doc/list'] = { status: 200, body: [] };
  edge.answers['/api/public-order/custom-doc/list'] = { status: 200, body: [] };
  edge.answers['/api/public-order/categories/list'] = { status: 200, body: { categories: [], properties: [], products: { data: [], links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1 } } } };
}

async function show() {
  stopListening = listenToLocation(window);
  window.history.replaceState(null, '', '/#/publicOrder?order_id=7');
  await settle();
  syncLocation();
  const rendered = render(
    <Router hook={useAppLocation}>
      <PublicOrderScreen />
    </Router>,
  );
  await settle();
  return rendered;
}

beforeEach(() => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  resetOrderPage();
  savePublicToken('po-token');
});
afterEach(() => {
  stopListening?.();
  stopListening = null;
});

describe('/publicOrder: the customer page (issue 19 §3)', () => {
  it('rule: the order as the customer sees it — name, number, status, items with availability, total with the currency sign; no staff deal screen', async () => {
    answer(order());
    const { container } = await show();
    expect(get(container, 'h1').textContent).toBe('Chairs for the office');
    expect(get(container, '.po-meta').textContent).toContain('No. 7');
    expect(get(container, '.po-status').textContent).toContain('Confirmed');
    const [line] = all(container, '.po-line');
    expect(line.textContent).toContain('Office chair');
    expect(line.textContent).toContain('Article OC-1');
    expect(get(line, '.po-availability').textContent).toBe('On order');
    expect(get(line, '.po-line__sum').textContent).toContain('2,400.00\u00A0₽');
    expect(get(container, '.po-total').textContent).toContain('2,400.00\u00A0₽');
    expect(container.querySelector('.deal-screen, .product-card')).toBeNull();
    // The calls are the public ones, with the public token.
    expect(edge.calls.every((call) => call.path.startsWith('/api/public-order/') && call.authorization === 'Bearer po-token')).toBe(true);
  });

  it('rule: "+" sends the new quantity through public-order/order/update and shows the answer; an inactive order offers no changes', async () => {
    answer(order());
    const { container } = await show();
    edge.answers['/api/public-order/order/update'] = { status: 200, body: order({ sum: 3600, positions: [{ ...order().positions[0], count: 3, sum: 3600 }] }) };
    await act(async () => click(get(container, 'button[aria-label="One more of Office chair"]')));
    await settle();
    expect(edge.calls.find((call) => call.path === '/api/public-order/order/update')?.body).toEqual({ order_id: 7, positions: [{ id: 70, count: 3 }] });
    expect(get<HTMLInputElement>(container, '.po-quantity__input').value).toBe('3');
    expect(get(container, '.po-total').textContent).toContain('3,600.00');

    resetOrderPage();
    answer(order({ active: false }));
    const closed = await show();
    expect(closed.container.querySelector('.po-quantity, .po-line__remove, .po-offer')).toBeNull();
    expect(closed.container.textContent).toContain('This order can no longer be changed');
  });

  it("rule: an order linked to a CRM deal shows the deal's status by name", async () => {
    answer(order({ status_name: null, status_id: null, status: 2 }));
    const { container } = await show();
    expect(get(container, '.po-status').textContent).toContain('Success');
  });
});
