import { t } from '../i18n';
import { datePattern, formatDateText, localeDateToDotted } from '../i18n/dates';
import { draftKeyHandler } from './draftKeys';
import { Field, messageAria, useFieldIds } from './Field';
import { dateKey, readDate, type DateLike } from './dateText';
import { useCommittedDraft } from './useCommittedDraft';

/** The props DateInput and DateTimeInput both take. */
export interface DateFieldProps {
  label: string;
  value: DateLike;
  onChange: (value: string | null, date: Date | null) => void;
  disabled?: boolean;
  error?: string;
  id?: string;
  name?: string;
  className?: string;
}

export interface DateTextFieldProps extends DateFieldProps {
  withTime: boolean;
}

/**
 * Text entry of a date (and time) in the active language's format (src/i18n/dates.ts). The value compared is the parsed date (to the day, or
 * to the minute with time); an empty field is no date, and no date → no date emits nothing.
 */
export function DateTextField(props: DateTextFieldProps) {
  const { withTime } = props;
  const { id, errorId, hintId } = useFieldIds('ui-date', props.id);
  const show = (date: Date) => formatDateText(date, { withTime });
  const key = (date: Date | null): string | null => (date ? dateKey(date, withTime) : null);
  // The current value as given is kept when it cannot be read, so the field shows it as is.
  const current = readDate(props.value);
  const shownValue = current ? show(current) : typeof props.value === 'string' ? props.value : '';

  const { draft, unreadable, setDraft, commit, revert } = useCommittedDraft<Date | null>({
    value: current,
    format: (date) => (date ? show(date) : date === current ? shownValue : ''),
    parse: (text) => {
      if (text.trim() === '') return { ok: true, value: null };
      // The English locale's order (03/05/2024) is rewritten day first; dotted and ISO text read as they are.
      const date = readDate(localeDateToDotted(text) ?? text);
      return date ? { ok: true, value: date } : { ok: false };
    },
    same: (a, b) => key(a) === key(b),
    onCommit: (date) => props.onChange(key(date), date),
    onUnreadable: 'keep',
  });

  const hint = datePattern({ withTime });
  const error = props.error ?? (unreadable ? t(withTime ? 'controls.invalidDateTime' : 'controls.invalidDate', { pattern: hint }) : undefined);
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
        {...messageAria(error, errorId, hint, hintId)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={draftKeyHandler({ shown: shownValue, commit: (input) => commit(input.value), revert })}
      />
    </Field>
  );
}
