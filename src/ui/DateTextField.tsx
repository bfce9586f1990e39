import { useId, type KeyboardEvent } from 'react';
import { t } from '../i18n';
import { describedBy, Field } from './Field';
import { formatDate, formatDateTime, isoDate, isoDateTime, parseDate, type DateLike } from './dateText';
import { useCommittedDraft } from './useCommittedDraft';

export interface DateTextFieldProps {
  label: string;
  value: DateLike;
  onChange: (value: string | null, date: Date | null) => void;
  withTime: boolean;
  disabled?: boolean;
  error?: string;
  id?: string;
  name?: string;
  className?: string;
}

/**
 * Text entry of dd.mm.yyyy (and hh:mm). The value compared is the parsed date (to the day, or
 * to the minute with time); an empty field is no date, and no date → no date emits nothing.
 */
export function DateTextField(props: DateTextFieldProps) {
  const { withTime } = props;
  const autoId = useId();
  const id = props.id ?? `ui-date-${autoId}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const show = withTime ? formatDateTime : formatDate;
  const key = (date: Date | null): string | null => (date ? (withTime ? isoDateTime(date) : isoDate(date)) : null);
  // The current value as given is kept when it cannot be read, so the field shows it as is.
  const current = parseDate(props.value);
  const shownValue = current ? show(current) : typeof props.value === 'string' ? props.value : '';

  const { draft, unreadable, setDraft, commit, revert } = useCommittedDraft<Date | null>({
    value: current,
    format: (date) => (date ? show(date) : date === current ? shownValue : ''),
    parse: (text) => {
      if (text.trim() === '') return { ok: true, value: null };
      const date = parseDate(text);
      return date ? { ok: true, value: date } : { ok: false };
    },
    same: (a, b) => key(a) === key(b),
    onCommit: (date) => props.onChange(key(date), date),
    onUnreadable: 'keep',
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(event.currentTarget.value);
    else if (event.key === 'Escape' && event.currentTarget.value !== shownValue) {
      event.stopPropagation();
      revert();
    }
  };

  const hint = withTime ? t('controls.dateTimeFormatHint') : t('controls.dateFormatHint');
  const error = props.error ?? (unreadable ? (withTime ? t('controls.invalidDateTime') : t('controls.invalidDate')) : undefined);
  return (
    <Field
      controlId={id}
      label={props.label}
      disabled={props.disabled}
      error={error}
      errorId={errorId}
      hint={hint}
      hintId={hintId}
      className={props.className}
    >
      <input
        id={id}
        name={props.name}
        className={withTime ? 'ui-input ui-input--datetime' : 'ui-input ui-input--date'}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={hint}
        value={draft}
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, errorId, hint, hintId)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
    </Field>
  );
}
