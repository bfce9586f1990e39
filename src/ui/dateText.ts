// How the date controls read dates. Showing a date is the domain's formatDate; reading is not,
// because the domain readers accept different text: parseDate and parseDateTime each take only
// one dotted form and no ISO, and toDate takes digit strings as unix time (typing 20240305 would
// give a day in 1970 instead of an error) and lets a daylight-saving gap move the typed hour.

export type DateLike = string | Date | null | undefined;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function localDate(year: number, month: number, day: number, hour: number, minute: number, second: number): Date | null {
  const date = new Date(year, month - 1, day, hour, minute, second);
  date.setFullYear(year); // years below 100 would otherwise become 19xx
  const same =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute;
  return same ? date : null;
}

const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[\s,T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Reads dd.mm.yyyy[ hh:mm], yyyy-mm-dd[Thh:mm[:ss][zone]] or a Date; empty, invalid or
 * impossible dates (31.02) give null.
 */
export function readDate(value: DateLike): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const dotted = DOTTED.exec(text);
  if (dotted) {
    const [, d, m, y, hh = '0', mm = '0', ss = '0'] = dotted;
    return localDate(+y, +m, +d, +hh, +mm, +ss);
  }
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, m, d, hh = '0', mm = '0', ss = '0', zone] = iso;
    if (zone) {
      const date = new Date(text.replace(' ', 'T'));
      return Number.isNaN(date.getTime()) ? null : date;
    }
    return localDate(+y, +m, +d, +hh, +mm, +ss);
  }
  return null;
}

/** yyyy-mm-dd, or yyyy-mm-ddThh:mm with time, in local time: what the controls emit and compare. */
export function dateKey(date: Date, withTime: boolean): string {
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return withTime ? `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}
