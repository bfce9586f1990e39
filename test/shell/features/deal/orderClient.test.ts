import { beforeEach, describe, expect, it } from 'vitest';
import { $order } from '../../../../shell/features/deal/state';
import { $orderClient, createOrderCustomer, loadOrderClient, setOrderCustomer } from '../../../../shell/features/deal/orderClient';
import type { OrderWithPositions } from '../../../../src/contract/orders';
import { draftOf, resetCustomerLists } from '../../../../shell/stores/customers';
import { $path } from '../../../../shell/stores/navigation';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { company, contact } from '../../../support/customerFixtures';
import { clearDealOrder, showDealOrder } from '../../../support/dealOrder';
import { staffOrder } from './orderFixtures';

const fake = useApiFake();

beforeEach(() => {
  resetCustomerLists();
  clearDealOrder();
  $orderClient.set({ orderId: null, contact: null, company: null, status: 'idle' });
  $token.set('staff-token');
  $path.set('/clients');
});

describe('the customer of an order (the deal client tab)', () => {
  const order = (more: Partial<OrderWithPositions> = {}) => staffOrder({ id: 15, version: 4, contacts: [{ id: 7, name: 'Anna Smith' }], company: { id: 3, name: 'Acme' }, positions: [], ...more });

  beforeEach(() => {
    fake.answers['/api/contact/get'] = { body: contact(7, 'Anna Smith') };
    fake.answers['/api/company/get'] = { body: company(3, 'Acme') };
  });

  it("reads the contact and company the deal screen's order names, without reading the order again", async () => {
    await showDealOrder(fake, order());
    await loadOrderClient(15);
    expect(fake.callsTo('/api/orders/order')).toEqual([]);
    expect($orderClient.get()).toMatchObject({ orderId: 15, status: 'ready', contact: { id: 7 }, company: { id: 3 } });
  });

  it('reads the order itself when the deal screen holds another (or none)', async () => {
    fake.answers['/api/orders/order'] = { body: order({ company: null }) };
    await loadOrderClient(15);
    expect(fake.callsTo('/api/orders/order')[0].query.get('order_id')).toBe('15');
    expect(fake.callsTo('/api/company/get')).toEqual([]);
    expect($orderClient.get()).toMatchObject({ contact: { id: 7 }, company: null, status: 'ready' });
  });

  it('choosing a company posts orders/client-update and the deal screen takes the new version', async () => {
    await showDealOrder(fake, order({ company: null }));
    await loadOrderClient(15);
    fake.answers['/api/orders/client-update'] = { body: order({ version: 5 }) };
    expect(await setOrderCustomer('company', 3)).toBe(true);
    expect(fake.callsTo('/api/orders/client-update')[0].body).toEqual({ id: 15, company_id: 3 });
    expect($orderClient.get().company?.name).toBe('Acme');
    expect(($order.get() as unknown as { version: number }).version).toBe(5);
  });

  it('removing the contact sends contact_id null', async () => {
    await showDealOrder(fake, order());
    await loadOrderClient(15);
    fake.answers['/api/orders/client-update'] = { body: order({ contacts: [], version: 5 }) };
    await setOrderCustomer('contact', null);
    expect(fake.callsTo('/api/orders/client-update')[0].body).toEqual({ id: 15, contact_id: null });
    expect($orderClient.get().contact).toBeNull();
  });

  it('a new contact is added, then made the order’s', async () => {
    await showDealOrder(fake, order({ contacts: [] }));
    await loadOrderClient(15);
    fake.answers['/api/contact/add'] = { body: contact(21, 'Nina New') };
    fake.answers['/api/orders/client-update'] = { body: order({ contacts: [{ id: 21, name: 'Nina New' }], version: 5 }) };
    const saved = await createOrderCustomer('contact', { ...draftOf('contact', null), name: 'Nina New' });
    expect(saved.ok).toBe(true);
    expect(fake.calls.map((call) => call.path)).toEqual(['/api/company/get', '/api/contact/add', '/api/orders/client-update']);
    expect(fake.callsTo('/api/orders/client-update')[0].body).toEqual({ id: 15, contact_id: 21 });
    expect($orderClient.get().contact?.name).toBe('Nina New');
  });
});
