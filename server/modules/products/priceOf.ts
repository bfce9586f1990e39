/** A stored price value's amount ({ cost, currency }), or null when the product had no price of that type yet. */
export function priceOf(value: Record<string, unknown>): number | null {
  const cost = Number(value.cost);
  return value.cost === undefined || value.cost === null || Number.isNaN(cost) ? null : cost;
}
