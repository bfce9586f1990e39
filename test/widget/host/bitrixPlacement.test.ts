import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Placement = { startPlacement(win: Window): Promise<(() => void) | null> };

function loadPlacement(): Placement {
  const module = { exports: {} as Placement };
  new Function('module', readFileSync(join(__dirname, '../../../widget/host/bitrix24/placement.js'), 'utf8'))(module);
  return module.exports;
}

type Auth = { access_token: string; refresh_token: string; expires_in: Date; domain: string; member_id: string };
const portalAuth = (accessToken: string): Auth => ({
  access_token: accessToken,
  refresh_token: `refresh-${accessToken}`,
  expires_in: new Date(Date.now() + 3_600_000),
  domain: 'acme.bitrix24.ru',
  member_id: 'member-acme',
});

/**
 * The BX24 JS library as its public contract describes it: init(callback), placement.info(), getLang(),
 * resizeWindow(), getAuth() (the auth object, or false once it has run out) and refreshAuth(callback)
 * (the callback gets a new object like getAuth()'s).
 */
function fakeBX24(dealId: string, options: { lang?: string; auth?: Auth | false; refreshed?: Auth } = {}) {
  return {
    init: vi.fn((callback: () => void) => setTimeout(callback, 0)),
    placement: { info: () => ({ placement: 'CRM_DEAL_DETAIL_TAB', options: { ID: dealId } }) },
    getLang: () => options.lang ?? 'ru',
    resizeWindow: vi.fn(),
    getAuth: vi.fn(() => (options.auth === undefined ? portalAuth('portal-auth-1') : options.auth)),
    refreshAuth: vi.fn((callback: (auth: Auth) => void) => setTimeout(() => callback(options.refreshed ?? portalAuth('portal-auth-2')), 0)),
  };
}

/** POST /integration/bitrix/token as the server answers it: a token of minutes, or 401 for a refused auth. */
function fakeExchange(answers: Record<string, { access_token: string; expires_at: string; account_id: number } | null>) {
  return vi.fn(async (_url: string, init: { body: string }) => {
    const answer = answers[JSON.parse(init.body).access_token];
    return answer ? new Response(JSON.stringify(answer), { status: 200 }) : new Response(JSON.stringify({ error: 'refused' }), { status: 401 });
  });
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const bodyOf = (fetch: ReturnType<typeof fakeExchange>, call = 0) => JSON.parse(fetch.mock.calls[call][1].body);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Bitrix24 deal-tab placement page', () => {
  it("exchanges BX24's auth at /integration/bitrix/token and mounts the widget with that short-lived token; no ?token= nor stored TOKEN is read", async () => {
    document.body.innerHTML = '<div id="stockroom-placement"></div>';
    const mount = vi.fn(() => () => undefined);
    const fetch = fakeExchange({ 'portal-auth-1': { access_token: 'short-lived', expires_at: inMinutes(10), account_id: 42 } });
    vi.stubGlobal('BX24', fakeBX24('123'));
    vi.stubGlobal('StockroomWidget', { mount });
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('TOKEN', 'stored-staff-token');
    history.replaceState(null, '', '/bitrix24/placement.html?account=42&token=staff-token');
    const unmount = await loadPlacement().startPlacement(window);
    expect(unmount).toBeTypeOf('function');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe(`${location.origin}/integration/bitrix/token`);
    expect(bodyOf(fetch)).toEqual({ domain: 'acme.bitrix24.ru', access_token: 'portal-auth-1', member_id: 'member-acme', account: 42 });
    expect(mount).toHaveBeenCalledExactlyOnceWith(document.getElementById('stockroom-placement'), {
      leadId: 123,
      token: 'short-lived',
      lang: 'ru',
      place: 'cardTab',
      crm: 'bitrix24',
      appUrl: location.origin,
    });
    unmount?.();
  });

  it("renews the portal's auth with BX24.refreshAuth when it has run out, or when the server refused it, and exchanges the new one", async () => {
    for (const [auth, expectedCalls] of [
      [false, ['portal-auth-2']],
      [portalAuth('stale-auth'), ['stale-auth', 'portal-auth-2']],
    ] as const) {
      document.body.innerHTML = '<div id="stockroom-placement"></div>';
      const mount = vi.fn(() => () => undefined);
      const fetch = fakeExchange({ 'portal-auth-2': { access_token: 'after-refresh', expires_at: inMinutes(10), account_id: 7 } });
      const BX24 = fakeBX24('9', { auth });
      vi.stubGlobal('BX24', BX24);
      vi.stubGlobal('StockroomWidget', { mount });
      vi.stubGlobal('fetch', fetch);
      history.replaceState(null, '', '/bitrix24/placement.html');
      const unmount = await loadPlacement().startPlacement(window);
      expect(BX24.refreshAuth).toHaveBeenCalledTimes(1);
      expect(fetch.mock.calls.map((_call, index) => bodyOf(fetch, index).access_token)).toEqual(expectedCalls);
      expect(bodyOf(fetch, 0).account).toBeUndefined();
      expect(mount).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ token: 'after-refresh', leadId: 9 }));
      unmount?.();
    }
  });

  it('renews the Stockroom token before it runs out and hands the new one to the widget (context event)', async () => {
    document.body.innerHTML = '<div id="stockroom-placement"></div>';
    const issued = [
      { access_token: 'first', expires_at: new Date(Date.now() + 61_000).toISOString(), account_id: 3 },
      { access_token: 'second', expires_at: inMinutes(10), account_id: 3 },
    ];
    const fetch = vi.fn(async () => new Response(JSON.stringify(issued.shift()), { status: 200 }));
    vi.stubGlobal('BX24', fakeBX24('5'));
    vi.stubGlobal('StockroomWidget', { mount: vi.fn(() => () => undefined) });
    vi.stubGlobal('fetch', fetch);
    history.replaceState(null, '', '/bitrix24/placement.html?account=3');
    const context = new Promise<unknown>((resolve) => {
      const listener = (event: MessageEvent) => {
        if (event.data?.type !== 'context') return;
        window.removeEventListener('message', listener);
        resolve(event.data);
      };
      window.addEventListener('message', listener);
    });
    const unmount = await loadPlacement().startPlacement(window);
    // 61 s left and renewed 60 s before: within about a second.
    expect(await context).toEqual({ tag: 'stockroom-bridge', v: 1, kind: 'event', type: 'context', payload: { token: 'second' } });
    expect(fetch).toHaveBeenCalledTimes(2);
    unmount?.();
  });

  it('mounts nothing and says so when the server refuses the auth, and when widget.js is missing', async () => {
    document.body.innerHTML = '<div id="stockroom-placement"></div>';
    const mount = vi.fn(() => () => undefined);
    vi.stubGlobal('BX24', fakeBX24('5', { lang: 'en' }));
    vi.stubGlobal('StockroomWidget', { mount });
    vi.stubGlobal('fetch', fakeExchange({}));
    history.replaceState(null, '', '/bitrix24/placement.html?token=staff-token');
    expect(await loadPlacement().startPlacement(window)).toBeNull();
    expect(mount).not.toHaveBeenCalled();
    expect(document.querySelector('.placement-message')?.textContent).toContain('could not confirm this Bitrix24 user');
    document.body.innerHTML = '<div id="stockroom-placement"></div>';
    vi.stubGlobal('StockroomWidget', undefined);
    expect(await loadPlacement().startPlacement(window)).toBeNull();
    expect(document.querySelector('.placement-message')?.textContent).toContain('widget.js did not load');
  });
});
