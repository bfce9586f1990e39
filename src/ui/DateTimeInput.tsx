import type { DateLike } from './dateText';
import { DateTextField, type DateFieldProps } from './DateTextField';

export interface DateTimeInputProps extends DateFieldProps {
  /** dd.mm.yyyy hh:mm, an ISO date-time or a Date; shown as the language writes them (src/i18n/dates.ts). */
  value: DateLike;
  /**
   * Called with yyyy-mm-ddThh:mm (local time; null when cleared) only when the parsed time
   * differs, never when both the old and the new value are unparseable.
   */
  onChange: (value: string | null, date: Date | null) => void;
}

export function DateTimeInput(props: DateTimeInputProps) {
  return <DateTextField {...props} withTime />;
}
