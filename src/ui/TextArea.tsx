import { Field } from './Field';
import { useTextField, type TextFieldProps } from './useTextField';

export interface TextAreaProps extends TextFieldProps {
  /** Called on blur (or Ctrl/Cmd+Enter), only when the text differs from value. */
  onChange: (value: string) => void;
  cols?: number;
  rows?: number;
}

/** Multi-line text, 30 columns by 10 rows unless told otherwise; Enter types a new line. */
export function TextArea(props: TextAreaProps) {
  const { field, control } = useTextField<HTMLTextAreaElement>(props, {
    idPrefix: 'ui-textarea',
    // Plain Enter belongs to the text (a new line), so committing takes Ctrl or Cmd.
    commitsOnEnter: (event) => event.ctrlKey || event.metaKey,
  });
  return (
    <Field {...field}>
      <textarea {...control} className="ui-textarea" cols={props.cols ?? 30} rows={props.rows ?? 10} />
    </Field>
  );
}
