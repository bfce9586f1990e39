import { beforeEach, describe, expect, it } from 'vitest';
import BusinessProcessesPanel from '../../../../shell/features/business/BusinessProcessesPanel';
import PublicCustomersPanel from '../../../../shell/features/publicCustomers/PublicCustomersPanel';
import TariffsPanel from '../../../../shell/features/tariffs/TariffsPanel';
import { $publicCustomers } from '../../../../shell/features/publicCustomers/state';
import { setNavigator } from '../../../../shell/stores/navigation';
import type { Account } from '../../../../src/contract/account';
import { $account } from '../../../../src/stores/account';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import { $token, clearSession } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';
import { all, click, get, render, typeInto } from '../../../ui/render';

/**
 * The settings panels of issue 17 §4 and §6: what they show from the server's answers and which calls their
 * actions make (the server's rules themselves are in test/server/businessProcesses, publicCustomerAccess, tariffs).
 */
const edge = useApiFake();
const admin = { id: 7, name: 'Dana', admin: true };
const account: Account = { id: 1, name: 'Demo Trading', country: null, expired: false, paid_until: null };

beforeEach(() => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  $token.set('staff');
  $account.set({ loaded: true, account, user: admin });
  $publicCustomers.set(null);
});

const texts = () => $notifications.get().map((n) => n.header);

describe('business processes panel', () => {
  beforeEach(() => {
    edge.answers['/api/orders/public/settings'] = (call) => ({ status: 200, body: { product_visibility: (call.body as { product_visibility?: string } | null)?.product_visibility ?? 'all', max_count_per_position: null, max_count_per_order: null } });
    edge.answers['/api/business/tags'] = { status: 200, body: [{ tag: 'vip', products: 3, customers: 2 }] };
  });

  it('rule: the three scenarios with their meaning; choosing one saves it', async () => {
    const { container } = render(<BusinessProcessesPanel />);
    await settle();
    const radios = all<HTMLInputElement>(container, 'input[type="radio"]');
    expect(radios.map((radio) => radio.value)).toEqual(['all', 'tagged', 'tagged_or_untagged']);
    expect(radios[0].checked).toBe(true);
    expect(container.textContent).toContain('Show tagged products only to customers with matching tags');
    expect(container.textContent).toContain('untagged products are hidden');
    click(radios[1]);
    await settle();
    expect(edge.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ product_visibility: 'tagged' }]);
    expect(texts()).toContain('The scenario is saved');
  });

  it('rule: delete asks first, naming how many products and customers use the tag, then deletes and reloads the list', async () => {
    const { container } = render(<BusinessProcessesPanel />);
    await settle();
    expect(get(container, 'tbody').textContent).toContain('vip32');
    edge.answers['/api/business/tags/delete'] = { status: 200, body: { products: 3, customers: 2 } };
    click(get(container, 'button[aria-label="Delete vip"]'));
    expect(document.body.textContent).toContain('Delete the tag vip? It is used by 3 products and 2 customers.');
    edge.answers['/api/business/tags'] = { status: 200, body: [] };
    click(all(document.body, '[role="alertdialog"] button').find((button) => button.textContent === 'Delete')!);
    await settle();
    expect(edge.calls.find((call) => call.path === '/api/business/tags/delete')?.body).toEqual({ tag: 'vip' });
    expect(container.textContent).toContain('No tags yet');
  });

  it('rule: a member who is not an admin sees the settings but cannot change them', async () => {
    $account.set({ loaded: true, account, user: { ...admin, admin: false } });
    const { container } = render(<BusinessProcessesPanel />);
    await settle();
    expect(get<HTMLFieldSetElement>(container, 'fieldset').disabled).toBe(true);
    expect(all(container, 'button')).toHaveLength(0);
  });
});

describe('public customers panel', () => {
  const nina = { id: 5, name: 'Nina', email: 'nina@example.com', phone: null, tags: ['vip'], has_password: true, created_at: '2026-01-01T00:00:00Z', disabled: false, orders: [{ id: 12, name: 'Spring' }] };

  it('rule: the list shows name, login, tags, shared orders and status; disable calls the server and says their sessions ended', async () => {
    edge.answers['/api/orders/public/customers/list'] = { status: 200, body: { data: [nina], links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1 } } };
    const { container } = render(<PublicCustomersPanel />);
    await settle();
    expect(get(container, 'tbody tr').textContent).toContain('Ninanina@example.comvipSpring (12)Active');
    edge.answers['/api/orders/public/customers/disable'] = { status: 200, body: { ...nina, disabled: true } };
    edge.answers['/api/orders/public/customers/list'] = { status: 200, body: { data: [{ ...nina, disabled: true }], links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1 } } };
    click(all(container, 'tbody button').find((button) => button.textContent === 'Disable')!);
    await settle();
    expect(edge.calls.find((call) => call.path === '/api/orders/public/customers/disable')?.body).toEqual({ id: 5 });
    expect(texts()).toContain('Nina is disabled: their sessions have ended');
    expect(get(container, 'tbody tr').textContent).toContain('Disabled');
  });

  it('rule: invite adds the customer with their tags and mails the invitation; an empty e-mail is refused before any call', async () => {
    edge.answers['/api/orders/public/customers/list'] = { status: 200, body: { data: [], links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1 } } };
    const { container } = render(<PublicCustomersPanel />);
    await settle();
    click(get(container, 'form button[type="submit"]'));
    expect(container.textContent).toContain('Empty field');
    typeInto(get(container, 'input[name="customer-name"]'), 'Olga');
    typeInto(get(container, 'input[name="customer-email"]'), 'olga@example.com');
    typeInto(get(container, 'input[name="customer-tags"]'), 'vip, gold, vip');
    const olga = { ...nina, id: 6, name: 'Olga', email: 'olga@example.com', has_password: false, orders: [] };
    edge.answers['/api/orders/public/customers/add'] = { status: 200, body: olga };
    edge.answers['/api/orders/public/customers/invite'] = { status: 200, body: olga };
    click(get(container, 'form button[type="submit"]'));
    await settle();
    expect(edge.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/orders/public/customers/add', { name: 'Olga', email: 'olga@example.com', tags: ['vip', 'gold'] }],
      ['/api/orders/public/customers/invite', { id: 6 }],
    ]);
    expect(texts()).toContain('Olga is invited: the e-mail with a code is sent');
  });
});

