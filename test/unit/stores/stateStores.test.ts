import { beforeEach, describe, expect, it } from 'vitest';
import { $account, $currency, loadAccount, resetAccount } from '../../../src/stores/account';
import { changeLanguage, initialLanguage, setLanguageReloader } from '../../../src/stores/language';
import { $path } from '../../../shell/stores/navigation';
import { $token } from '../../../src/stores/session';
import { useApiFake } from '../../support/apiFake';

const { calls, answers } = useApiFake();
beforeEach(() => {
  $path.set('/orders');
});

describe('account store', () => {
  beforeEach(() => resetAccount());

  it('loads once; concurrent callers share one request', async () => {
    answers['/api/account/config'] = { status: 200, body: { account: { id: 2, name: 'A', expired: false }, user: { id: 1, name: 'U' } } };
    await Promise.all([loadAccount(), loadAccount()]);
    await loadAccount();
    expect(calls).toHaveLength(1);
    expect($account.get()).toMatchObject({ loaded: true, account: { id: 2 } });
  });

  it.each([
    [{ id: 1, name: 'A', expired: false }, 'RUB'],
    [{ id: 1, name: 'A', expired: false, is_kommo: true }, 'USD'],
    [{ id: 1, name: 'A', expired: false, is_kommo: 1 }, 'USD'],
  ])('default currency of %j is %s', async (account, currency) => {
    answers['/api/account/config'] = { status: 200, body: { account, user: { id: 1, name: 'U' } } };
    await loadAccount({ force: true });
    expect($currency.get()).toBe(currency);
  });

  it('a failed load leaves the account not loaded', async () => {
    answers['/api/account/config'] = { status: 500, body: { error: 'down' } };
    const state = await loadAccount();
    expect(state.loaded).toBe(false);
  });
});

describe('language store', () => {
  it('changing the language saves it, tells the server when signed in, and reloads', async () => {
    let reloaded = 0;
    setLanguageReloader(() => reloaded++);
    $token.set('tok');
    answers['/api/account/user/update'] = { status: 200, body: { user: { id: 1, name: 'Demo Admin', lang: 'ru' } } };
    await changeLanguage('ru');
    expect(localStorage.getItem('lang')).toBe('ru');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0].body).toEqual({ lang: 'ru' });
    expect(reloaded).toBe(1);
  });

  it('without a login token the choice is only saved locally', async () => {
    setLanguageReloader(() => undefined);
    $token.set(null);
    await changeLanguage('en');
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('lang')).toBe('en');
  });

  it('the saved choice wins over the browser language', () => {
    localStorage.setItem('lang', 'ru');
    expect(initialLanguage()).toBe('ru');
  });
});
