/**
 * Colour of a 0–100 score (ratings, progress). The curve is red → yellow → green on the
 * RGB edges, not a straight red–green blend, which would pass through a muddy brown:
 *
 *   t = clamp(value, 0, 50) / 50
 *   r = round(255 × min(1, 2 × (1 − t)))
 *   g = round(255 × min(1, 2 × t))
 *   b = 0
 *
 * so 0 → rgb(255, 0, 0), 12.5 → rgb(255, 128, 0), 25 → rgb(255, 255, 0),
 * 37.5 → rgb(128, 255, 0), 50 and above → rgb(0, 255, 0). Values outside 0–100 are clamped;
 * a value that is not a number is red (treated as 0).
 */
import { parseNumber } from './numbers';

/** Values at or above this are full green. */
export const FULL_GREEN_FROM = 50;

export function scaleColor(value: unknown): string {
  const score = Math.min(Math.max(parseNumber(value) ?? 0, 0), 100);
  const t = Math.min(score, FULL_GREEN_FROM) / FULL_GREEN_FROM;
  const red = Math.round(255 * Math.min(1, 2 * (1 - t)));
  const green = Math.round(255 * Math.min(1, 2 * t));
  return `rgb(${red}, ${green}, 0)`;
}
