import './texts';
import styles from './entitySettings.css?raw';
import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { memberHasRight, type Right } from '../../../src/domain/rights';
import { t, type MessageKey } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import type { FieldEntity } from './api';
import { CategoryTree } from './CategoryTree';
import { FieldTable } from './FieldTable';
import { StatusSetup } from './StatusSetup';

adoptStyles(styles);

/** Shows the panel to members with the right its calls need; others see why not (the server refuses them anyway). */
function WithRight({ right, children }: { right: Right; children: ReactNode }) {
  const { account, user } = useStore($account);
  if (!memberHasRight(user, account, right)) return <p className="es-note">{t('settings.adminOnly')}</p>;
  return <>{children}</>;
}

interface Tab {
  id: string;
  label: MessageKey;
  render: () => ReactNode;
}

/** Tabs as the spec's settings screens show them: a tab list, one panel at a time. */
function Tabs({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const [current, setCurrent] = useState(tabs[0].id);
  const shown = tabs.find((tab) => tab.id === current) ?? tabs[0];
  return (
    <div className="es-tabs">
      <div role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`es-tab-${tab.id}`}
            aria-selected={tab.id === shown.id}
            aria-controls={`es-panel-${tab.id}`}
            onClick={() => setCurrent(tab.id)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`es-panel-${shown.id}`} aria-labelledby={`es-tab-${shown.id}`}>
        {shown.render()}
      </div>
    </div>
  );
}

const fieldTable = (entity: FieldEntity, right: Right) => (
  <WithRight right={right}>
    <FieldTable key={entity} entity={entity} label={t('settings.fieldTable')} />
  </WithRight>
);

/** Settings → entity settings: orders (fields, stage setup), company, contacts, products (fields, category tree). */
export function EntitySettingsPanel() {
  return (
    <div className="es-panel">
      <Tabs
        label={t('settings.entitySettings')}
        tabs={[
          {
            id: 'orders',
            label: 'settings.tabOrders',
            render: () => (
              <WithRight right="admin">
                <FieldTable key="order" entity="order" label={t('settings.fieldTable')} />
                <StatusSetup />
              </WithRight>
            ),
          },
          { id: 'company', label: 'settings.tabCompany', render: () => fieldTable('company', 'admin') },
          { id: 'contacts', label: 'settings.tabContacts', render: () => fieldTable('contact', 'admin') },
          {
            id: 'products',
            label: 'settings.tabProducts',
            render: () => (
              <WithRight right="editingRemains">
                <FieldTable key="product" entity="product" label={t('settings.fieldTable')} />
                <CategoryTree />
              </WithRight>
            ),
          },
        ]}
      />
    </div>
  );
}

/** Settings → product properties: the product field table. */
export function ProductPropertiesPanel() {
  return <div className="es-panel">{fieldTable('product', 'editingRemains')}</div>;
}

/** Settings → product categories: the category tree. */
export function ProductCategoriesPanel() {
  return (
    <div className="es-panel">
      <WithRight right="editingRemains">
        <CategoryTree />
      </WithRight>
    </div>
  );
}

/** Settings → customer field settings (and the 'clients fields settings' overlay): contacts and companies. */
export function CustomerFieldsPanel() {
  return (
    <div className="es-panel">
      <Tabs
        label={t('settings.customerFieldSettings')}
        tabs={[
          { id: 'contacts', label: 'settings.tabContacts', render: () => fieldTable('contact', 'admin') },
          { id: 'company', label: 'settings.tabCompany', render: () => fieldTable('company', 'admin') },
        ]}
      />
    </div>
  );
}
