import type { ReactNode } from 'react';

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

/** aria-describedby value naming whichever message is shown, or undefined. */
export function describedBy(error: string | undefined, errorId: string, hint?: string, hintId?: string): string | undefined {
  if (error) return errorId;
  if (hint && hintId) return hintId;
  return undefined;
}
