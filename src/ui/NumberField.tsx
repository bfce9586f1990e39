import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { describedBy, Field } from './Field';
import { formatNumber, readNumber, sameNumber } from './numberText';
import { useCommittedDraft } from './useCommittedDraft';

export interface NumberFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** Applied to every committed number (clamping, integer conversion). */
  normalise: (value: number) => number;
  step: number | 'any';
  min?: number;
  max?: number;
  disabled?: boolean;
  error?: string;
  id?: string;
  className?: string;
  name?: string;
  placeholder?: string;
}

/** The number input behind DecimalInput and WholeNumberInput: commits on change, blur or Enter. */
export function NumberField(props: NumberFieldProps) {
  const autoId = useId();
  const id = props.id ?? `ui-number-${autoId}`;
  const errorId = `${id}-error`;
  const { draft, setDraft, commit, revert } = useCommittedDraft<number>({
    value: props.value,
    format: formatNumber,
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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commitFrom(event.currentTarget);
    else if (event.key === 'Escape' && event.currentTarget.value !== formatNumber(props.value)) {
      event.stopPropagation();
      revert();
    }
  };

  return (
    <Field controlId={id} label={props.label} disabled={props.disabled} error={props.error} errorId={errorId} className={props.className}>
      <input
        ref={inputRef}
        id={id}
        name={props.name}
        className="ui-input ui-input--number"
        type="number"
        inputMode={props.step === 1 ? 'numeric' : 'decimal'}
        step={props.step}
        min={props.min}
        max={props.max}
        value={draft}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.error, errorId)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={(event) => commitFrom(event.currentTarget)}
        onKeyDown={onKeyDown}
      />
    </Field>
  );
}
