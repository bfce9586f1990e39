import { beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../../src/api/customers';
import * as contract from '../../../src/contract/customers';
import { $path } from '../../../shell/stores/navigation';
import { $token } from '../../../src/stores/session';
import {
  $customerCard,
  $customerLists,
  changesOf,
  DEFAULT_CUSTOMER_PARAMS,
  draftOf,
  followCustomerLink,
  loadCustomerList,
  openCustomerCard,
  pageFromLink,
  removeCustomer,
  resetCustomerLists,
  saveCustomer,
  setCustomerSearch,
  setCustomerSort,
  setCustomersLinked,
} from '../../../shell/stores/customers';
import { useApiFake } from '../../support/apiFake';
import { company, contact, page } from '../../support/customerFixtures';

const fake = useApiFake();

beforeEach(() => {
  resetCustomerLists();
  $token.set('staff-token');
  $path.set('/clients');
});

const listBodies = (kind: 'contact' | 'company') => fake.callsTo(`/api/${kind}/list`).map((call) => call.body);

describe('values repeated from the contract (the bundles take only its types)', () => {
  it('the rating maximum and the company accounting keys are the contract’s', () => {
    expect(api.CUSTOMER_RATING_MAX).toBe(contract.CUSTOMER_RATING_MAX);
    expect(api.COMPANY_ACCOUNTING_KEYS).toEqual(contract.COMPANY_ACCOUNTING_KEYS);
  });
});

describe('rule: the page of a list link is read from its page query (spec 1 §3)', () => {
  it.each<[string | null, number | null]>([
    ['?page=3', 3],
    ['http://127.0.0.1:8080/api/contact/list?per_page=20&page=12', 12],
    ['/contact/list?page=2#top', 2],
    ['?page=0', null],
    ['?page=two', null],
    ['?per_page=5', null],
    [null, null],
  ])('%s → %s', (link, expected) => {
    expect(pageFromLink(link)).toBe(expected);
  });
});

describe('clients list state per tab: list, params (page, filter, sort), meta with links and current_page', () => {
  it('defaults: page 1, empty filter and sort — the first request sends no filter or sort (spec 2 §9)', async () => {
    fake.answers['/api/contact/list'] = { body: page([contact(1, 'Anna Smith')], 1, 3, 45) };
    await loadCustomerList('contact');
    expect($customerLists.contact.get().params).toEqual(DEFAULT_CUSTOMER_PARAMS);
    expect(listBodies('contact')).toEqual([{ page: 1, per_page: 20 }]);
    const state = $customerLists.contact.get();
    expect(state.list.map((each) => each.name)).toEqual(['Anna Smith']);
    expect(state.meta).toEqual({ links: { first: '?page=1', prev: null, next: '?page=2', last: '?page=3' }, current_page: 1, last_page: 3, total: 45 });
    expect(state.status).toBe('ready');
    expect(fake.calls[0].method).toBe('POST');
    expect(fake.calls[0].authorization).toBe('Bearer staff-token');
  });

  it('the tabs keep their own state: the company list is untouched by the contacts list', async () => {
    fake.answers['/api/contact/list'] = { body: page([contact(1, 'Anna Smith')], 1, 1) };
    await loadCustomerList('contact');
    expect($customerLists.company.get().list).toEqual([]);
    expect($customerLists.company.get().status).toBe('idle');
  });

  it('following next, last and first asks for the page each link names', async () => {
    fake.answers['/api/contact/list'] = (call) => {
      const asked = (call.body as { page: number }).page;
      return { body: page([contact(asked, `Person ${asked}`)], asked, 3) };
    };
    await loadCustomerList('contact');
    await followCustomerLink('contact', 'next');
    expect($customerLists.contact.get().meta.current_page).toBe(2);
    await followCustomerLink('contact', 'last');
    await followCustomerLink('contact', 'prev');
    await followCustomerLink('contact', 'first');
    expect(listBodies('contact').map((body) => (body as { page: number }).page)).toEqual([1, 2, 3, 2, 1]);
    // No prev link on page 1: nothing is asked.
    await followCustomerLink('contact', 'prev');
    expect(listBodies('contact')).toHaveLength(5);
  });

  it('a search starts again from page 1 and is sent trimmed as filter.search; a blank one sends no filter', async () => {
    fake.answers['/api/company/list'] = (call) => ({ body: page([], (call.body as { page: number }).page, 1) });
    await loadCustomerList('company');
    await followCustomerLink('company', 'first');
    $customerLists.company.setKey('params', { ...$customerLists.company.get().params, page: 4 });
    await setCustomerSearch('company', '  Acme ');
    expect(listBodies('company').at(-1)).toEqual({ page: 1, per_page: 20, filter: { search: 'Acme' } });
    await setCustomerSearch('company', '   ');
    expect(listBodies('company').at(-1)).toEqual({ page: 1, per_page: 20 });
  });

  it('a sort is sent as { field, order } and resets the page', async () => {
    fake.answers['/api/contact/list'] = { body: page([], 1, 1) };
    await setCustomerSort('contact', { field: 'rating', order: 'desc' });
    expect(listBodies('contact').at(-1)).toEqual({ page: 1, per_page: 20, sort: { field: 'rating', order: 'desc' } });
  });

  it('only the newest request writes: a slow older answer does not overwrite a newer one', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.answers['/api/contact/list'] = async (call) => {
      const { filter } = call.body as { filter?: { search: string } };
      if (!filter) await gate;
      return { body: page([contact(filter ? 2 : 1, filter ? 'Newer' : 'Older')], 1, 1) };
    };
    const older = loadCustomerList('contact');
    await setCustomerSearch('contact', 'new');
    release();
    await older;
    expect($customerLists.contact.get().list.map((each) => each.name)).toEqual(['Newer']);
  });

  it('a failed load marks the list as failed and keeps what it showed', async () => {
    fake.answers['/api/contact/list'] = { body: page([contact(1, 'Anna Smith')], 1, 1) };
    await loadCustomerList('contact');
    fake.answers['/api/contact/list'] = { status: 500, body: { error: 'down' } };
    await loadCustomerList('contact');
    expect($customerLists.contact.get().status).toBe('error');
    expect($customerLists.contact.get().list).toHaveLength(1);
  });
});