describe('tariffs panel', () => {
  const plan = (id: number, code: string, price: number, period = 'year') => ({ id, code, name: code, users: 3, positions: 1000, contacts_companies: 500, orders_per_month: 100, import_export: false, api: false, price, period });

  it('rule: a meter per limit (used of allowed), and the button states connect / request an invoice / purchased', async () => {
    $account.set({ loaded: true, account: { ...account, paid_until: '2999-01-01T00:00:00Z' }, user: admin });
    edge.answers['/api/account/tariffs'] = { status: 200, body: { current: plan(2, 'business', 490), plan_end: '2999-01-01T00:00:00Z', usage: { users: 1, positions: 0 }, tariffs: [plan(1, 'start', 0), plan(2, 'business', 490), plan(3, 'corporate', 49, 'user')] } };
    edge.answers['/api/tariffs/meters'] = { status: 200, body: { users: { used: 3, allowed: 3 }, positions: { used: 850, allowed: 1000 }, contacts_companies: { used: 2, allowed: 500 }, orders_per_month: { used: 0, allowed: 100 } } };
    edge.answers['/api/tariffs/invoices'] = { status: 200, body: [] };
    const { container } = render(<TariffsPanel />);
    await settle();
    const meter = (key: string) => get(container, `[data-meter="${key}"]`);
    expect(meter('users').textContent).toContain('3 of 3');
    expect(meter('users').dataset.level).toBe('full');
    expect(meter('positions').dataset.level).toBe('near');
    expect(meter('contacts_companies').dataset.level).toBe('ok');
    const action = (code: string) => get(container, `[data-plan="${code}"]`).querySelector('button, .tariff-purchased')!.textContent;
    expect([action('start'), action('business'), action('corporate')]).toEqual(['Connect', 'Purchased', 'Request an invoice']);
    expect(get(container, '[data-plan="corporate"]').textContent).toContain('$49 per user');
  });

  it("rule: 'Connect' on the free plan asks first, then connects it (tariffs/connect, not an invoice) and reloads the plans and the account", async () => {
    $account.set({ loaded: true, account: { ...account, paid_until: '2999-01-01T00:00:00Z' }, user: admin });
    edge.answers['/api/account/tariffs'] = { status: 200, body: { current: plan(2, 'business', 490), plan_end: '2999-01-01T00:00:00Z', usage: { users: 1, positions: 0 }, tariffs: [plan(1, 'start', 0), plan(2, 'business', 490)] } };
    edge.answers['/api/tariffs/meters'] = { status: 200, body: { users: { used: 1, allowed: 10 }, positions: { used: 0, allowed: 20000 }, contacts_companies: { used: 0, allowed: 10000 }, orders_per_month: { used: 0, allowed: 2000 } } };
    edge.answers['/api/tariffs/invoices'] = { status: 200, body: [] };
    edge.answers['/api/tariffs/connect'] = { status: 200, body: { tariff_id: 1 } };
    edge.answers['/api/account/config'] = { status: 200, body: { account, user: admin } };
    const { container } = render(<TariffsPanel />);
    await settle();
    click(get(container, '[data-plan="start"] button'));
    await settle();
    expect(edge.callsTo('/api/tariffs/connect')).toHaveLength(0);
    expect(document.body.textContent).toContain('Connect the start plan now?');
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button, [role="alertdialog"] button')].find((button) => button.textContent === 'Connect');
    click(confirm!);
    await settle();
    expect(edge.callsTo('/api/tariffs/connect').map((call) => call.body)).toEqual([{ tariff_id: 1 }]);
    expect(edge.callsTo('/api/tariffs/invoice')).toHaveLength(0);
    expect(edge.callsTo('/api/account/config').length).toBeGreaterThan(0);
    expect($notifications.get().map((notification) => notification.header)).toContain('The start plan is connected');
  });
});
