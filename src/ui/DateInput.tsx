import type { DateLike } from './dateText';
import { DateTextField, type DateFieldProps } from './DateTextField';

export interface DateInputProps extends DateFieldProps {
  /** dd.mm.yyyy, yyyy-mm-dd or a Date; shown as the language writes dates (src/i18n/dates.ts). */
  value: DateLike;
  /** Called with yyyy-mm-dd (null when cleared) only when the day differs from value's. */
  onChange: (value: string | null, date: Date | null) => void;
}

export function DateInput(props: DateInputProps) {
  return <DateTextField {...props} withTime={false} />;
}
