import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ru from '../../../../locales/ru.json';
import InvitationsScreen from '../../../../shell/features/invitations/InvitationsScreen';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { $account } from '../../../../src/stores/account';
import { logOut } from '../../../../shell/stores/auth';
import { $invitationsOnly, markInvitationsOnly } from '../../../../shell/stores/invitations';
import { setNavigator } from '../../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const navigations: string[] = [];
// Midday UTC: the same calendar day in every time zone the tests may run in.
const ACME = { account_id: 7, account_name: 'Acme', invited_at: '2024-03-05T12:00:00.000Z' };
const BETA = { account_id: 8, account_name: 'Beta', invited_at: '2024-11-20T12:00:00.000Z' };
const SEATS_TAKEN = 'Attention! The number of users exceeded.';
let root: Root | null = null;

async function showScreen(): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<InvitationsScreen />));
  await settle();
  return host;
}

function signInAs(kind: 'invitee' | 'member') {
  if (kind === 'invitee') markInvitationsOnly('invite-tok');
  $token.set('invite-tok');
}

const rows = (host: HTMLElement) =>
  [...host.querySelectorAll('li')].map((row) => ({ name: row.querySelector('strong')?.textContent, text: row.textContent, button: row.querySelector('button') as HTMLButtonElement }));
const buttonNamed = (host: HTMLElement, name: string) => [...host.querySelectorAll('button')].find((button) => button.textContent === name);
const click = (element: Element | undefined) => act(async () => element?.dispatchEvent(new MouseEvent('click', { bubbles: true })));

beforeEach(() => {
  logOut();
  clearNotifications();
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  setActiveLanguage('en');
});

describe('/invitations screen', () => {
  it('lists each invitation with the account name and the invitation date in the language’s own format', async () => {
    signInAs('invitee');
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [ACME, BETA] };
    const host = await showScreen();
    expect(host.querySelector('h1')?.textContent).toBe('Invitations');
    expect(rows(host).map(({ name, text }) => [name, text])).toEqual([
      ['Acme', 'AcmeInvited on 03/05/2024Accept'],
      ['Beta', 'BetaInvited on 11/20/2024Accept'],
    ]);
  });

  it('in Russian the texts and the date follow the language (dd.mm.yyyy)', async () => {
    addMessages('ru', ru);
    setActiveLanguage('ru');
    signInAs('invitee');
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [ACME] };
    const host = await showScreen();
    expect(host.querySelector('h1')?.textContent).toBe('Приглашения');
    expect(rows(host)[0].text).toBe('AcmeПриглашение от 05.03.2024Принять');
  });

  it('rule: a user with no account yet is told so and can leave only by log out, which forgets the token and opens sign-in', async () => {
    signInAs('invitee');
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [ACME] };
    const host = await showScreen();
    expect(host.textContent).toContain('You are not yet an active user of any account.');
    expect(host.textContent).not.toContain('You have been invited to these accounts.');
    expect(buttonNamed(host, 'Go to the start page')).toBeUndefined();
    await click(buttonNamed(host, 'Log out'));
    expect([$token.get(), $invitationsOnly.get(), navigations]).toEqual([null, false, ['/authorization']]);
  });

  it("rule: no invitations → 'You have no invitations' and, for a user with no account, the way back to sign-in", async () => {
    signInAs('invitee');
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [] };
    const host = await showScreen();
    expect(host.textContent).toContain('You have no invitations');
    expect(host.querySelectorAll('li')).toHaveLength(0);
    expect(buttonNamed(host, 'Log out')).toBeDefined();
  });

  it('a member of an account sees the intro instead of the “no account” line, and goes back to the start page', async () => {
    signInAs('member');
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [BETA] };
    const host = await showScreen();
    expect(host.textContent).not.toContain('You are not yet an active user');
    expect(host.textContent).toContain('You have been invited to these accounts.');
    expect(buttonNamed(host, 'Log out')).toBeUndefined();
    await click(buttonNamed(host, 'Go to the start page'));
    expect(navigations).toEqual(['/']);
  });

  it('a failed list load offers a retry that loads it again', async () => {
    signInAs('invitee');
    edge.answers['/api/account/user/invitations'] = { status: 500, body: { error: 'down' } };
    const host = await showScreen();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('Something went wrong...');
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [ACME] };
    await click(buttonNamed(host, 'Try again'));
    await settle();
    expect(rows(host).map((row) => row.name)).toEqual(['Acme']);
  });

  it("rule: Accept is busy until the server answers (every Accept blocked, no second call); then 'You joined …', the account is loaded and the user goes to the start page", async () => {
    signInAs('invitee');
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [ACME, BETA] };
    edge.answers['/api/account/user/accept'] = { status: 200, body: { success: true } };
    edge.answers['/api/account/config'] = { status: 200, body: { account: { id: 7, name: 'Acme', expired: false }, user: { id: 3, name: 'Ann' } } };
    const host = await showScreen();
    const held = edge.hold('/api/account/user/accept');
    await click(rows(host)[0].button);
    const [acme, beta] = rows(host);
    expect([acme.button.textContent, acme.button.getAttribute('aria-busy'), acme.button.disabled, beta.button.disabled]).toEqual(['Joining…', 'true', true, true]);
    await click(acme.button);
    await click(beta.button);
    // The one call is out and held; the clicks while busy sent no other.
    expect(held.count).toBe(1);
    expect(edge.calls.filter((call) => call.path === '/api/account/user/accept')).toHaveLength(1);
    held.release();
    await settle();
    expect(edge.calls.filter((call) => call.path === '/api/account/user/accept').map((call) => call.query.get('account_id'))).toEqual(['7']);
    expect($account.get()).toMatchObject({ loaded: true, account: { id: 7 } });
    expect($invitationsOnly.get()).toBe(false);
    expect($notifications.get().map(({ type, header }) => ({ type, header }))).toEqual([{ type: 1, header: 'You joined Acme' }]);
    expect(navigations).toEqual(['/']);
  });

  it("rule: a refused accept (402, no free seat) shows the server's text as a notification, keeps the user on the screen and lets them try again", async () => {
    signInAs('invitee');
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [ACME] };
    edge.answers['/api/account/user/accept'] = { status: 402, body: { error: SEATS_TAKEN } };
    const host = await showScreen();
    await click(rows(host)[0].button);
    await settle();
    expect($notifications.get().map(({ type, text }) => ({ type, text }))).toEqual([{ type: 3, text: SEATS_TAKEN }]);
    expect(navigations).toEqual([]);
    expect(edge.calls.map((call) => call.path)).not.toContain('/api/account/config');
    const [acme] = rows(host);
    expect([acme.button.textContent, acme.button.disabled, $invitationsOnly.get()]).toEqual(['Accept', false, true]);
  });
});
