import { coerceFieldValue, FieldType, normalizeOptions } from '../domain/fieldTypes';
import { Checkbox } from './Checkbox';
import { DateInput } from './DateInput';
import { DateTimeInput } from './DateTimeInput';
import { DecimalInput } from './DecimalInput';
import { MultiSelect } from './MultiSelect';
import { Select } from './Select';
import { TextArea } from './TextArea';
import { TextInput } from './TextInput';
import { WholeNumberInput } from './WholeNumberInput';

/** What the control needs of a field definition; data holds a selector's options. */
export interface CustomerFieldShape {
  code: string;
  name: string;
  type: number;
  data?: unknown;
}

export interface CustomerFieldControlProps {
  field: CustomerFieldShape;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  /** Currency of a new price value. */
  currency?: string;
}

/**
 * The edit control of one of the account's contact or company fields, by its type (spec 2 §3): numbers,
 * texts, selectors, dates, flags; a price edits its cost. Values are coerced to the type first, as the
 * server sends them loosely. Contacts and companies have no image fields (15).
 */
export function CustomerFieldControl({ field, value, onChange, disabled, currency = 'RUB' }: CustomerFieldControlProps) {
  const ctx = { currency };
  const common = { label: field.name, disabled };
  switch (field.type) {
    case FieldType.integer:
      return <WholeNumberInput {...common} value={coerceFieldValue(FieldType.integer, value, ctx)} onChange={onChange} />;
    case FieldType.float:
      return <DecimalInput {...common} value={coerceFieldValue(FieldType.float, value, ctx)} onChange={onChange} />;
    case FieldType.text:
      return <TextArea {...common} rows={3} value={coerceFieldValue(FieldType.text, value, ctx)} onChange={onChange} />;
    case FieldType.select: {
      const options = normalizeOptions(field.data);
      const current = coerceFieldValue(FieldType.select, value, ctx);
      return <Select {...common} options={options} value={current === '' ? null : current} onChange={(chosen) => onChange(String(chosen))} />;
    }
    case FieldType.multiselect:
      return <MultiSelect {...common} options={normalizeOptions(field.data)} value={coerceFieldValue(FieldType.multiselect, value, ctx)} onChange={onChange} />;
    case FieldType.date:
      return <DateInput {...common} value={coerceFieldValue(FieldType.date, value, ctx) || null} onChange={(text) => onChange(text ?? '')} />;
    case FieldType.datetime:
      return <DateTimeInput {...common} value={coerceFieldValue(FieldType.datetime, value, ctx) || null} onChange={(text) => onChange(text ?? '')} />;
    case FieldType.flag:
      return <Checkbox {...common} value={coerceFieldValue(FieldType.flag, value, ctx)} onChange={onChange} />;
    case FieldType.price: {
      const price = coerceFieldValue(FieldType.price, value, ctx);
      return <DecimalInput {...common} min={0} value={price.cost} onChange={(cost) => onChange({ ...price, cost })} />;
    }
    case FieldType.images:
    case FieldType.stock:
      return null;
    default:
      return <TextInput {...common} value={coerceFieldValue(FieldType.string, value, ctx)} onChange={onChange} />;
  }
}
