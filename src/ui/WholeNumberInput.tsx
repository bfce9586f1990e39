import { NumberField } from './NumberField';
import { toWholeNumber } from './numberText';

export interface WholeNumberInputProps {
  label: string;
  value: number;
  /** Called on commit with the number made whole and clamped, only when it differs. */
  onChange: (value: number) => void;
  min?: number;
  /** Larger numbers are clamped down to max (e.g. the available count). */
  max?: number;
  disabled?: boolean;
  error?: string;
  id?: string;
  name?: string;
  className?: string;
  placeholder?: string;
}

export function WholeNumberInput(props: WholeNumberInputProps) {
  const { min, max } = props;
  return <NumberField {...props} step={1} normalise={(value) => toWholeNumber(value, min, max)} />;
}
