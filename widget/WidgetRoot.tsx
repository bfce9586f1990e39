/** @jsxImportSource preact */
import { useAtom } from './useAtom';
import type { ReadableAtom } from 'nanostores';
import { t, type Lang } from '../src/i18n';
import type { WidgetStore } from './state/widgetStore';
import { Catalogue } from './components/Catalogue';
import { DealProducts } from './components/DealProducts';
import { Search } from './components/Search';
import { WireSelector } from './components/WireSelector';
import './texts';

export interface WidgetView {
  theme: 'light' | 'dark';
  /** Changes when the language does, so every text is read again. */
  lang: Lang;
  ready: boolean;
}

/** The deal-card widget: the lead's warehouse, product search, the catalogue and what the deal holds. */
export function WidgetRoot({ store, view, id, onOpenApp }: { store: WidgetStore; view: ReadableAtom<WidgetView>; id: string; onOpenApp: () => void }) {
  const { theme, ready } = useAtom(view);
  const leadId = useAtom(store.$leadId);
  const config = useAtom(store.$config);
  const configError = useAtom(store.$configError);
  return (
    <div class={`sr-widget${theme === 'dark' ? ' sr-widget-dark' : ''}`} data-testid="stockroom-widget" data-ready={ready ? 'true' : 'false'}>
      <h2 class="sr-row">
        {t('widget.title')}
        <button type="button" class="sr-link" onClick={onOpenApp} data-testid="widget-open-app">
          {t('widget.openApp')}
        </button>
      </h2>
      {!ready ? (
        <p class="sr-muted">{t('widget.loading')}</p>
      ) : (
        <>
          {configError && (
            <p class="sr-error" role="alert" data-testid="widget-config-error">
              {t('widget.configFailed', { message: configError })}
            </p>
          )}
          {leadId === null && <p class="sr-warn">{t('widget.noLead')}</p>}
          {config?.products_locked && <p class="sr-warn">{t('widget.locked')}</p>}
          <WireSelector store={store} id={id} />
          <Search store={store} id={id} />
          <DealProducts store={store} />
          <Catalogue store={store} id={id} />
        </>
      )}
    </div>
  );
}
