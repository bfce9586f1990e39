import { useId, type ReactNode } from 'react';

export interface FieldProps {
  /** id of the control the visible label names. */
  controlId: string;
  label: string;
  disabled?: boolean;
  /** Message shown under the control; the control points at it with aria-describedby. */
  error?: string;
  errorId?: string;
  hint?: string;
  hintId?: string;
  className?: string;
  children: ReactNode;
}

/** Label, control and message laid out the same way for every edit control. */
export function Field(props: FieldProps) {
  const classes = ['ui-field'];
  if (props.disabled) classes.push('ui-field--disabled');
  if (props.error) classes.push('ui-field--invalid');
  if (props.className) classes.push(props.className);
  return (
    <div className={classes.join(' ')}>
      <label className="ui-field__label" htmlFor={props.controlId}>
        {props.label}
      </label>
      {props.children}
      {props.hint && !props.error ? (
        <span className="ui-field__hint" id={props.hintId}>
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span className="ui-field__error" id={props.errorId}>
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The control's id and the ids of its messages. A generated id is unique per instance, so the
 * label and aria-describedby stay right when a form shows the same control twice.
 */
export function useFieldIds(prefix: string, id: string | undefined): { id: string; errorId: string; hintId: string } {
  const autoId = useId();
  const controlId = id ?? `${prefix}-${autoId}`;
  return { id: controlId, errorId: `${controlId}-error`, hintId: `${controlId}-hint` };
}

/**
 * aria-invalid and aria-describedby for the control inside a Field: screen readers read out the
 * message Field shows (the error, else the hint), so the two must always agree.
 */
export function messageAria(
  error: string | undefined,
  errorId: string,
  hint?: string,
  hintId?: string,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  let describedBy: string | undefined;
  if (error) describedBy = errorId;
  else if (hint && hintId) describedBy = hintId;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
}
