import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ClientsScreen, { tabOfSearch } from '../../../../shell/features/clients/ClientsScreen';
import { nextSort, SEARCH_DELAY_MS } from '../../../../shell/features/clients/CustomerList';
import { useAppLocation } from '../../../../shell/app/hashLocation';
import { closeCustomerCard, resetCustomerLists } from '../../../../shell/stores/customers';
import { $path } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $token } from '../../../../src/stores/session';
import { blur, click, press as pressKey, typeInto } from '../../../ui/render';
import { useApiFake } from '../../../support/apiFake';
import { company, contact, page } from '../../../support/customerFixtures';
import { settle } from '../../../support/settle';

const fake = useApiFake();

beforeEach(() => {
  resetCustomerLists();
  clearNotifications();
  $token.set('staff-token');
  $path.set('/clients');
  history.replaceState(null, '', '/#/clients');
  fake.answers['/api/contact/field/list'] = { body: [] };
  fake.answers['/api/company/field/list'] = { body: [] };
});
let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  closeCustomerCard();
});

async function show(hash = '#/clients') {
  history.replaceState(null, '', `/${hash}`);
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <Router hook={useAppLocation}>
        <ClientsScreen />
      </Router>,
    ),
  );
  await settle();
  return host;
}

const buttonNamed = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((button) => (button.getAttribute('aria-label') ?? button.textContent?.trim()) === name) as HTMLButtonElement | undefined;
const rowNames = (root: ParentNode) => [...root.querySelectorAll('tbody th[scope="row"]')].map((cell) => cell.textContent);
// Confirmations are alert dialogs (src/ui/ConfirmDialog.tsx), the editor and the card plain ones.
const DIALOGS = '[role="dialog"], [role="alertdialog"]';
const dialog = () => document.querySelector<HTMLElement>(DIALOGS);
const topDialog = () => [...document.querySelectorAll<HTMLElement>(DIALOGS)].at(-1)!;
const listBodies = (kind: string) => fake.callsTo(`/api/${kind}/list`).map((call) => call.body as { page: number });
const inputLabelled = (root: ParentNode, label: string) => {
  const labelElement = [...root.querySelectorAll('label')].find((element) => element.textContent === label);
  if (labelElement?.htmlFor) return root.querySelector<HTMLInputElement>(`#${CSS.escape(labelElement.htmlFor)}`) as HTMLInputElement;
  return labelElement?.querySelector('input') as HTMLInputElement;
};

async function press(button: HTMLElement | undefined) {
  expect(button).toBeDefined();
  click(button!);
  await settle();
}

describe('/clients: tabs', () => {
  it('contacts by default; the tab lives in the address (?tab=company) so a reload keeps it', async () => {
    fake.answers['/api/contact/list'] = { body: page([contact(1, 'Anna Smith')], 1, 1) };
    fake.answers['/api/company/list'] = { body: page([company(3, 'Acme')], 1, 1) };
    const host = await show();
    expect(host.querySelector('h1')?.textContent).toBe('Customers');
    const tabs = [...host.querySelectorAll('[role="tab"]')];
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Contacts', 'true'],
      ['Company', 'false'],
    ]);
    expect(rowNames(host)).toEqual(['Anna Smith']);
    await press(tabs[1] as HTMLElement);
    expect(location.hash).toBe('#/clients?tab=company');
    expect(rowNames(host)).toEqual(['Acme']);
    expect(host.querySelector('thead')?.textContent).toContain('Tax ID');
    expect(host.querySelector('tbody')?.textContent).toContain('7701234567');
  });

  it('opening /clients?tab=company shows the company tab; arrow keys move between tabs', async () => {
    fake.answers['/api/contact/list'] = { body: page([], 1, 1) };
    fake.answers['/api/company/list'] = { body: page([], 1, 1) };
    const host = await show('#/clients?tab=company');
    const selected = host.querySelector('[role="tab"][aria-selected="true"]') as HTMLElement;
    expect(selected.textContent).toBe('Company');
    expect(fake.callsTo('/api/contact/list')).toEqual([]);
    act(() => {
      selected.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    await settle();
    expect(location.hash).toBe('#/clients');
    expect(host.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Contacts');
    expect(tabOfSearch('tab=nonsense').key).toBe('contacts');
  });

  it('an empty list says so; a search that finds nothing says "Nothing found"; a failed list offers to try again', async () => {
    fake.answers['/api/contact/list'] = (call) => ({ body: page((call.body as { filter?: unknown }).filter ? [] : [], 1, 1) });
    const host = await show();
    expect(host.querySelector('.clients-empty')?.textContent).toBe('No contacts yet.');
    typeInto(inputLabelled(host, 'Search contacts'), 'zzz');
    await act(async () => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS + 50)));
    await settle();
    expect(host.querySelector('.clients-empty')?.textContent).toBe('Nothing found');
    fake.answers['/api/contact/list'] = { status: 500, body: { error: 'down' } };
    typeInto(inputLabelled(host, 'Search contacts'), 'yyy');
    await act(async () => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS + 50)));
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('The list did not load.');
    expect(buttonNamed(host, 'Try again')).toBeDefined();
  });
});

