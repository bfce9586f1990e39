/** The name an order is shown with (spec 1 §3, Order). */

export interface NamedOrder {
  id: number;
  fields?: Record<string, unknown> | readonly unknown[] | null;
}

/**
 * fields.name, or the translated new-order name (newOrderName(id)) when the name is empty
 * or blank, fields is missing, or fields is an array (the server sends [] for "no fields").
 */
export function orderDisplayName(order: NamedOrder, newOrderName: (id: number) => string): string {
  const fields = order.fields;
  const name = fields && !Array.isArray(fields) ? (fields as Record<string, unknown>).name : undefined;
  if (typeof name === 'string' && name.trim() !== '') return name;
  if (typeof name === 'number' && Number.isFinite(name)) return String(name);
  return newOrderName(order.id);
}
