/** A typed quantity worth sending: a positive number with at most three decimals (as quantities are kept); a comma counts as the point. */
export function quantityOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/** A quantity as the units say it: '3', '1.5' ('1,5' in Russian) — no trailing zeros. */
export function formatQuantity(count: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(count);
}
