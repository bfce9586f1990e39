import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { CUSTOMER_RATING_MAX, type CustomerKind } from '../../../src/api/customers';
import type { Company, Contact } from '../../../src/contract/customers';
import { displayValue } from '../../../src/domain/format';
import { t } from '../../../src/i18n';
import { $currency } from '../../../src/stores/account';
import { $customerFields, draftOf, findCustomers, loadCustomerFields } from '../../stores/customers';
import { createOrderCustomer, editOrderCustomer, setOrderCustomer } from './orderClient';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { CustomerForm } from '../../../src/ui/CustomerForm';
import { CustomerRatingBadge } from '../../../src/ui/CustomerRating';
import { CustomerSearch } from '../../../src/ui/CustomerSearch';

type Mode = 'view' | 'edit' | 'change' | 'create';

const TEXTS = {
  contact: { title: 'clients.contactSection', none: 'clients.noOrderContact', find: 'clients.findContact', create: 'clients.createContact' },
  company: { title: 'clients.companySection', none: 'clients.noOrderCompany', find: 'clients.findCompany', create: 'clients.createCompany' },
} as const;

export interface ClientSectionProps {
  kind: CustomerKind;
  customer: Contact | Company | null;
  onChanged?: () => void;
}

/** The order's contact or its company: shown, edited, changed for another (search or a new one) or removed. */
export function ClientSection({ kind, customer, onChanged }: ClientSectionProps) {
  const titleId = useId();
  const texts = TEXTS[kind];
  const fields = useStore($customerFields)[kind] ?? [];
  const currency = useStore($currency);
  const [mode, setMode] = useState<Mode>('view');
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadCustomerFields(kind);
  }, [kind]);

  const done = (text: string) => {
    notify({ type: NotificationType.success, header: t('clients.saved'), text });
    setMode('view');
    onChanged?.();
  };

  const choose = async (id: number, name: string) => {
    setBusy(true);
    const linked = await setOrderCustomer(kind, id);
    setBusy(false);
    if (linked) done(name);
  };

  const remove = async () => {
    setBusy(true);
    const removed = await setOrderCustomer(kind, null);
    setBusy(false);
    if (removed) done(customer?.name ?? '');
  };

  const create = (name: string) => {
    setNewName(name);
    setMode('create');
  };

  const picking = !customer || mode === 'change';

  return (
    <section className="deal-client__section" aria-labelledby={titleId} data-kind={kind}>
      <h3 id={titleId}>{t(texts.title)}</h3>

      {mode === 'create' ? (
        <CustomerForm
          kind={kind}
          initial={{ ...draftOf(kind, null), name: newName }}
          fields={fields}
          ratingMax={CUSTOMER_RATING_MAX}
          currency={currency}
          submitLabel={t(texts.create)}
          onCancel={() => setMode(customer ? 'change' : 'view')}
          onSubmit={async (values) => {
            const saved = await createOrderCustomer(kind, values);
            if (!saved.ok) return saved.errors;
            if (saved.linked) done(saved.customer.name);
            else {
              // The server's refusal is already shown; this says what did happen and where to go on.
              notify({ type: NotificationType.warning, header: t('clients.createdNotLinked', { name: saved.customer.name }), text: t('clients.createdNotLinkedHint') });
              setMode('change');
            }
            return null;
          }}
        />
      ) : null}

      {mode === 'edit' && customer ? (
        <CustomerForm
          kind={kind}
          initial={draftOf(kind, customer)}
          fields={fields}
          ratingMax={CUSTOMER_RATING_MAX}
          currency={currency}
          onCancel={() => setMode('view')}
          onSubmit={async (values) => {
            const saved = await editOrderCustomer(kind, values);
            if (!saved.ok) return saved.errors;
            done(saved.customer.name);
            return null;
          }}
        />
      ) : null}

      {customer && (mode === 'view' || mode === 'change') ? (
        <div className="deal-client__card">
          <div className="deal-client__head">
            <strong className="deal-client__name">{customer.name}</strong>
            <CustomerRatingBadge value={customer.rating} max={CUSTOMER_RATING_MAX} />
          </div>
          <dl className="deal-client__details">
            <div>
              <dt>{t('clients.email')}</dt>
              <dd>{displayValue(customer.email)}</dd>
            </div>
            <div>
              <dt>{t('clients.phone')}</dt>
              <dd>{displayValue(customer.phone)}</dd>
            </div>
            {kind === 'company' ? (
              <div>
                <dt>{t('clients.taxNumber')}</dt>
                <dd>{displayValue((customer as Company).tax_number)}</dd>
              </div>
            ) : null}
          </dl>
          {mode === 'view' ? (
            <div className="deal-client__actions">
              <button type="button" className="customer-button customer-button--small" onClick={() => setMode('edit')}>
                {t('app.edit')}
              </button>
              <button type="button" className="customer-button customer-button--small" onClick={() => setMode('change')}>
                {t('clients.change')}
              </button>
              <button type="button" className="customer-button customer-button--small" disabled={busy} onClick={() => void remove()}>
                {t('clients.removeFromOrder')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}

      {!customer && mode !== 'create' ? <p className="deal-client__note">{t(texts.none)}</p> : null}

      {picking && mode !== 'create' && mode !== 'edit' ? (
        <div className="deal-client__pick">
          <CustomerSearch
            label={t(texts.find)}
            placeholder={t('clients.findPlaceholder')}
            search={(query) => findCustomers(kind, query)}
            exclude={customer ? [customer.id] : []}
            disabled={busy}
            onPick={(item) => void choose(item.id, item.name)}
            createLabel={(query) => t('clients.createNamed', { name: query })}
            onCreate={create}
          />
          <div className="deal-client__actions">
            <button type="button" className="customer-button customer-button--small" onClick={() => create('')}>
              {t(texts.create)}
            </button>
            {customer ? (
              <button type="button" className="customer-button customer-button--small" onClick={() => setMode('view')}>
                {t('clients.cancelChange')}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