describe('rule: lists reload after add, update or delete (spec 1 §4, spec 2 §4)', () => {
  beforeEach(async () => {
    fake.answers['/api/contact/list'] = { body: page([contact(7, 'Anna Smith')], 1, 1) };
    await loadCustomerList('contact');
    fake.calls.length = 0;
  });

  it('an invalid draft is refused with the validation keys and sends nothing', async () => {
    const result = await saveCustomer('contact', { ...draftOf('contact', null), name: 'Al', email: 'anna@', phone: '12' });
    expect(result).toEqual({ ok: false, errors: { name: 'validation.min3', email: 'validation.email', phone: 'validation.min3' } });
    expect(fake.calls).toEqual([]);
    expect(await saveCustomer('contact', draftOf('contact', null))).toEqual({ ok: false, errors: { name: 'validation.empty' } });
  });

  it('add: contact/add with the draft (no company keys for a contact), then the list reloads', async () => {
    fake.answers['/api/contact/add'] = { body: contact(8, 'Boris Ivanov') };
    const result = await saveCustomer('contact', { ...draftOf('contact', null), name: 'Boris Ivanov', tax_number: 'x' });
    expect(result.ok).toBe(true);
    expect(fake.calls.map((call) => call.path)).toEqual(['/api/contact/add', '/api/contact/list']);
    expect(fake.calls[0].body).toEqual({ name: 'Boris Ivanov', email: '', phone: '', link: '', rating: 0, values: {} });
  });

  it('update: only the changed keys are sent (field values by code), then the list reloads; no change sends nothing', async () => {
    const stored = contact(7, 'Anna Smith', { values: { size: 3, note: 'first' } });
    fake.answers['/api/contact/update'] = { body: { ...stored, phone: '+7 901' } };
    await saveCustomer('contact', { ...draftOf('contact', stored), phone: '+7 901', values: { size: 3, note: 'second' } }, stored);
    expect(fake.calls.map((call) => call.path)).toEqual(['/api/contact/update', '/api/contact/list']);
    expect(fake.calls[0].body).toEqual({ id: 7, phone: '+7 901', values: { note: 'second' } });
    fake.calls.length = 0;
    expect(await saveCustomer('contact', draftOf('contact', stored), stored)).toEqual({ ok: true, customer: stored });
    expect(fake.calls).toEqual([]);
  });

  it('a company update sends its accounting keys (tax_number for the tax id)', () => {
    const stored = company(3, 'Acme');
    expect(changesOf('company', { ...draftOf('company', stored), tax_number: '5403456789', bank_code: '044525593' }, stored)).toEqual({ tax_number: '5403456789', bank_code: '044525593' });
  });

  it("the server's texts by input come back when it refuses (400 with fields)", async () => {
    fake.answers['/api/contact/add'] = { status: 400, body: { error: 'Email invalid', fields: { email: 'Email invalid' } } };
    expect(await saveCustomer('contact', { ...draftOf('contact', null), name: 'Boris' })).toEqual({ ok: false, errors: { email: 'Email invalid' } });
  });

  it('delete: contact/delete (GET, id), then the list reloads', async () => {
    fake.answers['/api/contact/delete'] = { body: { success: true } };
    expect(await removeCustomer('contact', 7)).toBe(true);
    expect(fake.calls.map((call) => [call.method, call.path, call.query.get('id')])).toEqual([
      ['GET', '/api/contact/delete', '7'],
      ['POST', '/api/contact/list', null],
    ]);
  });

  it('deleting the only row of a later page shows the page before', async () => {
    fake.answers['/api/contact/list'] = (call) => ({ body: page([contact(9, 'Last one')], (call.body as { page: number }).page, 2) });
    await followCustomerLink('contact', 'first');
    $customerLists.contact.setKey('params', { ...$customerLists.contact.get().params, page: 2 });
    await loadCustomerList('contact');
    fake.answers['/api/contact/delete'] = { body: { success: true } };
    fake.calls.length = 0;
    await removeCustomer('contact', 9);
    expect((fake.callsTo('/api/contact/list')[0].body as { page: number }).page).toBe(1);
  });

  it('a refused delete reloads nothing', async () => {
    fake.answers['/api/contact/delete'] = { status: 404, body: { error: 'No such contact' } };
    expect(await removeCustomer('contact', 7)).toBe(false);
    expect(fake.callsTo('/api/contact/list')).toEqual([]);
  });

  it('linking from a contact posts contact/companies/link and reloads both shown lists; unlink posts …/unlink', async () => {
    fake.answers['/api/company/list'] = { body: page([company(3, 'Acme')], 1, 1) };
    await loadCustomerList('company');
    fake.calls.length = 0;
    fake.answers['/api/contact/companies/link'] = { body: contact(7, 'Anna Smith', { companies: [{ id: 3, name: 'Acme' }] }) };
    expect(await setCustomersLinked('contact', { contact_id: 7, company_id: 3 }, true)).toBe(true);
    expect(fake.calls[0]).toMatchObject({ method: 'POST', path: '/api/contact/companies/link', body: { contact_id: 7, company_id: 3 } });
    expect(fake.calls.slice(1).map((call) => call.path).sort()).toEqual(['/api/company/list', '/api/contact/list']);
    fake.answers['/api/company/contacts/unlink'] = { body: company(3, 'Acme') };
    await setCustomersLinked('company', { contact_id: 7, company_id: 3 }, false);
    expect(fake.callsTo('/api/company/contacts/unlink')).toHaveLength(1);
  });
});

