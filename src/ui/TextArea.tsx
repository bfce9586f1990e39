import { useId, type KeyboardEvent } from 'react';
import { describedBy, Field } from './Field';
import { useCommittedDraft } from './useCommittedDraft';

export interface TextAreaProps {
  label: string;
  value: string | null | undefined;
  /** Called on blur (or Ctrl/Cmd+Enter), only when the text differs from value. */
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string;
  cols?: number;
  rows?: number;
  placeholder?: string;
  maxLength?: number;
  id?: string;
  name?: string;
  className?: string;
}

const asText = (value: string | null | undefined): string => value ?? '';

/** Multi-line text, 30 columns by 10 rows unless told otherwise; Enter types a new line. */
export function TextArea(props: TextAreaProps) {
  const autoId = useId();
  const id = props.id ?? `ui-textarea-${autoId}`;
  const errorId = `${id}-error`;
  const { draft, setDraft, commit, revert } = useCommittedDraft<string>({
    value: asText(props.value),
    format: asText,
    parse: (text) => ({ ok: true, value: text }),
    same: (a, b) => a === b,
    onCommit: props.onChange,
    onUnreadable: 'revert',
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) commit(event.currentTarget.value);
    else if (event.key === 'Escape' && event.currentTarget.value !== asText(props.value)) {
      event.stopPropagation();
      revert();
    }
  };

  return (
    <Field controlId={id} label={props.label} disabled={props.disabled} error={props.error} errorId={errorId} className={props.className}>
      <textarea
        id={id}
        name={props.name}
        className="ui-textarea"
        cols={props.cols ?? 30}
        rows={props.rows ?? 10}
        value={draft}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
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
