import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { movements, type products } from '../../db/schema';
import { moneyText } from './quantities';

/** A price of a product set to a new value (issue 16: the movement report's 'price change' kind). */
export interface PriceChange {
  accountId: number;
  product: Pick<typeof products.$inferSelect, 'id' | 'article' | 'name'>;
  /** The price field's code ('price', …), named in the row's comment with the old and the new value. */
  priceField: string;
  from: number | null;
  to: number;
  userId: number | null;
}

/**
 * Price changes as ledger rows: no goods move, so the quantity and the sum are 0 and no batch or warehouse is named;
 * the new price stands in the price column. An unchanged price writes nothing, so re-saving a card adds no noise.
 */
export async function recordPriceChanges(tx: Tx, changes: readonly PriceChange[]): Promise<void> {
  const changed = changes.filter((change) => change.from === null || Number(change.from) !== Number(change.to));
  if (!changed.length) return;
  const data = JSON.stringify(
    changed.map((change) => [change.accountId, change.product.id, change.product.article, change.product.name, moneyText(change.to), change.userId, `${change.priceField}: ${change.from === null ? '—' : moneyText(change.from)} → ${moneyText(change.to)}`]),
  );
  await tx.execute(sql`insert into ${movements} (account_id, event_type, product_id, article_number, title, party, quantity, cost_price, sum, user_id, comment)
    select (d.v ->> 0)::int, 'price_change', (d.v ->> 1)::int, d.v ->> 2, d.v ->> 3, '', 0, (d.v ->> 4)::numeric, 0, (d.v ->> 5)::int, d.v ->> 6
    from jsonb_array_elements(${data}::jsonb) with ordinality as d(v, n) order by d.n`);
}
