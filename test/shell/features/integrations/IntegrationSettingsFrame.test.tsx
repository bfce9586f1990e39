import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppLocation } from '../../../../shell/app/hashLocation';
import { IntegrationSettingsFrame } from '../../../../shell/features/integrations/IntegrationSettingsFrame';
import { $path } from '../../../../shell/stores/navigation';
import { $account, resetAccount } from '../../../../src/stores/account';
import { $token } from '../../../../src/stores/session';
import { click, press } from '../../../ui/render';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';

/**
 * The integration settings frame (issue 18 §2) uses the shared src/ui Tabs: three tabs named in the address
 * (`?tab=sync`, the first tab the bare path), the ARIA tabs pattern, and the panel of the chosen tab.
 */
const fake = useApiFake();
const panels = { general: () => <p>general panel</p>, sync: () => <p>sync panel</p>, documents: () => <p>documents panel</p> };
let root: Root | null = null;

beforeEach(() => {
  $token.set('staff-token');
  $path.set('/integrations/amocrm');
  fake.answers['/api/integrations/log'] = { body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } } };
  $account.set({ loaded: true, account: { id: 1 } as never, user: { id: 1, admin: true } as never });
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  resetAccount();
});

async function show(hash: string) {
  history.replaceState(null, '', `/${hash}`);
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <Router hook={useAppLocation}>
        <IntegrationSettingsFrame kind="amocrm" title="integrations.tabsLabel" panels={panels} />
      </Router>,
    ),
  );
  await settle();
  return host;
}

const tabs = (host: HTMLElement) => [...host.querySelectorAll<HTMLButtonElement>('[role="tablist"] [role="tab"]')];
const tabNamed = (host: HTMLElement, name: string) => tabs(host).find((tab) => tab.textContent === name)!;
const panel = (host: HTMLElement) => host.querySelector<HTMLElement>('[role="tabpanel"]')!;

describe('integration settings frame: the shared Tabs, the tab in the address', () => {
  it('rule: three tabs with their labels in the named tablist; the address chooses the tab, a bare or unknown one the first', async () => {
    let host = await show('#/integrations/amocrm?tab=sync');
    expect(host.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Integration settings');
    expect(tabs(host).map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.tabIndex])).toEqual([
      ['General settings', 'false', -1],
      ['Product synchronization settings', 'true', 0],
      ['Document settings', 'false', -1],
    ]);
    expect([panel(host).textContent, panel(host).id, panel(host).getAttribute('aria-labelledby')]).toEqual(['sync panel', 'integration-panel-sync', 'integration-tab-sync']);
    await act(async () => root?.unmount());
    host = await show('#/integrations/amocrm?tab=nonsense');
    expect(panel(host).textContent).toBe('general panel');
  });

  it('rule: choosing a tab puts it in the address (replacing, the first tab as the bare path) and shows its panel', async () => {
    const host = await show('#/integrations/amocrm');
    const before = history.length;
    click(tabNamed(host, 'Document settings'));
    await settle();
    expect([location.hash, panel(host).textContent]).toEqual(['#/integrations/amocrm?tab=documents', 'documents panel']);
    click(tabNamed(host, 'General settings'));
    await settle();
    expect([location.hash, panel(host).textContent, history.length]).toEqual(['#/integrations/amocrm', 'general panel', before]);
  });

  it('rule: arrow keys (wrapping), Home and End choose and focus a tab', async () => {
    const host = await show('#/integrations/amocrm');
    press(tabNamed(host, 'General settings'), 'ArrowLeft');
    await settle();
    expect([location.hash, document.activeElement?.textContent]).toEqual(['#/integrations/amocrm?tab=documents', 'Document settings']);
    press(tabNamed(host, 'Document settings'), 'Home');
    await settle();
    expect([location.hash, document.activeElement?.textContent]).toEqual(['#/integrations/amocrm', 'General settings']);
  });

  it('a user who is not an administrator sees why, and no tabs', async () => {
    $account.set({ loaded: true, account: { id: 1 } as never, user: { id: 2, admin: false } as never });
    const host = await show('#/integrations/amocrm?tab=sync');
    expect([tabs(host).length, host.textContent]).toEqual([0, 'Integration settingsOnly an administrator of the account can change the integration settings.']);
  });
});