describe('/clients: rating', () => {
  it('rule: a rating is coloured on the 0–100 scale (red to green, green from 50); no rating gets no colour', async () => {
    fake.answers['/api/contact/list'] = { body: page([contact(1, 'No Stars', { rating: 0 }), contact(2, 'One Star', { rating: 1 }), contact(3, 'Three Stars', { rating: 3 }), contact(4, 'Legacy', { rating: 37 })], 1, 1) };
    const host = await show();
    const badges = [...host.querySelectorAll<HTMLElement>('tbody .customer-rating')];
    expect(badges.map((badge) => [badge.getAttribute('aria-label'), badge.style.getPropertyValue('--rating-color')])).toEqual([
      ['Rating: No rating', ''],
      ['Rating: 1 of 5', 'rgb(255, 204, 0)'],
      ['Rating: 3 of 5', 'rgb(0, 255, 0)'],
      // Values above the scale (older data) count as the top of it.
      ['Rating: 5 of 5', 'rgb(0, 255, 0)'],
    ]);
  });
});

describe('/clients: paging by the links’ page query', () => {
  it('next, last, previous and first ask for the pages their links name; the pager shows the current page', async () => {
    fake.answers['/api/contact/list'] = (call) => {
      const asked = (call.body as { page: number }).page;
      return { body: page([contact(asked, `Person ${asked}`)], asked, 3, 45) };
    };
    const host = await show();
    const pager = host.querySelector('nav[aria-label="Pages"]') as HTMLElement;
    expect(pager.textContent).toContain('Page 1 of 3');
    expect(pager.textContent).toContain('45 in all');
    expect(buttonNamed(pager, 'Previous page')?.disabled).toBe(true);
    expect(buttonNamed(pager, 'First page')?.disabled).toBe(true);
    await press(buttonNamed(pager, 'Next page'));
    expect(rowNames(host)).toEqual(['Person 2']);
    expect(pager.textContent).toContain('Page 2 of 3');
    await press(buttonNamed(pager, 'Last page'));
    expect(buttonNamed(pager, 'Next page')?.disabled).toBe(true);
    await press(buttonNamed(pager, 'Previous page'));
    await press(buttonNamed(pager, 'First page'));
    expect(listBodies('contact').map((body) => body.page)).toEqual([1, 2, 3, 2, 1]);
  });

  it('a column header sorts by that column (names A–Z first, ratings best first), then flips', async () => {
    fake.answers['/api/contact/list'] = { body: page([contact(1, 'Anna Smith')], 1, 1) };
    const host = await show();
    await press(host.querySelector<HTMLButtonElement>('button[title="Sort by Name"]') ?? undefined);
    expect(listBodies('contact').at(-1)).toMatchObject({ sort: { field: 'name', order: 'asc' } });
    expect(host.querySelector('th[aria-sort]')?.getAttribute('aria-sort')).toBe('ascending');
    expect(nextSort({ field: 'name', order: 'asc' }, 'name')).toEqual({ field: 'name', order: 'desc' });
    expect(nextSort({ field: 'name', order: 'asc' }, 'rating')).toEqual({ field: 'rating', order: 'desc' });
  });
});

