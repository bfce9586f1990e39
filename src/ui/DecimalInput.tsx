import { NumberField } from './NumberField';
import { clampNumber } from './numberText';

export interface DecimalInputProps {
  label: string;
  value: number;
  /** Called on commit (blur, Enter, spinner change) with the clamped number, only when it differs. */
  onChange: (value: number) => void;
  min?: number;
  /** Larger numbers are clamped down to max. */
  max?: number;
  step?: number | 'any';
  disabled?: boolean;
  error?: string;
  id?: string;
  name?: string;
  className?: string;
  placeholder?: string;
}

export function DecimalInput(props: DecimalInputProps) {
  const { min, max } = props;
  return (
    <NumberField
      {...props}
      step={props.step ?? 'any'}
      normalise={(value) => clampNumber(value, min, max)}
    />
  );
}
