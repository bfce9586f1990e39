/**
 * The product identifier sent when adding to a deal (spec 2 §5): goods taken from a chosen
 * warehouse carry the warehouse code after three percent signs; services have no stock, so
 * they (and goods with no warehouse chosen) use the plain id.
 */

export const PRODUCT_WAREHOUSE_SEPARATOR = '%%%';

export interface ProductRef {
  id: string | number;
  /** Product type: 'product' or 'service'. */
  type?: string | number | null;
}

/**
 * Services are recognised by the type text 'service' (or 'services'), in any case.
 * No numeric type code for services is known, so numeric types count as goods.
 */
export function isService(type: ProductRef['type']): boolean {
  if (typeof type !== 'string') return false;
  const name = type.trim().toLowerCase();
  return name === 'service' || name === 'services';
}

export function productIdentifier(
  product: ProductRef,
  warehouseCode?: string | number | null,
): string {
  const id = String(product.id);
  const code = warehouseCode === null || warehouseCode === undefined ? '' : String(warehouseCode).trim();
  if (code === '' || isService(product.type)) return id;
  return `${id}${PRODUCT_WAREHOUSE_SEPARATOR}${code}`;
}

export interface ParsedProductIdentifier {
  id: string;
  warehouseCode: string | null;
}

/** Splits at the first separator; an empty code after it counts as no warehouse. */
export function parseProductIdentifier(identifier: string | number): ParsedProductIdentifier {
  const text = String(identifier);
  const at = text.indexOf(PRODUCT_WAREHOUSE_SEPARATOR);
  if (at < 0) return { id: text, warehouseCode: null };
  const code = text.slice(at + PRODUCT_WAREHOUSE_SEPARATOR.length);
  return { id: text.slice(0, at), warehouseCode: code === '' ? null : code };
}
