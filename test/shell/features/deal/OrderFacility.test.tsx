import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderWithPositions } from '../../../../src/contract/orders';
import { OrderFacility } from '../../../../shell/features/deal/OrderFacility';
import { $order } from '../../../../shell/features/deal/state';
import { $path } from '../../../../shell/stores/navigation';
import { $token } from '../../../../src/stores/session';
import { CUSTOMER_SEARCH_DELAY_MS } from '../../../../src/ui/CustomerSearch';
import { useApiFake } from '../../../support/apiFake';
import { clearDealOrder, showDealOrder } from '../../../support/dealOrder';
import { settle } from '../../../support/settle';
import { click, typeInto } from '../../../ui/render';
import { staffOrder } from './orderFixtures';

/** The order's facility in the deal's client tab (issue 13 §6): found among the account's facilities, set and removed with orders/client-update. */
const fake = useApiFake();
let root: Root | null = null;

const NORTH = { id: 5, name: 'North site', address: '1 Quay St', archived: false };
const order = (more: Partial<OrderWithPositions> = {}) => staffOrder({ id: 15, version: 4, facility: null, positions: [], ...more });

beforeEach(() => {
  clearDealOrder();
  $token.set('staff-token');
  $path.set('/addToDeal');
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
});

async function show() {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<OrderFacility />));
  await settle();
  return host;
}

async function searchFor(host: HTMLElement, text: string) {
  typeInto(host.querySelector<HTMLInputElement>('input[role="combobox"]')!, text);
  await act(async () => new Promise((resolve) => setTimeout(resolve, CUSTOMER_SEARCH_DELAY_MS + 30)));
  await settle();
  return [...host.querySelectorAll<HTMLElement>('[role="option"]')];
}

describe('the order facility in the deal client tab', () => {
  it('rule: a facility is searched among the unarchived ones by name or address and set with orders/client-update; the deal takes the answer', async () => {
    await showDealOrder(fake, order());
    fake.answers['/api/facility/list'] = { body: { data: [{ ...NORTH, company: null, contact: null, notes: '', created_at: '', updated_at: '' }], links: { first: '?page=1', prev: null, next: null, last: '?page=1' }, meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 } } };
    fake.answers['/api/orders/client-update'] = { body: order({ facility: NORTH, version: 5 }) };
    const host = await show();
    const options = await searchFor(host, 'quay');
    // The archived ones are never asked for: the list's default leaves them out.
    expect(fake.callsTo('/api/facility/list')[0].body).toEqual({ per_page: 20, filter: { search: 'quay' } });
    expect(options.map((option) => option.textContent)).toEqual(['North site1 Quay St']);
    act(() => {
      options[0].dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    });
    await settle();
    expect(fake.callsTo('/api/orders/client-update')[0].body).toEqual({ id: 15, facility_id: 5 });
    expect(($order.get() as OrderWithPositions).facility).toEqual(NORTH);
    expect(($order.get() as OrderWithPositions).version).toBe(5);
    expect(host.textContent).toContain('North site — 1 Quay St');
  });

  it('rule: the × beside the chosen facility removes it (facility_id null)', async () => {
    await showDealOrder(fake, order({ facility: NORTH }));
    fake.answers['/api/orders/client-update'] = { body: order({ facility: null, version: 5 }) };
    const host = await show();
    const remove = host.querySelector<HTMLButtonElement>('button[aria-label="Remove North site"]');
    expect(remove).not.toBeNull();
    click(remove!);
    await settle();
    expect(fake.callsTo('/api/orders/client-update')[0].body).toEqual({ id: 15, facility_id: null });
    expect(host.querySelector('input[role="combobox"]')).not.toBeNull();
  });
});
