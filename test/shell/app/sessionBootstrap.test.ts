import { beforeEach, describe, expect, it } from 'vitest';
import { $storedQuery } from '../../../shell/app/queryParams';
import { captureUrlTokens, exchangeLinkPublicToken } from '../../../shell/app/sessionBootstrap';
import { setNavigator } from '../../../shell/stores/navigation';
import { $publicExchange, $publicToken, $token, clearSession } from '../../../src/stores/session';
import { useApiFake } from '../../support/apiFake';

const navigations: string[] = [];
beforeEach(() => {
  clearSession();
  $publicExchange.set('idle');
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
});

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

describe('captureUrlTokens', () => {
  it('a token in the URL query is saved and the query stripped, the hash kept', () => {
    visit('/?token=t-1&test=dark#/orders');
    const captured = captureUrlTokens(window);
    expect(captured.token).toBe('t-1');
    expect($token.get()).toBe('t-1');
    expect(window.location.search).toBe('?test=dark');
    expect(window.location.hash).toBe('#/orders');
  });

  it('a token inside the hash query is taken too', () => {
    visit('/#/orders?token=t-2&order_id=5');
    captureUrlTokens(window);
    expect($token.get()).toBe('t-2');
    expect(window.location.hash).toBe('#/orders?order_id=5');
  });

  it('a public token in the hash marks the exchange pending and leaves the address', () => {
    visit('/#/publicOrder?order_id=3&public_token=pub-xyz');
    const captured = captureUrlTokens(window);
    expect(captured.publicToken).toBe('pub-xyz');
    expect($publicExchange.get()).toBe('pending');
    expect(window.location.href).not.toContain('pub-xyz');
    expect(window.location.hash).toBe('#/publicOrder?order_id=3');
  });

  it('CRM query parameters are moved to localStorage', () => {
    visit('/?lead_id=77&account_id=5#/addToDeal');
    captureUrlTokens(window);
    expect(localStorage.getItem('query.lead_id')).toBe('77');
    expect($storedQuery.get()).toMatchObject({ lead_id: '77', account_id: '5' });
    expect(window.location.search).toBe('');
  });

  it('an address without tokens is left untouched', () => {
    visit('/?test=notifications#/qwe');
    const before = window.location.href;
    captureUrlTokens(window);
    expect(window.location.href).toBe(before);
  });
});

describe('exchangeLinkPublicToken', () => {
  const edge = useApiFake();

  it('rule: a valid public token is exchanged with POST public-order/token/get (the token in the body, never in the URL) and the answer saved with POAuth', async () => {
    edge.answers['/api/public-order/token/get'] = { status: 200, body: { token: 'session-1', order_id: 15 } };
    expect(await exchangeLinkPublicToken('link token')).toBe(true);
    expect(edge.calls[0].method.toUpperCase()).toBe('POST');
    expect(edge.calls[0].body).toEqual({ public_token: 'link token' });
    expect(edge.calls[0].url).not.toContain('link');
    expect(localStorage.getItem('POTOKEN')).toBe('session-1');
    expect(localStorage.getItem('POAuth')).toBe('1');
    expect($publicExchange.get()).toBe('done');
  });

  it('an invalid public token sends the visitor to /publicOrderAuth', async () => {
    edge.answers['/api/public-order/token/get'] = { status: 404, body: { error: 'Unknown token' } };
    expect(await exchangeLinkPublicToken('bad')).toBe(false);
    expect($publicToken.get()).toBeNull();
    expect(navigations.at(-1)).toBe('/publicOrderAuth');
    expect($publicExchange.get()).toBe('done');
  });
});
