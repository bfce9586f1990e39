import { MOVEMENTS, ORDERS, type SeedMovement, type SeedOrder } from './seed';

/**
 * The reports computed by hand from the seed's plain data, in integer cents and thousandths, as a person would with a
 * calculator: each line's price × quantity rounded to cents, summed per product, customer or responsible.
 */

export const lineCents = (price: number, quantity: number) => Math.round((Math.round(price * 100) * Math.round(quantity * 1000)) / 1000);
const money = (cents: number) => cents / 100;

export interface Figures {
  count: number;
  sum: number;
  cost_sum: number;
  prib: number;
  leads: number;
  poz: number;
}

interface Acc {
  thousandths: number;
  sum: number;
  cost: number;
  orders: Set<string>;
  poz: number;
  responsible: Set<string>;
  others: Set<string>;
}

const empty = (): Acc => ({ thousandths: 0, sum: 0, cost: 0, orders: new Set(), poz: 0, responsible: new Set(), others: new Set() });

export const figuresOf = (acc: Acc): Figures => ({ count: acc.thousandths / 1000, sum: money(acc.sum), cost_sum: money(acc.cost), prib: money(acc.sum - acc.cost), leads: acc.orders.size, poz: acc.poz });

export type Counted = (order: SeedOrder) => boolean;
/** The default: success stages of every pipeline and CRM deals won. */
export const bySuccess: Counted = (order) => order.stage !== 'new';

/** Sold lines of the counted orders, each with its order. */
const soldLines = (counted: Counted, within: (order: SeedOrder) => boolean = () => true) =>
  ORDERS.filter((order) => counted(order) && within(order)).flatMap((order) => order.lines.map((line) => ({ order, line })));

export function groupBy(key: (order: SeedOrder, product: string) => string, other: (order: SeedOrder) => string | null, counted: Counted, within?: (order: SeedOrder) => boolean): Map<string, Acc> {
  const groups = new Map<string, Acc>();
  for (const { order, line } of soldLines(counted, within)) {
    const id = key(order, line.product);
    const acc = groups.get(id) ?? empty();
    acc.thousandths += Math.round(line.quantity * 1000);
    acc.sum += lineCents(line.price, line.quantity);
    acc.cost += lineCents(line.cost, line.quantity);
    acc.orders.add(order.key);
    acc.poz += 1;
    const names = { owner: 'OWNER', member: 'MEMBER' };
    if (order.responsible) acc.responsible.add(names[order.responsible]);
    const side = other(order);
    if (side) acc.others.add(side);
    groups.set(id, acc);
  }
  return groups;
}

export function totalOf(counted: Counted, within?: (order: SeedOrder) => boolean): Figures {
  const all = groupBy(() => 'all', () => null, counted, within).get('all') ?? empty();
  return figuresOf(all);
}

export const movementsBy = (keep: (movement: SeedMovement) => boolean) => MOVEMENTS.filter(keep);