describe('the card: one customer and its order history', () => {
  it('reads the customer and the first page of its orders; a later edit reloads it', async () => {
    fake.answers['/api/company/get'] = { body: company(3, 'Acme') };
    fake.answers['/api/company/orders'] = { body: page([{ id: 41, name: 'Order 1041', sum: 1500, status_id: 2, status: 'Paid', lead_id: null, crm_status: null, archived: false, created_at: '2024-03-05T12:00:00.000Z' }], 1, 1) };
    await openCustomerCard('company', 3);
    expect($customerCard.get()).toMatchObject({ kind: 'company', id: 3, status: 'ready', customer: { name: 'Acme' }, orders: { data: [{ id: 41 }] } });
    expect(fake.callsTo('/api/company/orders')[0].query.get('id')).toBe('3');
    fake.answers['/api/company/update'] = { body: company(3, 'Acme Ltd') };
    fake.answers['/api/company/get'] = { body: company(3, 'Acme Ltd') };
    await saveCustomer('company', { ...draftOf('company', company(3, 'Acme')), name: 'Acme Ltd' }, company(3, 'Acme'));
    expect($customerCard.get()?.customer?.name).toBe('Acme Ltd');
  });

  it('deleting the customer of the open card closes it', async () => {
    fake.answers['/api/contact/get'] = { body: contact(7, 'Anna Smith') };
    fake.answers['/api/contact/orders'] = { body: page([], 1, 1) };
    fake.answers['/api/contact/delete'] = { body: { success: true } };
    await openCustomerCard('contact', 7);
    await removeCustomer('contact', 7);
    expect($customerCard.get()).toBeNull();
  });
});


