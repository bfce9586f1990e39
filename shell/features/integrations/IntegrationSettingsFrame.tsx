import './texts';
import styles from './integrations.css?raw';
import { useStore } from '@nanostores/react';
import { useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { IntegrationScreenKind } from '../../../src/contract/integrationSync';
import { t, type MessageKey } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { IntegrationLog } from './IntegrationLog';

adoptStyles(styles);

/** Spec §2 'Integration settings': every integration has these three tabs, named in the address (`?tab=sync`). */
export const INTEGRATION_TABS = [
  { tab: 'general', label: 'integrations.tabGeneral' },
  { tab: 'sync', label: 'integrations.tabSync' },
  { tab: 'documents', label: 'integrations.tabDocuments' },
] as const satisfies readonly { tab: string; label: MessageKey }[];
export type IntegrationTab = (typeof INTEGRATION_TABS)[number]['tab'];

export function tabOfSearch(search: string): IntegrationTab {
  const asked = new URLSearchParams(search).get('tab');
  return INTEGRATION_TABS.find((each) => each.tab === asked)?.tab ?? 'general';
}

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
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (index: number) => {
    const next = INTEGRATION_TABS[index]!.tab;
    navigate(next === 'general' ? path : `${path}?tab=${next}`, { replace: true });
    tabs.current[index]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: INTEGRATION_TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose((moves[event.key]! + INTEGRATION_TABS.length) % INTEGRATION_TABS.length);
  };
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
      <div role="tablist" aria-label={t('integrations.tabsLabel')} className="integration-tabs">
        {INTEGRATION_TABS.map((each, index) => (
          <button
            key={each.tab}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`integration-tab-${each.tab}`}
            aria-selected={each.tab === current}
            aria-controls={`integration-panel-${each.tab}`}
            tabIndex={each.tab === current ? 0 : -1}
            onClick={() => choose(index)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {t(each.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`integration-panel-${current}`} aria-labelledby={`integration-tab-${current}`}>
        <Panel />
      </div>
      <IntegrationLog kind={kind} />
    </section>
  );
}
