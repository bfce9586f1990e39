import './texts';
import styles from './integrations.css?raw';
import { useStore } from '@nanostores/react';
import type { ComponentType } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { IntegrationScreenKind } from '../../../src/contract/integrationSync';
import { t, type MessageKey } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { addressOfTab, Tabs, tabOfAddress } from '../../../src/ui/Tabs';
import { IntegrationLog } from './IntegrationLog';

adoptStyles(styles);

/** Spec §2 'Integration settings': every integration has these three tabs, named in the address (`?tab=sync`). */
export const INTEGRATION_TABS = [
  { key: 'general', label: 'integrations.tabGeneral' },
  { key: 'sync', label: 'integrations.tabSync' },
  { key: 'documents', label: 'integrations.tabDocuments' },
] as const satisfies readonly { key: string; label: MessageKey }[];
export type IntegrationTab = (typeof INTEGRATION_TABS)[number]['key'];

export const tabOfSearch = (search: string): IntegrationTab => tabOfAddress(INTEGRATION_TABS, search).key;

export interface IntegrationSettingsFrameProps {
  kind: IntegrationScreenKind;
  title: MessageKey;
  panels: Record<IntegrationTab, ComponentType>;
}

/**
 * /integrations/amocrm, /integrations/bitrix24 and /integrations/1c: one frame — title, the three tabs, the panel of
 * the chosen tab, and below it the integration's log of syncs and errors with retry. Each integration brings its panels.
 */
export function IntegrationSettingsFrame({ kind, title, panels }: IntegrationSettingsFrameProps) {
  const { user } = useStore($account);
  const search = useSearch();
  const [path, navigate] = useLocation();
  const current = tabOfSearch(search);
  if (!user?.admin) {
    return (
      <section className="integration-screen" aria-labelledby="integration-title">
        <h1 id="integration-title">{t(title)}</h1>
        <p>{t('integrations.adminOnly')}</p>
      </section>
    );
  }
  const Panel = panels[current];
  return (
    <section className="integration-screen" aria-labelledby="integration-title" data-integration={kind}>
      <h1 id="integration-title">{t(title)}</h1>
      <Tabs
        tabs={INTEGRATION_TABS.map((each) => ({ key: each.key, label: t(each.label) }))}
        selected={current}
        // The tab lives in the address, so a reload or a shared link opens the same tab.
        onSelect={(key) => navigate(addressOfTab(INTEGRATION_TABS, path, key), { replace: true })}
        label={t('integrations.tabsLabel')}
        idPrefix="integration"
      >
        <Panel />
      </Tabs>
      <IntegrationLog kind={kind} />
    </section>
  );
}
