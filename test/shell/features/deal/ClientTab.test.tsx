import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientTab } from '../../../../shell/features/deal/ClientTab';
import { $orderClient } from '../../../../shell/features/deal/orderClient';
import { resetCustomerLists } from '../../../../shell/stores/customers';
import { $path } from '../../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import { $order } from '../../../../shell/features/deal/state';
import { $token } from '../../../../src/stores/session';
import { CUSTOMER_SEARCH_DELAY_MS } from '../../../../src/ui/CustomerSearch';
import { blur, click, typeInto } from '../../../ui/render';
import type { OrderWithPositions } from '../../../../src/contract/orders';
import { clearDealOrder, showDealOrder } from '../../../support/dealOrder';
import { useApiFake } from '../../../support/apiFake';
import { staffOrder } from './orderFixtures';
import { company, contact } from '../../../support/customerFixtures';
import { settle } from '../../../support/settle';

const fake = useApiFake();
let root: Root | null = null;

const order = (more: Partial<OrderWithPositions> = {}) => staffOrder({ id: 15, version: 4, contacts: [{ id: 7, name: 'Anna Smith' }], company: null, positions: [], ...more });

beforeEach(() => {
  resetCustomerLists();
  clearNotifications();
  clearDealOrder();
  $orderClient.set({ orderId: null, contact: null, company: null, status: 'idle' });
  $token.set('staff-token');
  $path.set('/addToDeal');
  fake.answers['/api/contact/field/list'] = { body: [] };
  fake.answers['/api/company/field/list'] = { body: [] };
  fake.answers['/api/contact/get'] = { body: contact(7, 'Anna Smith') };
  fake.answers['/api/company/get'] = { body: company(3, 'Acme') };
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
});

async function show(props: { onChanged?: () => void } = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<ClientTab orderId={15} onChanged={props.onChanged} />));
  await settle();
  return host;
}

const section = (host: HTMLElement, kind: 'contact' | 'company') => host.querySelector<HTMLElement>(`section[data-kind="${kind}"]`)!;
const buttonNamed = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((button) => button.textContent?.trim() === name) as HTMLButtonElement | undefined;
const inputLabelled = (root: ParentNode, label: string) => {
  const labelElement = [...root.querySelectorAll('label')].find((element) => element.textContent === label);
  return root.querySelector<HTMLInputElement>(`#${CSS.escape(labelElement?.htmlFor ?? 'none')}`)!;
};
async function press(button: HTMLElement | undefined) {
  expect(button).toBeDefined();
  click(button!);
  await settle();
}
async function searchFor(where: HTMLElement, text: string) {
  typeInto(where.querySelector<HTMLInputElement>('input[role="combobox"]')!, text);
  await act(async () => new Promise((resolve) => setTimeout(resolve, CUSTOMER_SEARCH_DELAY_MS + 30)));
  await settle();
  return [...where.querySelectorAll<HTMLElement>('[role="option"]')];
}
const choose = async (option: HTMLElement) => {
  act(() => {
    option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
  });
  await settle();
};

