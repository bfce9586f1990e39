/**
 * Which rollup rows add up to a period of whole UTC days, with a sign: the sales rollups keep a row per key for each
 * day, month and year, so a period is its whole years and months plus or minus the months and days at its edges. Last
 * 364 days, for example, is this year's row, plus last December's, plus four days of last November, minus the days
 * of this year still to come (none hold rows yet) — about three rows per key instead of twelve month rows and thirty
 * day rows. Any choice is exact (every day of the period is counted once, every other day not at all:
 * test/server/analytics/spans.test.ts); the weights only pick the cheapest, counting a day, month or year row as
 * about how many keys it holds, and a span that starts after today as nearly free.
 */

export type SpanKind = 'day' | 'month' | 'year';

/** Rows of `span` whose start is in [from, to), added (1) or taken away (-1). Dates are UTC midnights. */
export interface SignedSpan {
  span: SpanKind;
  from: Date;
  to: Date;
  sign: 1 | -1;
}

const DAY_MS = 86_400_000;
const WEIGHT: Record<SpanKind, number> = { day: 1, month: 4, year: 8 };
const FUTURE = 0.05;

const floorTo = (span: SpanKind, date: Date): Date =>
  span === 'year' ? new Date(Date.UTC(date.getUTCFullYear(), 0, 1)) : span === 'month' ? new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)) : date;
const nextOf = (span: SpanKind, date: Date): Date =>
  span === 'year'
    ? new Date(Date.UTC(date.getUTCFullYear() + 1, 0, 1))
    : span === 'month'
      ? new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1))
      : new Date(date.getTime() + DAY_MS);
const ceilTo = (span: SpanKind, date: Date): Date => (floorTo(span, date).getTime() === date.getTime() ? date : nextOf(span, floorTo(span, date)));

interface Cover {
  cost: number;
  parts: SignedSpan[];
}
const NOTHING: Cover = { cost: 0, parts: [] };
const LEVELS: SpanKind[] = ['year', 'month', 'day'];

/** The span's number counted from year 0, so two aligned starts subtract to how many spans lie between them. */
const indexOf = (span: SpanKind, date: Date): number =>
  span === 'year' ? date.getUTCFullYear() : span === 'month' ? date.getUTCFullYear() * 12 + date.getUTCMonth() : date.getTime() / DAY_MS;

/**
 * The cost of reading the rows of `span` starting in [from, to) (both aligned to it): one probe, plus each span's
 * weight, nearly none for those starting after today. Counted, not walked, so a century-long period costs no more.
 */
function rangeCost(span: SpanKind, from: Date, to: Date, tomorrow: Date): number {
  const pastEnd = Math.min(to.getTime(), ceilTo(span, tomorrow).getTime());
  const past = Math.max(0, pastEnd > from.getTime() ? indexOf(span, new Date(pastEnd)) - indexOf(span, from) : 0);
  return 0.1 + past * WEIGHT[span] + (indexOf(span, to) - indexOf(span, from) - past) * FUTURE;
}

const negated = (cover: Cover): Cover => ({ cost: cover.cost, parts: cover.parts.map((part) => ({ ...part, sign: part.sign === 1 ? -1 : 1 })) });
const joined = (...covers: Cover[]): Cover => ({ cost: covers.reduce((sum, cover) => sum + cover.cost, 0), parts: covers.flatMap((cover) => cover.parts) });

/** The cheapest signed cover of [from, to) by spans of LEVELS[level] and below. */
function cheapest(from: Date, to: Date, level: number, tomorrow: Date): Cover {
  if (from >= to) return NOTHING;
  const span = LEVELS[level];
  if (span === 'day') return { cost: rangeCost('day', from, to, tomorrow), parts: [{ span: 'day', from, to, sign: 1 }] };
  let best = cheapest(from, to, level + 1, tomorrow);
  // Whole spans from the one holding `from` (taking away its days before `from`) or the next one (adding them), and
  // likewise up to the one holding the last day (taking away the days after `to`) or the one before it (adding them).
  for (const start of [floorTo(span, from), ceilTo(span, from)]) {
    for (const end of [ceilTo(span, to), floorTo(span, to)]) {
      if (start >= end) continue;
      const left = start < from ? negated(cheapest(start, from, level + 1, tomorrow)) : cheapest(from, start, level + 1, tomorrow);
      const right = end > to ? negated(cheapest(to, end, level + 1, tomorrow)) : cheapest(end, to, level + 1, tomorrow);
      const whole: Cover = { cost: rangeCost(span, start, end, tomorrow), parts: [{ span, from: start, to: end, sign: 1 }] };
      const candidate = joined(whole, left, right);
      if (candidate.cost < best.cost) best = candidate;
    }
  }
  return best;
}

/** The signed spans of [start, end) (UTC midnights); `today` only steers the choice (days after it hold no rows yet). */
export function signedSpans(start: Date, end: Date, today: Date = new Date()): SignedSpan[] {
  const tomorrow = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + DAY_MS);
  return cheapest(start, end, 0, tomorrow).parts;
}
