import { useId } from 'react';

/** A labelled form input of the sign-in forms. */
export function Field(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  required?: boolean;
  name: string;
}) {
  const id = useId();
  return (
    <div className="auth-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        required={props.required ?? true}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
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
