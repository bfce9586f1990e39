import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signedSpans, type SignedSpan } from '../../../server/modules/analytics/spans';

/**
 * The signed spans the sales reports read (day, month and year rollup rows, added or taken away) count every day of
 * the period exactly once and no other day, whatever the period and whatever day is today; and a year's report ending
 * today reads a handful of spans, not a row per month.
 */
const DAY = 86_400_000;
const FIRST = Date.UTC(2023, 0, 1);
const LAST = Date.UTC(2030, 11, 31);

const spanOf = (kind: SignedSpan['span'], day: Date) =>
  kind === 'year' ? Date.UTC(day.getUTCFullYear(), 0, 1) : kind === 'month' ? Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1) : day.getTime();

/** How many times each day of [FIRST, LAST] is counted by the spans. */
function countsOf(parts: SignedSpan[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (let at = FIRST; at <= LAST; at += DAY) {
    let n = 0;
    for (const part of parts) {
      const start = spanOf(part.span, new Date(at));
      if (start >= part.from.getTime() && start < part.to.getTime()) n += part.sign;
    }
    if (n !== 0) counts.set(at, n);
  }
  return counts;
}

const dayIn = (min: number, max: number) => fc.integer({ min: min / DAY, max: max / DAY }).map((n) => n * DAY);

describe('signed spans of a period', () => {
  it('count each day of the period once and no other day (property)', () => {
    fc.assert(
      fc.property(dayIn(Date.UTC(2024, 0, 1), Date.UTC(2027, 11, 31)), fc.nat({ max: 800 }), dayIn(Date.UTC(2023, 6, 1), Date.UTC(2028, 6, 1)), (start, length, today) => {
        const end = start + (length + 1) * DAY;
        const counts = countsOf(signedSpans(new Date(start), new Date(end), new Date(today)));
        const expected = new Map<number, number>();
        for (let at = start; at < end; at += DAY) expected.set(at, 1);
        expect(counts).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('last 364 days up to today: this year, last December, the days of last November; not twelve months and thirty days', () => {
    const parts = signedSpans(new Date('2025-11-27T00:00:00Z'), new Date('2026-11-27T00:00:00Z'), new Date('2026-11-26T10:00:00Z'));
    const added = parts.filter((part) => part.sign === 1).map((part) => `${part.span} ${part.from.toISOString().slice(0, 10)}..${part.to.toISOString().slice(0, 10)}`);
    expect(added.sort()).toEqual(['day 2025-11-27..2025-12-01', 'month 2025-12-01..2026-01-01', 'year 2026-01-01..2027-01-01']);
    // Taken away: only spans after today, which hold no rows yet.
    for (const part of parts.filter((part) => part.sign === -1)) expect(part.from.getTime()).toBeGreaterThan(Date.parse('2026-11-26T00:00:00Z'));
  });

  it('a whole past month reads its month row; a past month but its first days reads the month minus those days', () => {
    expect(signedSpans(new Date('2026-02-01T00:00:00Z'), new Date('2026-03-01T00:00:00Z'), new Date('2026-11-26T00:00:00Z'))).toEqual([
      { span: 'month', from: new Date('2026-02-01T00:00:00Z'), to: new Date('2026-03-01T00:00:00Z'), sign: 1 },
    ]);
    const parts = signedSpans(new Date('2026-02-03T00:00:00Z'), new Date('2026-03-01T00:00:00Z'), new Date('2026-11-26T00:00:00Z'));
    expect(parts.map((part) => [part.span, part.sign])).toEqual([
      ['month', 1],
      ['day', -1],
    ]);
  });
});
