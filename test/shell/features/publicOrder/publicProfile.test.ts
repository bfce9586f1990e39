import { beforeEach, describe, expect, it } from 'vitest';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $publicProfile, changePublicPassword, loadPublicProfile, resetPublicProfile, savePublicProfile } from '../../../../shell/features/publicOrder/publicProfile';
import { $publicSession } from '../../../../shell/features/publicOrder/publicSession';
import { clearSession, savePublicToken } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();
const PROFILE = '/api/public-order/profile';
const olga = { id: 5, name: 'Olga', email: 'olga@example.com', phone: null, has_password: true };

beforeEach(async () => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  savePublicToken('po');
  resetPublicProfile();
  edge.answers[PROFILE] = { status: 200, body: olga };
  await loadPublicProfile();
  edge.calls.length = 0;
});

describe('the public customer profile (public-order/profile)', () => {
  it('GET loads the profile with the public token', async () => {
    await loadPublicProfile();
    expect(edge.calls[0]).toMatchObject({ method: 'GET', path: PROFILE, authorization: 'Bearer po' });
    expect($publicProfile.get()).toEqual({ status: 'ready', profile: olga });
  });

  it('POST saves the trimmed name and phone (an empty phone as null); the session shows the new name', async () => {
    $publicSession.set({ status: 'ready', config: { account: { id: 1, name: 'Acme', is_kommo: false, currency: 'RUB' }, user: olga, session: { kind: 'customer', order_id: null } } });
    edge.answers[PROFILE] = { status: 200, body: { ...olga, name: 'Olga S.' } };
    expect(await savePublicProfile({ name: ' Olga S. ', phone: '  ' })).toEqual({ ok: true });
    expect(edge.calls[0]).toMatchObject({ method: 'POST', body: { name: 'Olga S.', phone: null } });
    expect($publicProfile.get().profile?.name).toBe('Olga S.');
    expect($publicSession.get().config?.user?.name).toBe('Olga S.');
  });

  it("an empty name is refused with 'Empty field' before asking the server", async () => {
    expect(await savePublicProfile({ name: '  ', phone: '' })).toEqual({ ok: false, messageKey: 'validation.empty', field: 'name' });
    expect(edge.calls).toEqual([]);
  });
});

describe('the public password', () => {
  it('rule: the new password must match its confirmation (confirm password) — refused before asking', async () => {
    expect(await changePublicPassword({ current: 'old-one', password: 'new-secret', confirm: 'new-secreT' })).toMatchObject({ ok: false, messageKey: 'publicOrder.passwordsDiffer', field: 'password_confirm' });
    expect(await changePublicPassword({ current: 'old-one', password: 'short', confirm: 'short' })).toMatchObject({ ok: false, messageKey: 'publicOrder.passwordTooShort' });
    expect(await changePublicPassword({ current: '', password: 'new-secret', confirm: 'new-secret' })).toMatchObject({ ok: false, field: 'current_password' });
    expect(edge.calls).toEqual([]);
  });

  it('sends the password, its confirmation and the current password', async () => {
    expect(await changePublicPassword({ current: 'old-one', password: 'new-secret', confirm: 'new-secret' })).toEqual({ ok: true });
    expect(edge.calls[0].body).toEqual({ password: 'new-secret', password_confirm: 'new-secret', current_password: 'old-one' });
  });

  it('a customer without a password sets the first one: no current password is asked or sent', async () => {
    edge.answers[PROFILE] = { status: 200, body: { ...olga, has_password: false } };
    await loadPublicProfile();
    edge.calls.length = 0;
    edge.answers[PROFILE] = { status: 200, body: olga };
    expect(await changePublicPassword({ current: '', password: 'first-secret', confirm: 'first-secret' })).toEqual({ ok: true });
    expect(edge.calls[0].body).toEqual({ password: 'first-secret', password_confirm: 'first-secret' });
    expect($publicProfile.get().profile?.has_password).toBe(true);
  });

  it("a wrong current password is named on its field, in the user's language", async () => {
    edge.answers[PROFILE] = { status: 422, body: { error: 'The current password is wrong', fields: { current_password: 'The current password is wrong' } } };
    expect(await changePublicPassword({ current: 'guess', password: 'new-secret', confirm: 'new-secret' })).toEqual({ ok: false, messageKey: 'publicOrder.wrongCurrentPassword', field: 'current_password' });
  });
});
