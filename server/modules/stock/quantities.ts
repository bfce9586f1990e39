/**
 * Stock quantities are numeric(…, 3) in the database and are compared and summed here in whole thousandths,
 * as stored, so float noise never lets a unit too many through; they go back to SQL as exact decimal text.
 */

/** A stored quantity (decimal text) or a requested count, in whole thousandths. */
export const thousandthsOf = (value: string | number): number => Math.round(Number(value) * 1000);

/** Thousandths as the decimal text a quantity column takes. */
export const quantityText = (thousandths: number): string => (thousandths / 1000).toFixed(3);

/** A requested count as the decimal text a quantity column takes. */
export const countText = (count: number): string => quantityText(thousandthsOf(count));

/** A sum of quantities back on the thousandths they are stored in (float addition drifts off them). */
export const roundedQuantity = (value: number): number => thousandthsOf(value) / 1000;

/** Money as the decimal text a price or sum column takes. */
export const moneyText = (value: number): string => value.toFixed(2);
