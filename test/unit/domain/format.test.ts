import { describe, expect, it } from 'vitest';
import {
  displayValue,
  formatDate,
  formatDateLocale,
  formatNumber,
  parseDate,
  parseDateTime,
  toDate,
} from '../../../src/domain/format';

const NNBSP = '\u202F';

describe('formatNumber: 2 decimals, thousands grouped with a narrow no-break space, empty counts as 0', () => {
  it.each([
    [1234567.891, `1${NNBSP}234${NNBSP}567.89`],
    [0, '0.00'],
    [5, '5.00'],
    [999.999, `1${NNBSP}000.00`],
    [1.005, '1.01'], // rounds the written decimal, not the binary approximation
    [0.125, '0.13'],
    [-1234.5, `-1${NNBSP}234.50`],
    [-0.001, '0.00'], // no negative zero
    ['2500.4', `2${NNBSP}500.40`],
    ['1,5', '1.50'],
    [123, '123.00'],
    [1000, `1${NNBSP}000.00`],
    [1e-7, '0.00'],
    [-1e-7, '0.00'],
    [123456789012345.67, `123${NNBSP}456${NNBSP}789${NNBSP}012${NNBSP}345.67`],
    [1e21, `1${`${NNBSP}000`.repeat(7)}.00`],
    ['', '0.00'],
    [null, '0.00'],
    [undefined, '0.00'],
    ['abc', '0.00'],
    [NaN, '0.00'],
    [{}, '0.00'],
  ] as const)('%j → %j', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

describe('displayValue: an empty value shows as a dash, anything else as its text', () => {
  it.each([
    ['', '—'],
    ['   ', '—'],
    [null, '—'],
    [undefined, '—'],
    [NaN, '—'],
    [[], '—'],
    ['abc', 'abc'],
    [0, '0'],
    [false, 'false'],
    [['a', '', 'b', null], 'a, b'],
  ] as const)('%j → %j', (value, expected) => {
    expect(displayValue(value)).toBe(expected);
  });
});

// Expected values are built with the same local-time constructors, so the tests hold in any time zone.
const march5 = new Date(2024, 2, 5, 9, 7, 30);

describe('formatDate: dd.mm.yyyy, or dd.mm.yyyy hh:mm with time, in local time', () => {
  it.each([
    ['a Date', march5, '05.03.2024', '05.03.2024 09:07'],
    ['unix milliseconds', march5.getTime(), '05.03.2024', '05.03.2024 09:07'],
    ['unix seconds', Math.floor(march5.getTime() / 1000), '05.03.2024', '05.03.2024 09:07'],
    ['unix seconds as text', String(Math.floor(march5.getTime() / 1000)), '05.03.2024', '05.03.2024 09:07'],
    ['an ISO date (local, not shifted by UTC)', '2024-03-05', '05.03.2024', '05.03.2024 00:00'],
    ['an ISO local date-time', '2024-03-05T09:07:30', '05.03.2024', '05.03.2024 09:07'],
    ['an SQL-style date-time', '2024-03-05 09:07:30', '05.03.2024', '05.03.2024 09:07'],
    ['the display form itself', '05.03.2024 09:07', '05.03.2024', '05.03.2024 09:07'],
  ] as const)('%s', (_kind, value, date, dateTime) => {
    expect(formatDate(value)).toBe(date);
    expect(formatDate(value, { withTime: true })).toBe(dateTime);
  });

  it('an ISO time with a zone is shown in local time', () => {
    const instant = new Date(Date.UTC(2024, 2, 5, 9, 7));
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(instant.getDate())}.${pad(instant.getMonth() + 1)}.${instant.getFullYear()} ${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
    expect(formatDate('2024-03-05T09:07:00Z', { withTime: true })).toBe(expected);
  });

  it.each([[''], [null], [undefined], ['not a date'], ['2024-02-31'], [new Date(NaN)], [NaN], [{}]])(
    '%j is empty or invalid → empty text',
    (value) => {
      expect(formatDate(value)).toBe('');
    },
  );
});

describe('toDate: accepts Date, unix seconds or ms, ISO and display text', () => {
  it('copies a Date rather than sharing it', () => {
    const result = toDate(march5);
    expect(result).not.toBe(march5);
    expect(result?.getTime()).toBe(march5.getTime());
  });

  it('tells seconds from milliseconds by size', () => {
    expect(toDate(1_700_000_000)?.getTime()).toBe(1_700_000_000_000);
    expect(toDate(1_700_000_000_000)?.getTime()).toBe(1_700_000_000_000);
  });
});

describe('formatDateLocale: the date in the locale format (Intl.DateTimeFormat)', () => {
  it.each([
    ['ru', {}, '05.03.2024'],
    ['en-US', {}, '03/05/2024'],
    ['en-GB', {}, '05/03/2024'],
  ] as const)('%s → %s', (locale, options, expected) => {
    expect(formatDateLocale(march5, locale, options)).toBe(expected);
  });

  it('with time adds hours and minutes', () => {
    const text = formatDateLocale(march5, 'ru', { withTime: true });
    expect(text).toContain('05.03.2024');
    expect(text).toContain('09:07');
  });

  it('an invalid locale tag falls back to the runtime default instead of throwing', () => {
    expect(formatDateLocale(march5, 'not a locale!!')).toBe(new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(march5));
  });

  it.each([[''], [null], ['garbage']])('%j → empty text', (value) => {
    expect(formatDateLocale(value, 'ru')).toBe('');
  });
});

describe("parseDate: 'dd.mm.yyyy' → local midnight; impossible or malformed → null", () => {
  it.each([
    ['05.03.2024', new Date(2024, 2, 5)],
    ['5.3.2024', new Date(2024, 2, 5)],
    [' 29.02.2024 ', new Date(2024, 1, 29)], // leap day
    ['31.12.1999', new Date(1999, 11, 31)],
  ] as const)('%j → the local date', (text, expected) => {
    expect(parseDate(text)?.getTime()).toBe(expected.getTime());
  });

  it.each([['31.02.2024'], ['29.02.2023'], ['00.01.2024'], ['01.13.2024'], ['2024-03-05'], ['05.03.24'], [''], [null], [undefined], ['05.03.2024 10:00']])(
    '%j → null',
    (text) => {
      expect(parseDate(text)).toBeNull();
    },
  );
});

describe("parseDateTime: 'dd.mm.yyyy hh:mm' → local time; impossible or malformed → null", () => {
  it.each([
    ['05.03.2024 09:07', new Date(2024, 2, 5, 9, 7)],
    ['05.03.2024 23:59', new Date(2024, 2, 5, 23, 59)],
    ['5.3.2024 9:07', new Date(2024, 2, 5, 9, 7)],
    ['05.03.2024 09:07:30', new Date(2024, 2, 5, 9, 7, 30)],
  ] as const)('%j → the local date-time', (text, expected) => {
    expect(parseDateTime(text)?.getTime()).toBe(expected.getTime());
  });

  it.each([['31.02.2024 10:00'], ['05.03.2024 24:00'], ['05.03.2024 10:60'], ['05.03.2024'], ['10:00'], [''], [null]])(
    '%j → null',
    (text) => {
      expect(parseDateTime(text)).toBeNull();
    },
  );
});
