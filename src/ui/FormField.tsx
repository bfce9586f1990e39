import { useId } from 'react';

/**
 * A labelled input of a form that submits as a whole (sign-in, profile): the value follows every keystroke,
 * unlike TextInput, which commits on blur or Enter. An error or a hint is read out with the input.
 */
export function FormField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  hint?: string;
  maxLength?: number;
  name: string;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = props.error || props.hint;
  return (
    <div className={props.error ? 'auth-field auth-field-invalid' : 'auth-field'}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        required={props.required ?? true}
        disabled={props.disabled}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {message ? (
        <span id={messageId} className={props.error ? 'auth-field-error' : 'auth-field-hint'}>
          {message}
        </span>
      ) : null}
    </div>
  );
}

/** A form's message line: read out by screen readers as soon as it appears. */
export function FormMessage({ text, tone }: { text: string | null; tone: 'error' | 'success' }) {
  if (!text) return null;
  return (
    <p className={`auth-message auth-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
