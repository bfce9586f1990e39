import { NumberField, type NumberInputProps } from './NumberField';
import { clampNumber } from './numberText';

export interface DecimalInputProps extends NumberInputProps {
  /** Called on commit (blur, Enter, spinner change) with the clamped number, only when it differs. */
  onChange: (value: number) => void;
  /** Larger numbers are clamped down to max. */
  max?: number;
  step?: number | 'any';
}

export function DecimalInput(props: DecimalInputProps) {
  const { min, max } = props;
  return (
    <NumberField
      {...props}
      step={props.step ?? 'any'}
      decimalText
      normalise={(value) => clampNumber(value, min, max)}
    />
  );
}
