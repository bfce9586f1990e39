import { useStore } from '@nanostores/react';
import { useRef, type KeyboardEvent } from 'react';
import { t, type MessageKey } from '../../../src/i18n';
import { $dealTab, $unsaved, DEAL_TABS, type DealOrder, type DealTab, reloadOrder } from './state';
import { ClientTab } from './ClientTab';
import { DocumentsTab } from './DocumentsTab';
import { ProductsTab } from './ProductsTab';
import { isUnstored } from './newOrder';

const TAB_TEXT: Record<DealTab, MessageKey> = { products: 'order.tabProducts', documents: 'order.tabDocuments', client: 'order.tabClient' };

/** The three deal tabs (spec 1 §2): products (default), documents, client; arrow keys move between them. */
export function DealTabs({ order }: { order: DealOrder }) {
  const tab = useStore($dealTab);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = DEAL_TABS.indexOf(tab);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % DEAL_TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + DEAL_TABS.length) % DEAL_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = DEAL_TABS.length - 1;
    if (next < 0) return;
    event.preventDefault();
    $dealTab.set(DEAL_TABS[next]);
    buttons.current[next]?.focus();
  };

  return (
    <div className="deal-tabs">
      <div role="tablist" aria-label={t('order.tabsLabel')} className="deal-tabs__list" onKeyDown={onKeyDown}>
        {DEAL_TABS.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`deal-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`deal-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="deal-tabs__tab"
            onClick={() => $dealTab.set(name)}
          >
            {t(TAB_TEXT[name])}
            {name === 'products' ? <UnsavedDot /> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`deal-panel-${tab}`} aria-labelledby={`deal-tab-${tab}`} className="deal-tabs__panel" tabIndex={0}>
        {tab === 'products' ? <ProductsTab order={order} /> : null}
        {tab === 'documents' && isUnstored(order) ? <p className="deal-products__hint">{t('order.unstoredDocuments')}</p> : null}
        {tab === 'documents' && !isUnstored(order) ? <DocumentsTab orderId={order.id} /> : null}
        {tab === 'client' ? <ClientTab orderId={order.id} onChanged={() => void reloadOrder()} /> : null}
      </div>
    </div>
  );
}

/** Edits on the products tab are not stored yet: a dot on the tab, said as text to screen readers (issue 19 §2). */
function UnsavedDot() {
  const unsaved = useStore($unsaved);
  if (!unsaved) return null;
  return (
    <span className="deal-tabs__dot" data-unsaved="">
      <span className="ui-visually-hidden">{`, ${t('order.unsavedTab')}`}</span>
    </span>
  );
}
