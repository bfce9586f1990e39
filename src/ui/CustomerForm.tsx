import { useRef, useState, type FormEvent } from 'react';
import { CUSTOMER_TEXT_RULES, customerTextErrors, type CustomerTextKey } from '../domain/validation';
import { t, translateDynamic, type MessageKey } from '../i18n';
import { CustomerFieldControl, type CustomerFieldShape } from './CustomerFieldControl';
import { CustomerRatingInput } from './CustomerRating';
import { TextInput } from './TextInput';
import styles from './customers.css?raw';
import { adoptStyles } from './adoptStyles';

adoptStyles(styles);

/** What the form edits: a contact, or a company with its accounting binding. */
export type CustomerFormValues = {
  name: string;
  email: string;
  phone: string;
  link: string;
  rating: number;
  values: Record<string, unknown>;
} & Partial<Record<CustomerAccountingKey, string>>;

export type CustomerAccountingKey = 'tax_number' | 'reason_code' | 'registration_number' | 'bank_name' | 'correspondent_account' | 'bank_code' | 'payment_account';

/** The labels of a company's accounting fields (spec 2 §3), in the order the accounting documents use. */
export const ACCOUNTING_LABELS: Record<CustomerAccountingKey, MessageKey> = {
  tax_number: 'clients.taxNumber',
  reason_code: 'clients.reasonCode',
  registration_number: 'clients.registrationNumber',
  bank_name: 'clients.bankName',
  correspondent_account: 'clients.correspondentAccount',
  bank_code: 'clients.bankCode',
  payment_account: 'clients.paymentAccount',
};
const ACCOUNTING_KEYS = Object.keys(ACCOUNTING_LABELS) as CustomerAccountingKey[];

/** Texts by input: a message key ('validation.empty') or a text the server sent. */
export type CustomerFormErrors = Partial<Record<string, string>>;

export interface CustomerFormProps {
  kind: 'contact' | 'company';
  initial: CustomerFormValues;
  /** The account's own fields of this kind. */
  fields?: readonly CustomerFieldShape[];
  ratingMax: number;
  /** Saves; answers the texts by input when it was refused, null when saved. */
  onSubmit: (values: CustomerFormValues) => Promise<CustomerFormErrors | null>;
  onCancel?: () => void;
  /** Told on the first keystroke or choice, before a text is committed at blur. */
  onEdited?: () => void;
  submitLabel?: string;
  currency?: string;
}

const messageOf = (error: string | undefined) => (error === undefined ? undefined : error.startsWith('validation.') ? translateDynamic(error) : error);

/**
 * The add and edit form of a contact or company: name, e-mail, phone, link, rating, the company's
 * accounting fields and the account's own fields. Texts are checked as they are changed and again on
 * save; each broken rule shows under its input and the first one gets focus.
 */
export function CustomerForm(props: CustomerFormProps) {
  const [values, setValues] = useState<CustomerFormValues>(props.initial);
  // Enter commits a text input and submits the form in one key press: the submit reads the newest values here.
  const latest = useRef(values);
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const change = (patch: Partial<CustomerFormValues>) => {
    props.onEdited?.();
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValues(next);
    const textKeys = Object.keys(patch).filter((key) => key in CUSTOMER_TEXT_RULES);
    if (touched || textKeys.length) {
      const checked = customerTextErrors(next);
      setErrors((current) => {
        const kept = Object.fromEntries(Object.entries(current).filter(([key]) => !(key in CUSTOMER_TEXT_RULES) && !(key in patch)));
        const shown = touched ? checked : Object.fromEntries(Object.entries(checked).filter(([key]) => textKeys.includes(key) || key in current));
        return { ...kept, ...shown };
      });
    }
  };

  const focusFirstError = () => {
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTouched(true);
    const current = latest.current;
    const invalid = customerTextErrors(current);
    if (Object.keys(invalid).length) {
      setErrors(invalid);
      focusFirstError();
      return;
    }
    setBusy(true);
    const refused = await props.onSubmit(current);
    setBusy(false);
    if (refused) {
      setErrors(refused);
      focusFirstError();
    }
  };

  const text = (key: CustomerTextKey | 'link', label: MessageKey, type: 'text' | 'email' | 'tel' | 'url', extra: { required?: boolean; autoComplete?: string } = {}) => (
    <TextInput
      label={t(label)}
      type={type}
      name={key}
      value={values[key]}
      onChange={(value) => change({ [key]: value })}
      error={messageOf(errors[key])}
      maxLength={key === 'link' ? 2000 : 300}
      {...extra}
    />
  );

  return (
    <form ref={form} className="customer-form" noValidate onSubmit={submit} onInput={props.onEdited} aria-busy={busy}>
      <div className="customer-form__grid">
        {text('name', props.kind === 'company' ? 'clients.companyName' : 'clients.name', 'text', { required: true, autoComplete: 'off' })}
        {text('email', 'clients.email', 'email', { autoComplete: 'off' })}
        {text('phone', 'clients.phone', 'tel', { autoComplete: 'off' })}
        {text('link', 'clients.link', 'url')}
      </div>
      <CustomerRatingInput value={values.rating} max={props.ratingMax} onChange={(rating) => change({ rating })} />
      {props.kind === 'company' ? (
        <fieldset className="customer-form__section">
          <legend>{t('clients.accounting')}</legend>
          <div className="customer-form__grid">
            {ACCOUNTING_KEYS.map((key) => (
              <TextInput key={key} label={t(ACCOUNTING_LABELS[key])} name={key} value={values[key] ?? ''} maxLength={key === 'bank_name' ? 300 : 40} onChange={(value) => change({ [key]: value })} error={messageOf(errors[key])} />
            ))}
          </div>
        </fieldset>
      ) : null}
      {props.fields?.length ? (
        <fieldset className="customer-form__section">
          <legend>{t('clients.fields')}</legend>
          <div className="customer-form__grid">
            {props.fields.map((field) => (
              <CustomerFieldControl
                key={field.code}
                field={field}
                value={values.values[field.code]}
                currency={props.currency}
                onChange={(value) => change({ values: { ...latest.current.values, [field.code]: value } })}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      {errors.form ? (
        <p className="customer-form__error" role="alert">
          {messageOf(errors.form)}
        </p>
      ) : null}
      <div className="customer-form__actions">
        <button type="submit" className="customer-button customer-button--primary" disabled={busy}>
          {busy ? t('app.saving') : (props.submitLabel ?? t('app.save'))}
        </button>
        {props.onCancel ? (
          <button type="button" className="customer-button" onClick={props.onCancel}>
            {t('app.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
