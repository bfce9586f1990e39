import { useState, type FormEvent } from 'react';
import { autocompleteCustomers, type CustomerKind } from '../../../src/api/customers';
import type { Facility } from '../../../src/contract/facilities';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { CustomerDialog } from '../../../src/ui/CustomerDialog';
import { CustomerSearch } from '../../../src/ui/CustomerSearch';
import { draftOf, saveFacility, type FacilityDraft } from './state';

type Chosen = FacilityDraft['company'];

/** A chosen company or contact with a button that takes it out; else a search among the account's customers. */
function CustomerChoice({ kind, chosen, onChange }: { kind: CustomerKind; chosen: Chosen; onChange: (choice: Chosen) => void }) {
  const label = t(kind === 'company' ? 'facilities.company' : 'facilities.contact');
  if (chosen) {
    return (
      <div className="ui-field facility-choice">
        <span className="ui-field__label">{label}</span>
        <span className="facility-chip">
          {chosen.name}
          <button type="button" className="facility-chip__remove" aria-label={t('facilities.removeChoice', { name: chosen.name })} onClick={() => onChange(null)}>
            ×
          </button>
        </span>
      </div>
    );
  }
  return (
    <CustomerSearch
      label={label}
      placeholder={t(kind === 'company' ? 'facilities.companyPlaceholder' : 'facilities.contactPlaceholder')}
      search={async (query) => {
        const answer = await autocompleteCustomers(kind, query);
        return answer.ok ? answer.data.map((item) => ({ id: item.id, name: item.name, detail: item.email || item.phone })) : [];
      }}
      onPick={(item) => onChange({ id: item.id, name: item.name })}
    />
  );
}

/** Adds (no facility) or edits a facility in a dialog: name (required), address, company, contact, notes. */
export function FacilityEditor({ facility, onDone }: { facility: Facility | null; onDone: () => void }) {
  const [draft, setDraft] = useState<FacilityDraft>(() => draftOf(facility));
  const [nameError, setNameError] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = (part: Partial<FacilityDraft>) => setDraft((current) => ({ ...current, ...part }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.name.trim()) {
      setNameError(true);
      return;
    }
    setBusy(true);
    const saved = await saveFacility(draft, facility);
    setBusy(false);
    if (!saved.ok) {
      setNameError(Boolean(saved.fields.name));
      return;
    }
    notify({ type: NotificationType.success, header: t('facilities.saved'), text: saved.facility.name });
    onDone();
  };

  return (
    <CustomerDialog title={t(facility ? 'facilities.editFacility' : 'facilities.newFacility')} onClose={onDone}>
      <form className="facility-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="facility-name">
            {t('facilities.name')}
          </label>
          <input
            id="facility-name"
            className="ui-input"
            name="name"
            value={draft.name}
            maxLength={300}
            required
            aria-invalid={nameError}
            aria-describedby={nameError ? 'facility-name-error' : undefined}
            onChange={(event) => {
              change({ name: event.currentTarget.value });
              setNameError(false);
            }}
          />
          {nameError ? (
            <span id="facility-name-error" className="facility-form__error" role="alert">
              {t('validation.empty')}
            </span>
          ) : null}
        </div>
        <label className="ui-field">
          <span className="ui-field__label">{t('facilities.address')}</span>
          <input className="ui-input" name="address" value={draft.address} maxLength={1000} onChange={(event) => change({ address: event.currentTarget.value })} />
        </label>
        <CustomerChoice kind="company" chosen={draft.company} onChange={(company) => change({ company })} />
        <CustomerChoice kind="contact" chosen={draft.contact} onChange={(contact) => change({ contact })} />
        <label className="ui-field">
          <span className="ui-field__label">{t('facilities.notes')}</span>
          <textarea className="ui-input" name="notes" rows={3} value={draft.notes} maxLength={5000} onChange={(event) => change({ notes: event.currentTarget.value })} />
        </label>
        <div className="facility-form__actions">
          <button type="button" className="customer-button" onClick={onDone}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="customer-button customer-button--primary" disabled={busy}>
            {facility ? t('app.save') : t('app.add')}
          </button>
        </div>
      </form>
    </CustomerDialog>
  );
}
