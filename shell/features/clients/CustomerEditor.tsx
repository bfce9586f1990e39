import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { CUSTOMER_RATING_MAX, type Customer, type CustomerKind } from '../../../src/api/customers';
import { t } from '../../../src/i18n';
import { $currency } from '../../../src/stores/account';
import { $customerFields, draftOf, saveCustomer } from '../../stores/customers';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { CustomerDialog } from '../../../src/ui/CustomerDialog';
import { CustomerForm } from '../../../src/ui/CustomerForm';

const TITLES = {
  contact: { add: 'clients.newContact', edit: 'clients.editContact' },
  company: { add: 'clients.newCompany', edit: 'clients.editCompany' },
} as const;

/**
 * Adds (no customer) or edits a contact or company in a dialog; the list reloads after a save.
 * Escape, × or a stray press on the backdrop ask before throwing typed changes away; Cancel does not.
 */
export function CustomerEditor({ kind, customer, onDone }: { kind: CustomerKind; customer: Customer | null; onDone: () => void }) {
  const fields = useStore($customerFields)[kind] ?? [];
  const currency = useStore($currency);
  const edited = useRef(false);
  const [asking, setAsking] = useState(false);
  const close = () => (edited.current ? setAsking(true) : onDone());
  return (
    <>
      <CustomerDialog title={t(TITLES[kind][customer ? 'edit' : 'add'])} onClose={close}>
        <CustomerForm
          kind={kind}
          initial={draftOf(kind, customer)}
          fields={fields}
          ratingMax={CUSTOMER_RATING_MAX}
          currency={currency}
          submitLabel={customer ? t('app.save') : t('app.add')}
          onCancel={onDone}
          onEdited={() => {
            edited.current = true;
          }}
          onSubmit={async (values) => {
            const saved = await saveCustomer(kind, values, customer);
            if (!saved.ok) return saved.errors;
            notify({ type: NotificationType.success, header: t('clients.saved'), text: saved.customer.name });
            onDone();
            return null;
          }}
        />
      </CustomerDialog>
      {asking ? (
        <ConfirmDialog
          text={t('clients.discardQuestion')}
          confirmLabel={t('clients.discard')}
          cancelLabel={t('clients.keepEditing')}
          onConfirm={onDone}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