describe('deal client tab', () => {
  it("shows the order's contact and says when no company is chosen; the deal screen's order is read, not fetched again", async () => {
    await showDealOrder(fake, order());
    const host = await show();
    expect(section(host, 'contact').querySelector('.deal-client__name')?.textContent).toBe('Anna Smith');
    expect(section(host, 'contact').textContent).toContain('anna@example.com');
    expect(section(host, 'company').textContent).toContain('No company is chosen for this order.');
    expect(fake.callsTo('/api/orders/order')).toEqual([]);
  });

  it('without the deal screen’s order it reads orders/order itself', async () => {
    fake.answers['/api/orders/order'] = { body: order({ company: { id: 3, name: 'Acme' } }) };
    const host = await show();
    expect(fake.callsTo('/api/orders/order')).toHaveLength(1);
    expect(section(host, 'company').querySelector('.deal-client__name')?.textContent).toBe('Acme');
    expect(section(host, 'company').textContent).toContain('7701234567');
  });

  it('a company found by name (autocomplete) is linked with orders/client-update', async () => {
    await showDealOrder(fake, order());
    fake.answers['/api/company/autocomplete'] = { body: [{ id: 3, name: 'Acme', email: 'info@acme.io', phone: '', tax_number: '7701234567' }] };
    fake.answers['/api/orders/client-update'] = { body: order({ company: { id: 3, name: 'Acme' }, version: 5 }) };
    const changed = vi.fn();
    const host = await show({ onChanged: changed });
    const options = await searchFor(section(host, 'company'), 'ac');
    expect(fake.callsTo('/api/company/autocomplete')[0].query.get('query')).toBe('ac');
    expect(options.map((option) => option.textContent)).toEqual(['Acmeinfo@acme.io · 7701234567', 'Create “ac”']);
    await choose(options[0]);
    expect(fake.callsTo('/api/orders/client-update')[0].body).toEqual({ id: 15, company_id: 3 });
    expect(section(host, 'company').querySelector('.deal-client__name')?.textContent).toBe('Acme');
    expect(($order.get() as unknown as { version: number }).version).toBe(5);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('a blank search sends nothing; a search that finds nothing says "Nothing found"', async () => {
    await showDealOrder(fake, order());
    fake.answers['/api/company/autocomplete'] = { body: [] };
    const host = await show();
    await searchFor(section(host, 'company'), '   ');
    expect(fake.callsTo('/api/company/autocomplete')).toEqual([]);
    await searchFor(section(host, 'company'), 'zz');
    expect(section(host, 'company').querySelector('[role="listbox"]')?.textContent).toContain('Nothing found');
  });

  it("creating a contact checks 'Empty field', 'Minimum of 3 characters', 'Email invalid', then adds it and makes it the order's", async () => {
    await showDealOrder(fake, order({ contacts: [] }));
    fake.answers['/api/contact/add'] = { body: contact(21, 'Nina Newman') };
    fake.answers['/api/orders/client-update'] = { body: order({ contacts: [{ id: 21, name: 'Nina Newman' }], version: 5 }) };
    const host = await show();
    const box = section(host, 'contact');
    await press(buttonNamed(box, 'Create a contact'));
    await press(buttonNamed(box, 'Create a contact'));
    expect(box.textContent).toContain('Empty field');
    const name = inputLabelled(box, 'Name');
    typeInto(name, 'Ni');
    blur(name);
    expect(box.textContent).toContain('Minimum of 3 characters');
    const email = inputLabelled(box, 'E-mail');
    typeInto(email, 'nina@');
    blur(email);
    expect(box.textContent).toContain('Email invalid');
    expect(fake.callsTo('/api/contact/add')).toEqual([]);
    typeInto(name, 'Nina Newman');
    blur(name);
    typeInto(email, 'nina@example.com');
    blur(email);
    await press(buttonNamed(box, 'Create a contact'));
    expect(fake.callsTo('/api/contact/add')[0].body).toMatchObject({ name: 'Nina Newman', email: 'nina@example.com' });
    expect(fake.callsTo('/api/orders/client-update')[0].body).toEqual({ id: 15, contact_id: 21 });
    expect(box.querySelector('.deal-client__name')?.textContent).toBe('Nina Newman');
  });

  it('rule: a contact created but refused as the order’s is not reported saved; the form closes (no twin on a second submit) and the search is offered', async () => {
    await showDealOrder(fake, order({ contacts: [] }));
    fake.answers['/api/contact/add'] = { body: contact(21, 'Nina Newman') };
    fake.answers['/api/orders/client-update'] = { status: 422, body: { error: 'The order is closed.' } };
    const host = await show();
    const box = section(host, 'contact');
    await press(buttonNamed(box, 'Create a contact'));
    const name = inputLabelled(box, 'Name');
    typeInto(name, 'Nina Newman');
    blur(name);
    await press(buttonNamed(box, 'Create a contact'));
    expect(fake.callsTo('/api/contact/add')).toHaveLength(1);
    const shown = $notifications.get().map((note) => note.header);
    expect(shown).toContain('Nina Newman has been created but could not be set on the order');
    expect(shown).not.toContain('Saved');
    expect(inputLabelled(box, 'Name')).toBeNull();
    expect(box.querySelector('input[role="combobox"]')).not.toBeNull();
  });

  it("'Create “name”' in the search opens the form with that name", async () => {
    await showDealOrder(fake, order({ contacts: [] }));
    fake.answers['/api/contact/autocomplete'] = { body: [] };
    const host = await show();
    const options = await searchFor(section(host, 'contact'), 'Olga Petrova');
    await choose(options.at(-1)!);
    expect(inputLabelled(section(host, 'contact'), 'Name').value).toBe('Olga Petrova');
  });

  it('editing the contact shows the edit texts and sends only what changed', async () => {
    await showDealOrder(fake, order());
    fake.answers['/api/contact/update'] = { body: contact(7, 'Anna Smith', { phone: '+7 999 000' }) };
    const host = await show();
    const box = section(host, 'contact');
    await press(buttonNamed(box, 'Edit'));
    const name = inputLabelled(box, 'Name');
    typeInto(name, '');
    blur(name);
    expect(box.textContent).toContain('Empty field');
    typeInto(name, 'Anna Smith');
    blur(name);
    const phone = inputLabelled(box, 'Phone');
    typeInto(phone, '+7 999 000');
    blur(phone);
    await press(buttonNamed(box, 'Save'));
    expect(fake.callsTo('/api/contact/update')[0].body).toEqual({ id: 7, phone: '+7 999 000' });
    expect(box.textContent).toContain('+7 999 000');
  });

  it('remove from the order sends contact_id null', async () => {
    await showDealOrder(fake, order());
    fake.answers['/api/orders/client-update'] = { body: order({ contacts: [], version: 5 }) };
    const host = await show();
    await press(buttonNamed(section(host, 'contact'), 'Remove from the order'));
    expect(fake.callsTo('/api/orders/client-update')[0].body).toEqual({ id: 15, contact_id: null });
    expect(section(host, 'contact').textContent).toContain('No contact is chosen for this order.');
  });

  it('a failed load offers to try again', async () => {
    fake.answers['/api/orders/order'] = { status: 500, body: { error: 'down' } };
    const host = await show();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('The customer of this order did not load.');
  });
});
