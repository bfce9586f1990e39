import { beforeEach, describe, expect, it } from 'vitest';
import { $account } from '../../../../src/stores/account';
import { saveAccountGeneral } from '../../../../shell/features/accountSettings/state';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $token, clearSession } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();
const user = { id: 7, name: 'Dana', admin: true };

beforeEach(() => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  $token.set('staff');
  $account.set({ loaded: true, account: { id: 1, name: 'Demo', country: null, expired: false }, user });
});

describe('account settings → general (account/update)', () => {
  it('POST account/update with the trimmed name and the country code, then the account is reloaded', async () => {
    edge.answers['/api/account/update'] = { status: 200, body: { account: { id: 1, name: 'Acme', country: 'DE', expired: false } } };
    edge.answers['/api/account/config'] = { status: 200, body: { account: { id: 1, name: 'Acme', country: 'DE', expired: false }, user } };
    expect(await saveAccountGeneral({ name: ' Acme ', country: 'DE' })).toEqual({ ok: true });
    expect(edge.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/account/update', { name: 'Acme', country: 'DE' }],
      ['GET', '/api/account/config', null],
    ]);
    expect($account.get().account).toMatchObject({ name: 'Acme', country: 'DE' });
  });

  it('no country is sent as null (the server clears it)', async () => {
    edge.answers['/api/account/update'] = { status: 200, body: { account: { id: 1, name: 'Demo', country: null, expired: false } } };
    edge.answers['/api/account/config'] = { status: 200, body: { account: { id: 1, name: 'Demo', country: null, expired: false }, user } };
    await saveAccountGeneral({ name: 'Demo', country: '' });
    expect(edge.calls[0].body).toEqual({ name: 'Demo', country: null });
  });

  it("an empty name is refused with 'Empty field' before asking", async () => {
    expect(await saveAccountGeneral({ name: ' ', country: 'DE' })).toEqual({ ok: false, messageKey: 'validation.empty' });
    expect(edge.calls).toEqual([]);
  });

  it("a refusal keeps the server's text and does not reload", async () => {
    edge.answers['/api/account/update'] = { status: 403, body: { error: 'Only an administrator of the account can do this' } };
    expect(await saveAccountGeneral({ name: 'X', country: null })).toMatchObject({ ok: false });
    expect(edge.calls).toHaveLength(1);
  });
});
