import './texts';
import styles from './publicCustomers.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { CustomerAccessAction } from '../../../src/api/business';
import type { PublicCustomer } from '../../../src/contract/publicOrder';
import { t, type MessageKey } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { FormField, FormMessage } from '../../../src/ui/FormField';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { $publicCustomers, changeAccess, inviteCustomer, loadPublicCustomers, shareOrder } from './state';

adoptStyles(styles);

const DONE: Record<CustomerAccessAction, MessageKey> = {
  invite: 'business.invited',
  'reset-password': 'business.passwordReset',
  disable: 'business.disabled',
  enable: 'business.enabled',
};

/** Settings → public customers (spec 2 §6): who may order through public links, their tags and shared orders, and their access. */
export default function PublicCustomersPanel() {
  const customers = useStore($publicCustomers);
  useEffect(() => {
    void loadPublicCustomers();
  }, []);
  return (
    <section className="business-panel" aria-labelledby="public-customers-title">
      <h2 id="public-customers-title">{t('business.customersTitle')}</h2>
      <InviteForm />
      {customers && !customers.length && <p>{t('business.customersEmpty')}</p>}
      {customers && customers.length > 0 && (
        <table className="business-table">
          <thead>
            <tr>
              <th scope="col">{t('business.nameColumn')}</th>
              <th scope="col">{t('business.loginColumn')}</th>
              <th scope="col">{t('business.tagsColumn')}</th>
              <th scope="col">{t('business.ordersColumn')}</th>
              <th scope="col">{t('business.statusColumn')}</th>
              <th scope="col" aria-label={t('business.share')} />
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => (
              <CustomerRow key={customer.id} customer={customer} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const statusOf = (customer: PublicCustomer): MessageKey =>
  customer.disabled ? 'business.statusDisabled' : customer.has_password ? 'business.statusActive' : 'business.statusNoPassword';

function CustomerRow({ customer }: { customer: PublicCustomer }) {
  const [sharing, setSharing] = useState(false);
  const name = customer.name || customer.email || '';
  async function act(action: CustomerAccessAction) {
    const step = await changeAccess(action, customer.id);
    if (step.ok) notify({ type: NotificationType.success, header: t(DONE[action], { name }) });
    else notify({ type: NotificationType.error, header: t('business.failed'), text: step.text });
  }
  return (
    <tr data-customer={customer.id}>
      <th scope="row">{customer.name}</th>
      <td>{customer.email ?? ''}</td>
      <td>{customer.tags.join(', ')}</td>
      <td>{(customer.orders ?? []).map((order) => `${order.name} (${order.id})`).join(', ')}</td>
      <td>{t(statusOf(customer))}</td>
      <td>
        <div className="business-actions">
          {!customer.disabled && customer.email && (
            <button type="button" className="shell-button" onClick={() => void act(customer.has_password ? 'reset-password' : 'invite')}>
              {customer.has_password ? t('business.resetPassword') : t('business.invite')}
            </button>
          )}
          <button type="button" className="shell-button" onClick={() => void act(customer.disabled ? 'enable' : 'disable')}>
            {customer.disabled ? t('business.enable') : t('business.disable')}
          </button>
          {!customer.disabled && (
            <button type="button" className="shell-button" aria-expanded={sharing} onClick={() => setSharing(!sharing)}>
              {t('business.share')}
            </button>
          )}
        </div>
        {sharing && <ShareForm customer={customer} name={name} onDone={() => setSharing(false)} />}
      </td>
    </tr>
  );
}

function ShareForm({ customer, name, onDone }: { customer: PublicCustomer; name: string; onDone: () => void }) {
  const [order, setOrder] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const id = Number(order.trim());
    if (!Number.isInteger(id) || id < 1) return;
    if (await shareOrder(id, customer.id)) {
      notify({ type: NotificationType.success, header: t('business.shared', { order: id, name }) });
      onDone();
    }
  }
  return (
    <form className="business-inline" onSubmit={(event) => void submit(event)}>
      <FormField name="share-order" label={t('business.shareOrderNumber')} value={order} onChange={setOrder} maxLength={10} />
      <button type="submit" className="shell-button shell-button-primary">
        {t('business.share')}
      </button>
    </form>
  );
}

function InviteForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [tags, setTags] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError(t('validation.empty'));
    setBusy(true);
    const step = await inviteCustomer({ name, email, tags });
    setBusy(false);
    if (!step.ok) return setError(step.text || t('business.failed'));
    setError(null);
    setName('');
    setEmail('');
    setTags('');
    notify({ type: NotificationType.success, header: t('business.invited', { name: step.customer.name || step.customer.email || '' }) });
  }
  return (
    <form noValidate className="settings-card" aria-labelledby="invite-title" onSubmit={(event) => void submit(event)}>
      <h3 id="invite-title">{t('business.inviteTitle')}</h3>
      <div className="business-inline">
        <FormField name="customer-name" label={t('business.customerName')} value={name} onChange={setName} maxLength={120} />
        <FormField name="customer-email" type="email" label={t('business.customerEmail')} value={email} onChange={setEmail} maxLength={200} />
        <FormField name="customer-tags" label={t('business.customerTags')} value={tags} onChange={setTags} maxLength={300} />
      </div>
      <FormMessage tone="error" text={error} />
      <button type="submit" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy}>
        {t('business.invite')}
      </button>
    </form>
  );
}