describe('/clients: add, edit, delete — the list reloads after each', () => {
  beforeEach(() => {
    fake.answers['/api/contact/list'] = { body: page([contact(7, 'Anna Smith')], 1, 1) };
  });

  it("rule: the customer edit texts — 'Empty field', 'Minimum of 3 characters', 'Email invalid' — and nothing is sent until they are right", async () => {
    const host = await show();
    await press(buttonNamed(host, 'Add contact'));
    const form = dialog()!;
    expect(form.querySelector('h2')?.textContent).toBe('New contact');
    await press(buttonNamed(form, 'Add'));
    expect(form.textContent).toContain('Empty field');
    const name = inputLabelled(form, 'Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    typeInto(name, 'Al');
    blur(name);
    expect(form.textContent).toContain('Minimum of 3 characters');
    const email = inputLabelled(form, 'E-mail');
    typeInto(email, 'boris@example');
    blur(email);
    expect(form.textContent).toContain('Email invalid');
    await press(buttonNamed(form, 'Add'));
    expect(fake.callsTo('/api/contact/add')).toEqual([]);
  });

  it('add: a valid contact is posted, the dialog closes and the list reloads', async () => {
    fake.answers['/api/contact/add'] = { body: contact(8, 'Boris Ivanov') };
    const host = await show();
    const before = listBodies('contact').length;
    await press(buttonNamed(host, 'Add contact'));
    const form = dialog()!;
    for (const [label, text] of [
      ['Name', 'Boris Ivanov'],
      ['E-mail', 'boris@example.com'],
      ['Phone', '+7 900 111-22-33'],
    ]) {
      const input = inputLabelled(form, label);
      typeInto(input, text);
      blur(input);
    }
    click(form.querySelector('input[type="radio"][value="4"]')!);
    await press(buttonNamed(form, 'Add'));
    expect(fake.callsTo('/api/contact/add')[0].body).toEqual({ name: 'Boris Ivanov', email: 'boris@example.com', phone: '+7 900 111-22-33', link: '', rating: 4, values: {} });
    expect(dialog()).toBeNull();
    expect(listBodies('contact').length).toBe(before + 1);
  });

  it('edit: only what changed is sent, then the list reloads', async () => {
    fake.answers['/api/contact/update'] = { body: contact(7, 'Anna Smith', { phone: '+7 999' }) };
    const host = await show();
    const before = listBodies('contact').length;
    await press(buttonNamed(host, 'Edit Anna Smith'));
    const form = dialog()!;
    expect(form.querySelector('h2')?.textContent).toBe('Edit contact');
    expect(inputLabelled(form, 'Name').value).toBe('Anna Smith');
    const phone = inputLabelled(form, 'Phone');
    typeInto(phone, '+7 999');
    blur(phone);
    await press(buttonNamed(form, 'Save'));
    expect(fake.callsTo('/api/contact/update')[0].body).toEqual({ id: 7, phone: '+7 999' });
    expect(listBodies('contact').length).toBe(before + 1);
  });

  it('rule: typed changes are not lost to a stray Escape or backdrop press — the editor asks first; untouched, it closes at once', async () => {
    const host = await show();
    await press(buttonNamed(host, 'Edit Anna Smith'));
    pressKey(dialog()!, 'Escape');
    expect(dialog()).toBeNull();

    await press(buttonNamed(host, 'Edit Anna Smith'));
    const form = dialog()!;
    // Typed but not yet committed (the field is still focused): that is a change too.
    typeInto(inputLabelled(form, 'Phone'), '+7 999');
    pressKey(form, 'Escape');
    const question = topDialog();
    expect(question.textContent).toContain('Discard the changes you have made?');
    expect(document.activeElement?.textContent).toBe('Keep editing');
    await press(buttonNamed(question, 'Keep editing'));
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
    expect(inputLabelled(dialog()!, 'Phone').value).toBe('+7 999');

    act(() => {
      document.querySelector('.ui-dialog-backdrop')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await press(buttonNamed(topDialog(), 'Discard changes'));
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(0);
    expect(fake.callsTo('/api/contact/update')).toEqual([]);
  });

  it("delete asks 'Are you sure you want to delete it?'; Cancel sends nothing, Delete deletes and the list reloads", async () => {
    fake.answers['/api/contact/delete'] = { body: { success: true } };
    const host = await show();
    await press(buttonNamed(host, 'Delete Anna Smith'));
    expect(dialog()?.textContent).toContain('Are you sure you want to delete it?');
    await press(buttonNamed(dialog()!, 'Cancel'));
    expect(dialog()).toBeNull();
    expect(fake.callsTo('/api/contact/delete')).toEqual([]);
    const before = listBodies('contact').length;
    await press(buttonNamed(host, 'Delete Anna Smith'));
    await press(buttonNamed(dialog()!, 'Delete'));
    expect(fake.callsTo('/api/contact/delete')[0].query.get('id')).toBe('7');
    expect(listBodies('contact').length).toBe(before + 1);
    expect(dialog()).toBeNull();
  });
});

describe('/clients: the card', () => {
  it('shows rating, link, linked companies and order history linking to the order; links a company by search', async () => {
    const anna = contact(7, 'Anna Smith', { rating: 5, link: 'https://crm.example/7', companies: [{ id: 3, name: 'Acme' }] });
    fake.answers['/api/contact/list'] = { body: page([anna], 1, 1) };
    fake.answers['/api/contact/get'] = { body: anna };
    fake.answers['/api/contact/orders'] = {
      body: page(
        [
          { id: 41, name: 'Order 1041', sum: 12500.5, status_id: 2, status: 'Paid', lead_id: null, crm_status: null, archived: false, created_at: '2024-03-05T12:00:00.000Z' },
          { id: 42, name: '', sum: 0, status_id: null, status: null, lead_id: 9, crm_status: 2, archived: false, created_at: '2024-03-06T12:00:00.000Z' },
        ],
        1,
        1,
      ),
    };
    fake.answers['/api/company/autocomplete'] = { body: [{ id: 3, name: 'Acme', email: '', phone: '', tax_number: '1' }, { id: 4, name: 'Beta Build', email: 'b@b.io', phone: '', tax_number: '2' }] };
    fake.answers['/api/contact/companies/link'] = { body: { ...anna, companies: [{ id: 3, name: 'Acme' }, { id: 4, name: 'Beta Build' }] } };
    const host = await show();
    await press(buttonNamed(host, 'Open the card of Anna Smith'));
    const card = dialog()!;
    expect(card.querySelector('h2')?.textContent).toBe('Anna Smith');
    expect(card.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Rating: 5 of 5');
    expect((card.querySelector('.customer-rating') as HTMLElement).style.getPropertyValue('--rating-color')).toBe('rgb(0, 255, 0)');
    expect(card.querySelector<HTMLAnchorElement>('a[target="_blank"]')?.href).toBe('https://crm.example/7');
    const orderLinks = [...card.querySelectorAll<HTMLAnchorElement>('.customer-card__orders a')];
    expect(orderLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Order 1041', '#/addToDeal?order_id=41'],
      ['Order #42', '#/addToDeal?order_id=42'],
    ]);
    expect(card.querySelector('.customer-card__orders')?.textContent).toContain('Success');
    expect(card.querySelector('.customer-card__orders')?.textContent).toContain('12,500.50');

    const search = card.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    typeInto(search, 'b');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    await settle();
    const options = [...card.querySelectorAll('[role="option"]')];
    // Acme is linked already, so only Beta Build is offered.
    expect(options.map((option) => option.querySelector('.customer-search__name')?.textContent)).toEqual(['Beta Build']);
    act(() => {
      options[0].dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    });
    await settle();
    expect(fake.callsTo('/api/contact/companies/link')[0].body).toEqual({ contact_id: 7, company_id: 4 });
  });

  it('a link that is not a web address is shown as text, never as a link', async () => {
    const shady = contact(7, 'Anna Smith', { link: 'javascript:alert(1)' });
    fake.answers['/api/contact/list'] = { body: page([shady], 1, 1) };
    fake.answers['/api/contact/get'] = { body: shady };
    fake.answers['/api/contact/orders'] = { body: page([], 1, 1) };
    const host = await show();
    await press(buttonNamed(host, 'Open the card of Anna Smith'));
    expect(dialog()?.querySelector('a[target="_blank"]')).toBeNull();
    expect(dialog()?.textContent).toContain('javascript:alert(1)');
    expect(dialog()?.textContent).toContain('No orders yet.');
  });
});
