import { beforeEach, describe, expect, it } from 'vitest';
import { $account } from '../../../src/stores/account';
import { joinAccount, logOut, signIn } from '../../../shell/stores/auth';
import { $invitations, $invitationsOnly, INVITATIONS_ONLY_KEY, loadInvitations, resetInvitations } from '../../../shell/stores/invitations';
import { setNavigator } from '../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../src/stores/notifications';
import { $token, saveToken } from '../../../src/stores/session';
import { useApiFake } from '../../support/apiFake';

const edge = useApiFake();
const navigations: string[] = [];
const ACME = { account_id: 7, account_name: 'Acme', invited_at: '2024-03-05T12:00:00.000Z' };
const BETA = { account_id: 8, account_name: 'Beta', invited_at: '2024-03-06T12:00:00.000Z' };
const ACME_CONFIG = { account: { id: 7, name: 'Acme', expired: false }, user: { id: 3, name: 'Ann' } };

beforeEach(() => {
  logOut();
  clearNotifications();
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
});

async function signInInvitationsOnly(token = 'invite-tok') {
  edge.answers['/api/auth/login'] = { status: 200, body: { success: true, access_token: token, scope: 'invitations' } };
  return signIn('ann@example.com', 'pw');
}

describe("sign-in with scope 'invitations'", () => {
  it('rule: a sign-in answered with scope invitations says so and marks that token as opening only invitations, in storage too (a reload keeps it)', async () => {
    expect(await signInInvitationsOnly()).toEqual({ ok: true, invitationsOnly: true });
    expect($token.get()).toBe('invite-tok');
    expect($invitationsOnly.get()).toBe(true);
    expect(localStorage.getItem(INVITATIONS_ONLY_KEY)).toBe('invite-tok');
  });

  it('rule: an ordinary sign-in afterwards is an account session (the mark does not outlive its token)', async () => {
    await signInInvitationsOnly();
    edge.answers['/api/auth/login'] = { status: 200, body: { success: true, access_token: 'member-tok' } };
    expect(await signIn('bob@example.com', 'pw')).toEqual({ ok: true });
    expect($invitationsOnly.get()).toBe(false);
  });

  it('rule: the mark belongs to its own token — a token saved another way (?token=… link, host frame) is an ordinary session', async () => {
    await signInInvitationsOnly();
    saveToken('link-token');
    expect($invitationsOnly.get()).toBe(false);
  });

  it('rule: log out forgets the mark and the invitations shown', async () => {
    await signInInvitationsOnly();
    $invitations.set({ status: 'ready', list: [ACME] });
    logOut();
    expect([$invitationsOnly.get(), localStorage.getItem(INVITATIONS_ONLY_KEY), $invitations.get()]).toEqual([false, null, { status: 'idle', list: [] }]);
  });
});

describe('the invitations list', () => {
  it('loads account/user/invitations: loading, then ready with the list', async () => {
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [ACME, BETA] };
    const pending = loadInvitations();
    expect($invitations.get().status).toBe('loading');
    await pending;
    expect($invitations.get()).toEqual({ status: 'ready', list: [ACME, BETA] });
  });

  it('a failed reload says failed and keeps the list shown so far', async () => {
    $invitations.set({ status: 'ready', list: [ACME] });
    edge.answers['/api/account/user/invitations'] = { status: 500, body: { error: 'down' } };
    await loadInvitations();
    expect($invitations.get()).toEqual({ status: 'failed', list: [ACME] });
  });

  it('an answer that arrives after the list was reset (log out, new sign-in) is dropped', async () => {
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [ACME] };
    const pending = loadInvitations();
    resetInvitations();
    await pending;
    expect($invitations.get()).toEqual({ status: 'idle', list: [] });
  });
});

describe('accepting an invitation', () => {
  it('rule: accepting turns an invitations-only sign-in into an account session: accept, then account/config loads, then the mark and the list go', async () => {
    await signInInvitationsOnly();
    $invitations.set({ status: 'ready', list: [ACME] });
    edge.calls.length = 0;
    edge.answers['/api/account/user/accept'] = { status: 200, body: { success: true } };
    edge.answers['/api/account/config'] = { status: 200, body: ACME_CONFIG };
    expect(await joinAccount(7)).toBe(true);
    expect(edge.calls.map((call) => `${call.path}?${call.query}`)).toEqual(['/api/account/user/accept?account_id=7', '/api/account/config?']);
    expect($account.get()).toMatchObject({ loaded: true, account: { id: 7, name: 'Acme' } });
    expect([$token.get(), $invitationsOnly.get(), $invitations.get().list]).toEqual(['invite-tok', false, []]);
  });

  it("rule: a refused accept (402, no free seat) changes nothing: still invitations-only, no account call, the server's text notified, no navigation", async () => {
    await signInInvitationsOnly();
    $invitations.set({ status: 'ready', list: [ACME] });
    edge.calls.length = 0;
    edge.answers['/api/account/user/accept'] = { status: 402, body: { error: 'Attention! The number of users exceeded.' } };
    expect(await joinAccount(7)).toBe(false);
    expect(edge.calls.map((call) => call.path)).toEqual(['/api/account/user/accept']);
    expect([$invitationsOnly.get(), $invitations.get().list, navigations]).toEqual([true, [ACME], []]);
    expect($notifications.get().map((note) => note.text)).toEqual(['Attention! The number of users exceeded.']);
  });

  it('rule: an invitation withdrawn meanwhile (404) is notified and the list is loaded again, so it leaves the screen', async () => {
    await signInInvitationsOnly();
    $invitations.set({ status: 'ready', list: [ACME, BETA] });
    edge.answers['/api/account/user/accept'] = { status: 404, body: { error: 'No invitation to this account' } };
    edge.answers['/api/account/user/invitations'] = { status: 200, body: [BETA] };
    expect(await joinAccount(7)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect($invitations.get()).toEqual({ status: 'ready', list: [BETA] });
    expect($notifications.get().map((note) => note.text)).toEqual(['No invitation to this account']);
  });
});
