import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Customer, CustomerKind } from '../../../src/api/customers';
import { t } from '../../../src/i18n';
import { $customerCard, closeCustomerCard, openCustomerCard, removeCustomer } from '../../stores/customers';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { addressOfTab, Tabs, tabOfAddress } from '../../../src/ui/Tabs';
import { CustomerCard } from './CustomerCard';
import { CustomerEditor } from './CustomerEditor';
import { CustomerList } from './CustomerList';
import styles from './clients.css?raw';
import './texts';
import { PageHeader } from '../../../src/ui/PageHeader';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

/** The two tabs (spec 1 §2, §9), as the address names them: `/clients?tab=company`. */
export const CLIENT_TABS = [
  { key: 'contacts', kind: 'contact', label: 'clients.contacts' },
  { key: 'company', kind: 'company', label: 'clients.company' },
] as const;
export type ClientsTab = (typeof CLIENT_TABS)[number]['key'];

/** The tab the address asks for; contacts unless it names the company tab. */
export const tabOfSearch = (search: string): (typeof CLIENT_TABS)[number] => tabOfAddress(CLIENT_TABS, search);

type Editing = { kind: CustomerKind; customer: Customer | null };

/**
 * /clients: contacts and companies, each a paged list with the account's fields, search and sort, add,
 * edit and delete, and a card with rating, link, linked customers and order history.
 */
export default function ClientsScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const current = tabOfSearch(search);
  const card = useStore($customerCard);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ kind: CustomerKind; customer: Customer } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    const done = await removeCustomer(deleting.kind, deleting.customer.id);
    setBusy(false);
    setDeleting(null);
    if (done) notify({ type: NotificationType.success, header: t(deleting.kind === 'contact' ? 'done.contactDeleted' : 'done.companyDeleted'), text: deleting.customer.name });
  };

  return (
    <section className="clients-screen" aria-labelledby="clients-title">
      <PageHeader titleId="clients-title" title={t('clients.title')} />
      <Tabs
        tabs={CLIENT_TABS.map((each) => ({ key: each.key, label: t(each.label) }))}
        selected={current.key}
        // The tab lives in the address, so a reload or a shared link opens the same tab.
        onSelect={(key) => navigate(addressOfTab(CLIENT_TABS, '/clients', key), { replace: true })}
        label={t('clients.tabsLabel')}
        idPrefix="clients"
        panelClassName="clients-panel"
      >
        <CustomerList
          key={current.kind}
          kind={current.kind}
          onOpen={(customer) => void openCustomerCard(current.kind, customer.id)}
          onAdd={() => setEditing({ kind: current.kind, customer: null })}
          onEdit={(customer) => setEditing({ kind: current.kind, customer })}
          onDelete={(customer) => setDeleting({ kind: current.kind, customer })}
        />
      </Tabs>
      {card && !editing && !deleting ? (
        <CustomerCard
          state={card}
          onClose={closeCustomerCard}
          onEdit={(customer) => setEditing({ kind: card.kind, customer })}
          onDelete={(customer) => setDeleting({ kind: card.kind, customer })}
        />
      ) : null}
      {editing ? <CustomerEditor kind={editing.kind} customer={editing.customer} onDone={() => setEditing(null)} /> : null}
      {deleting ? <ConfirmDialog text={t('app.confirmDelete')} confirmLabel={t('app.delete')} busy={busy} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} /> : null}
    </section>
  );
}
