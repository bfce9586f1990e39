import { NumberField, type NumberInputProps } from './NumberField';
import { toWholeNumber } from './numberText';

export interface WholeNumberInputProps extends NumberInputProps {
  /** Called on commit with the number made whole and clamped, only when it differs. */
  onChange: (value: number) => void;
  /** Larger numbers are clamped down to max (e.g. the available count). */
  max?: number;
}

export function WholeNumberInput(props: WholeNumberInputProps) {
  const { min, max } = props;
  return <NumberField {...props} step={1} normalise={(value) => toWholeNumber(value, min, max)} />;
}
