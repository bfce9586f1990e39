import { useId } from 'react';

export interface CheckboxProps {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
}

/** A flag: a real checkbox inside its label, so clicking the text toggles it too. */
export function Checkbox(props: CheckboxProps) {
  const autoId = useId();
  const id = props.id ?? `ui-checkbox-${autoId}`;
  const classes = ['ui-field', 'ui-checkbox'];
  if (props.disabled) classes.push('ui-field--disabled');
  if (props.className) classes.push(props.className);
  return (
    <div className={classes.join(' ')}>
      <input
        id={id}
        name={props.name}
        className="ui-checkbox__input"
        type="checkbox"
        checked={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <label className="ui-checkbox__label" htmlFor={id}>
        {props.label}
      </label>
    </div>
  );
}
