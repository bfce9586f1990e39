import { useId, type KeyboardEvent } from 'react';
import { describedBy, Field } from './Field';
import { useCommittedDraft } from './useCommittedDraft';

export interface TextInputProps {
  label: string;
  value: string | null | undefined;
  /** Called on blur or Enter, only when the text differs from value. */
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Message shown under the field; marks it aria-invalid. */
  error?: string;
  type?: 'text' | 'email' | 'tel' | 'search' | 'password' | 'url';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
  id?: string;
  name?: string;
  className?: string;
}

const asText = (value: string | null | undefined): string => value ?? '';

/** Single-line text: typing stays local until blur or Enter. */
export function TextInput(props: TextInputProps) {
  const autoId = useId();
  const id = props.id ?? `ui-text-${autoId}`;
  const errorId = `${id}-error`;
  const { draft, setDraft, commit, revert } = useCommittedDraft<string>({
    value: asText(props.value),
    format: asText,
    parse: (text) => ({ ok: true, value: text }),
    same: (a, b) => a === b,
    onCommit: props.onChange,
    onUnreadable: 'revert',
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(event.currentTarget.value);
    else if (event.key === 'Escape' && event.currentTarget.value !== asText(props.value)) {
      event.stopPropagation();
      revert();
    }
  };

  return (
    <Field controlId={id} label={props.label} disabled={props.disabled} error={props.error} errorId={errorId} className={props.className}>
      <input
        id={id}
        name={props.name}
        className="ui-input"
        type={props.type ?? 'text'}
        value={draft}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        required={props.required}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.error, errorId)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
    </Field>
  );
}
