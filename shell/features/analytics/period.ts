import type { AnalyticsPeriod, PeriodPreset } from '../../../src/contract/analytics';

/**
 * The period presets as days (UTC, as the server counts them): each ends today and starts at the beginning of the
 * current week (Monday), month, quarter or year. A template keeps the preset, so it means 'this month' whenever opened.
 */

const day = (date: Date) => date.toISOString().slice(0, 10);

export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date = new Date()): AnalyticsPeriod {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(today);
  if (preset === 'week') start.setUTCDate(today.getUTCDate() - ((today.getUTCDay() + 6) % 7));
  if (preset === 'month') start.setUTCDate(1);
  if (preset === 'quarter') start.setUTCMonth(Math.floor(today.getUTCMonth() / 3) * 3, 1);
  if (preset === 'year') start.setUTCMonth(0, 1);
  return { from: day(start), to: day(today) };
}
