import { Field } from './Field';
import { useTextField, type TextFieldProps } from './useTextField';

export interface TextInputProps extends TextFieldProps {
  /** Called on blur or Enter, only when the text differs from value. */
  onChange: (value: string) => void;
  /** Message shown under the field; marks it aria-invalid. */
  error?: string;
  type?: 'text' | 'email' | 'tel' | 'search' | 'password' | 'url';
  autoComplete?: string;
  required?: boolean;
}

/** Single-line text: typing stays local until blur or Enter. */
export function TextInput(props: TextInputProps) {
  const { field, control } = useTextField<HTMLInputElement>(props, { idPrefix: 'ui-text' });
  return (
    <Field {...field}>
      <input
        {...control}
        className="ui-input"
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={props.required}
      />
    </Field>
  );
}
