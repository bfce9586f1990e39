import type { DateLike } from './dateText';
import { DateTextField } from './DateTextField';

export interface DateTimeInputProps {
  label: string;
  /** dd.mm.yyyy hh:mm, an ISO date-time or a Date; shown as dd.mm.yyyy hh:mm. */
  value: DateLike;
  /**
   * Called with yyyy-mm-ddThh:mm (local time; null when cleared) only when the parsed time
   * differs, never when both the old and the new value are unparseable.
   */
  onChange: (value: string | null, date: Date | null) => void;
  disabled?: boolean;
  error?: string;
  id?: string;
  name?: string;
  className?: string;
}

export function DateTimeInput(props: DateTimeInputProps) {
  return <DateTextField {...props} withTime />;
}
