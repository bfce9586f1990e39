import { beforeEach, describe, expect, it } from 'vitest';
import { acceptInvitation, getAccountConfig, listInvitations } from '../../../src/api/account';
import { setNavigator } from '../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../src/stores/notifications';
import { $token, $tokenFailed, clearSession } from '../../../src/stores/session';
import { useApiFake } from '../../support/apiFake';

const edge = useApiFake();
const navigations: string[] = [];
const SEATS_TAKEN = 'Attention! The number of users exceeded.';

beforeEach(() => {
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
  clearSession();
  clearNotifications();
  $token.set('invitee-token');
});

describe('invitation calls', () => {
  it('account/user/invitations: GET with the main token as bearer; the list comes back as sent', async () => {
    const list = [{ account_id: 7, account_name: 'Acme', invited_at: '2024-03-05T12:00:00.000Z' }];
    edge.answers['/api/account/user/invitations'] = { status: 200, body: list };
    expect(await listInvitations()).toEqual({ ok: true, status: 200, data: list });
    expect(edge.calls[0]).toMatchObject({ method: 'GET', authorization: 'Bearer invitee-token' });
  });

  it('account/user/accept: GET with account_id in the query and the main token', async () => {
    edge.answers['/api/account/user/accept'] = { status: 200, body: { success: true } };
    expect(await acceptInvitation({ account_id: 7 })).toMatchObject({ ok: true, data: { success: true } });
    expect(edge.calls[0]).toMatchObject({ method: 'GET', path: '/api/account/user/accept', authorization: 'Bearer invitee-token' });
    expect(Object.fromEntries(edge.calls[0].query)).toEqual({ account_id: '7' });
  });

  it("rule: a 402 on accept (the inviting account has no free seat) shows the server's text as an error notification where the user is — not the caller's /many-accounts page", async () => {
    edge.answers['/api/account/user/accept'] = { status: 402, body: { error: SEATS_TAKEN } };
    expect(await acceptInvitation({ account_id: 7 })).toMatchObject({ ok: false, status: 402, data: { error: SEATS_TAKEN } });
    expect(navigations).toEqual([]);
    expect($notifications.get().map(({ type, header, text }) => ({ type, header, text }))).toEqual([
      { type: 3, header: 'Invitation not accepted', text: SEATS_TAKEN },
    ]);
  });

  it('rule: other staff calls keep the spec’s 402 rule (/many-accounts, no notification)', async () => {
    edge.answers['/api/account/config'] = { status: 402, body: { error: SEATS_TAKEN } };
    await getAccountConfig();
    expect(navigations).toEqual(['/many-accounts']);
    expect($notifications.get()).toHaveLength(0);
  });

  it('a 403 on an invitation call ends the session like any staff call: token cleared and failed, sign-in page', async () => {
    edge.answers['/api/account/user/invitations'] = { status: 403, body: { error: 'Token not valid' } };
    expect(await listInvitations()).toMatchObject({ ok: false, status: 403 });
    expect([$token.get(), $tokenFailed.get(), navigations]).toEqual([null, true, ['/authorization']]);
  });
});
