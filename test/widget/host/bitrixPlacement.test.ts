import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

type Placement = { startPlacement(win: Window): Promise<(() => void) | null> };

function loadPlacement(): Placement {
  const module = { exports: {} as Placement };
  new Function('module', readFileSync(join(__dirname, '../../../widget/host/bitrix24/placement.js'), 'utf8'))(module);
  return module.exports;
}

/** The BX24 JS library as the public contract describes it: init(callback), placement.info(), getLang(), resizeWindow(). */
function fakeBX24(dealId: string, lang = 'ru') {
  return {
    init: vi.fn((callback: () => void) => setTimeout(callback, 0)),
    placement: { info: () => ({ placement: 'CRM_DEAL_DETAIL_TAB', options: { ID: dealId } }) },
    getLang: () => lang,
    resizeWindow: vi.fn(),
  };
}

describe('the Bitrix24 deal-tab placement page', () => {
  it("mounts the widget for the placement's deal, with Bitrix24 calls and the portal's language", async () => {
    document.body.innerHTML = '<div id="stockroom-placement"></div>';
    const mount = vi.fn(() => () => undefined);
    vi.stubGlobal('BX24', fakeBX24('123'));
    vi.stubGlobal('StockroomWidget', { mount });
    history.replaceState(null, '', '/bitrix24/placement.html?token=staff-token');
    const unmount = await loadPlacement().startPlacement(window);
    expect(unmount).toBeTypeOf('function');
    expect(mount).toHaveBeenCalledExactlyOnceWith(document.getElementById('stockroom-placement'), {
      leadId: 123,
      token: 'staff-token',
      lang: 'ru',
      place: 'cardTab',
      crm: 'bitrix24',
      appUrl: location.origin,
    });
  });

  it('says so when there is no token, and when widget.js is missing', async () => {
    document.body.innerHTML = '<div id="stockroom-placement"></div>';
    vi.stubGlobal('BX24', fakeBX24('5', 'en'));
    vi.stubGlobal('StockroomWidget', { mount: vi.fn(() => () => undefined) });
    history.replaceState(null, '', '/bitrix24/placement.html');
    await loadPlacement().startPlacement(window);
    expect(document.querySelector('.placement-message')?.textContent).toContain('Sign in to Stockroom');
    document.body.innerHTML = '<div id="stockroom-placement"></div>';
    vi.stubGlobal('StockroomWidget', undefined);
    expect(await loadPlacement().startPlacement(window)).toBeNull();
    expect(document.querySelector('.placement-message')?.textContent).toContain('widget.js did not load');
  });
});
