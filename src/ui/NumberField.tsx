import { useEffect, useRef } from 'react';
import { draftKeyHandler } from './draftKeys';
import { Field, messageAria, useFieldIds } from './Field';
import { numberSeparators } from '../i18n/numbers';
import { formatNumber, readNumber, sameNumber } from './numberText';
import { useCommittedDraft } from './useCommittedDraft';

/** The props DecimalInput and WholeNumberInput both take. */
export interface NumberInputProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
  error?: string;
  id?: string;
  name?: string;
  className?: string;
  placeholder?: string;
}

export interface NumberFieldProps extends NumberInputProps {
  /** Applied to every committed number (clamping, integer conversion). */
  normalise: (value: number) => number;
  step: number | 'any';
  /**
   * A text field in the language's decimal form ('12,5' in Russian) instead of a number input: Chromium's
   * number input drops a typed comma whatever the page language, so '12,5' became 125 (issue 19 §5).
   */
  decimalText?: boolean;
}

/** The number input behind DecimalInput and WholeNumberInput: commits on change, blur or Enter. */
export function NumberField(props: NumberFieldProps) {
  const { id, errorId } = useFieldIds('ui-number', props.id);
  const shown = (value: number | null | undefined) => (props.decimalText ? formatNumber(value).replace('.', numberSeparators().decimal) : formatNumber(value));
  const { draft, setDraft, commit, revert } = useCommittedDraft<number>({
    value: props.value,
    format: shown,
    parse: (text) => {
      const read = readNumber(text);
      return read.ok ? { ok: true, value: props.normalise(read.value) } : read;
    },
    same: sameNumber,
    onCommit: props.onChange,
    onUnreadable: 'revert',
  });

  // React and preact/compat both map onChange to the input event; the native change event
  // (spinner clicks, autofill) is a commit point of its own.
  const inputRef = useRef<HTMLInputElement>(null);
  // A number input reports unreadable text as '' (badInput); that must not count as 0.
  const commitFrom = (input: HTMLInputElement) => (input.validity?.badInput ? revert() : commit(input.value));
  const commitRef = useRef(commitFrom);
  commitRef.current = commitFrom;
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return undefined;
    const onNativeChange = () => commitRef.current(input);
    input.addEventListener('change', onNativeChange);
    return () => input.removeEventListener('change', onNativeChange);
  }, []);

  return (
    <Field controlId={id} label={props.label} disabled={props.disabled} error={props.error} errorId={errorId} className={props.className}>
      <input
        ref={inputRef}
        id={id}
        name={props.name}
        className="ui-input ui-input--number"
        type={props.decimalText ? 'text' : 'number'}
        inputMode={props.step === 1 ? 'numeric' : 'decimal'}
        autoComplete={props.decimalText ? 'off' : undefined}
        step={props.decimalText ? undefined : props.step}
        min={props.decimalText ? undefined : props.min}
        max={props.decimalText ? undefined : props.max}
        value={draft}
        placeholder={props.placeholder}
        disabled={props.disabled}
        {...messageAria(props.error, errorId)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={(event) => commitFrom(event.currentTarget)}
        onKeyDown={draftKeyHandler({ shown: shown(props.value), commit: commitFrom, revert })}
      />
    </Field>
  );
}
