/**
 * Dates as people read and type them (issue 19 §5; spec 1 §2 and §5): Russian dd.mm.yyyy with HH:mm where
 * time matters, English in the English locale's own format (03/05/2024, 09:07 PM in the US). Every screen
 * and every date control goes through this one module, so a list and an input never disagree.
 * Dates are local wall-clock time throughout, as in src/domain/format.ts.
 */
import { formatDate, toDate } from '../domain/format';
import { activeLanguage, t, type Lang } from './index';

export interface DateTextOptions {
  withTime?: boolean;
}

/** The English locale of the browser (en-GB writes the day first), else en-US; Russian is always ru-RU. */
export function dateLocale(lang: Lang = activeLanguage()): string {
  if (lang === 'ru') return 'ru-RU';
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const english = languages.find((tag) => /^en(-|$)/i.test(tag ?? ''));
  if (english?.includes('-')) {
    try {
      return Intl.DateTimeFormat.supportedLocalesOf([english])[0] ?? 'en-US';
    } catch {
      return 'en-US';
    }
  }
  return 'en-US';
}

const formats = new Map<string, Intl.DateTimeFormat>();
function intlFormat(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let format = formats.get(key);
  if (!format) {
    const parts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
    if (withTime) Object.assign(parts, { hour: '2-digit', minute: '2-digit' });
    format = new Intl.DateTimeFormat(locale, parts);
    formats.set(key, format);
  }
  return format;
}

/** A date (Date, ISO text, unix time, dd.mm.yyyy) as the active language writes it; '' when empty or invalid. */
export function formatDateText(value: unknown, options: DateTextOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const lang = activeLanguage();
  // Intl's Russian puts a comma before the time; the spec writes 'dd.mm.yyyy HH:mm'.
  if (lang === 'ru') return formatDate(date, options);
  // ICU puts a narrow no-break space before AM/PM; a plain one is what people type back into a date field.
  return intlFormat(dateLocale(lang), options.withTime === true).format(date).replace(/[\u00a0\u202f]/g, ' ');
}

/** Day and time: where the moment matters (documents, history, changes). */
export const formatDateTimeText = (value: unknown): string => formatDateText(value, { withTime: true });

type Field = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'dayPeriod';

/** The order of the locale's fields, e.g. month, day, year, hour, minute, dayPeriod for en-US. */
function fieldOrder(locale: string, withTime: boolean): Field[] {
  const sample = new Date(2024, 10, 22, 21, 45);
  return intlFormat(locale, withTime)
    .formatToParts(sample)
    .map((part) => part.type)
    .filter((type): type is Field => ['day', 'month', 'year', 'hour', 'minute', 'dayPeriod'].includes(type));
}

/**
 * The format to type, in the active language's letters: 'дд.мм.гггг чч:мм', 'mm/dd/yyyy, hh:mm am'.
 * Built from the locale's own parts, so the hint always matches what the field shows.
 */
export function datePattern(options: DateTextOptions = {}): string {
  const withTime = options.withTime === true;
  const lang = activeLanguage();
  const letters: Record<Field, string> = {
    day: t('controls.datePattern.day'),
    month: t('controls.datePattern.month'),
    year: t('controls.datePattern.year'),
    hour: t('controls.datePattern.hour'),
    minute: t('controls.datePattern.minute'),
    dayPeriod: t('controls.datePattern.dayPeriod'),
  };
  if (lang === 'ru') return `${letters.day}.${letters.month}.${letters.year}${withTime ? ` ${letters.hour}:${letters.minute}` : ''}`;
  return intlFormat(dateLocale(lang), withTime)
    .formatToParts(new Date(2024, 10, 22, 21, 45))
    .map((part) => (part.type === 'literal' ? part.value : (letters[part.type as Field] ?? part.value)))
    .join('')
    .replace(/[\u00a0\u202f]/g, ' ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Rewrites text typed in the English locale's order (03/05/2024 9:07 pm) as dd.mm.yyyy HH:mm, which the
 * date controls read; null when it is not in that form. Dotted text is always day first (the spec's form)
 * and ISO text is left to the reader, so both keep working in every language.
 */
export function localeDateToDotted(text: string, lang: Lang = activeLanguage()): string | null {
  if (lang === 'ru') return null;
  const match = /^(\d{1,4})\/(\d{1,2})\/(\d{1,4})(?:[\s,T]+(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?\s*m\.?)?)?$/i.exec(text.trim());
  if (!match) return null;
  const order = fieldOrder(dateLocale(lang), false).filter((field) => field === 'day' || field === 'month' || field === 'year');
  const values: Record<string, number> = {};
  order.forEach((field, index) => {
    values[field] = Number(match[index + 1]);
  });
  if (!values.day || !values.month || !values.year || String(values.year).length !== 4) return null;
  const day = `${pad(values.day)}.${pad(values.month)}.${values.year}`;
  if (match[4] === undefined) return day;
  let hour = Number(match[4]);
  const period = match[6]?.toLowerCase().replace(/[.\s]/g, '');
  if (period) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period === 'pm' ? 12 : 0);
  }
  return `${day} ${pad(hour)}:${match[5]}`;
}
