import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { batches, movements, orderPositions, positionBatches } from '../../db/schema';
import { productShortage } from './errors';
import { quantityText, thousandthsOf } from './quantities';

/** What of a holding position (holdings.ts Holder) the reservation reads. */
interface Reserving {
  accountId: number;
  userId: number | null;
  position: { id: number; warehouseId: number | null };
  product: { id: number; name: string; article: string };
  comment: string;
}

/**
 * A reservation of `thousandths` for one position as ONE statement (issue 20 §3: add to deal under load paid a round
 * trip for every batch, holding and ledger row, and two more to restate the position): the free batches of the
 * product in the position's warehouse are locked oldest first (FIFO), what is taken from each is worked out with a
 * running sum, and the batches, the holdings, the ledger and the position's held sums and cost are written together —
 * or nothing at all when they have not that much free, and the caller is refused whole, as before.
 *
 * The rules of holdings.ts hold unchanged: the caller holds the order's row and the product (locks.ts), so the
 * batches are locked here after them and no other writer can change them meanwhile; the statement starts after the
 * product's lock was granted, so it sees every batch committed before. The position's sums are restated from its
 * holdings as they were plus what is taken (a statement does not see its own writes), which is what settle() reads
 * back after the loop of take(). A ledger row's sum is valued in SQL (numeric rounding of cost × quantity).
 */
export async function reserveAtOnce(tx: Tx, holder: Reserving, thousandths: number): Promise<void> {
  const { position, product } = holder;
  const need = quantityText(thousandths);
  const inWarehouse = position.warehouseId === null ? sql`` : sql`and b.warehouse_id = ${position.warehouseId}`;
  const result = await tx.execute(sql`
    with avail as (
      select b.id, b.number, b.cost_price, b.warehouse_id, b.count - b.reserve as free
      from ${batches} b
      where b.account_id = ${holder.accountId} and b.product_id = ${product.id} ${inWarehouse} and b.count > b.reserve
      order by b.id
      for update
    ), total as (
      select coalesce(sum(a.free), 0) as free from avail a
    ), taken as (
      select f.id, f.number, f.cost_price, f.warehouse_id, least(f.free, ${need}::numeric - f.before) as portion
      from (select a.*, coalesce(sum(a.free) over (order by a.id rows between unbounded preceding and 1 preceding), 0) as before from avail a) f
      where (select free from total) >= ${need}::numeric and f.before < ${need}::numeric
    ), batch_rows as (
      update ${batches} b set reserve = b.reserve + t.portion from taken t where b.id = t.id returning b.id
    ), holding_rows as (
      insert into ${positionBatches} (account_id, position_id, batch_id, reserved, written_off)
      select ${holder.accountId}, ${position.id}, t.id, t.portion, 0 from taken t
      on conflict (position_id, batch_id) do update set reserved = ${positionBatches}.reserved + excluded.reserved
      returning batch_id
    ), ledger_rows as (
      insert into ${movements} (account_id, event_type, product_id, batch_id, article_number, title, party, quantity, cost_price, sum,
        initial_warehouse_id, final_warehouse_id, user_id, comment)
      select ${holder.accountId}, 'reserve', ${product.id}, t.id, ${product.article}, ${product.name}, t.number, t.portion, t.cost_price,
        round(t.cost_price * t.portion, 2), t.warehouse_id, null, ${holder.userId}::int, ${holder.comment}
      from taken t order by t.id
      returning id
    ), held as (
      select pb.reserved + coalesce(t.portion, 0) as reserved, pb.written_off, b.cost_price
      from ${positionBatches} pb join ${batches} b on b.id = pb.batch_id left join taken t on t.id = pb.batch_id
      where pb.position_id = ${position.id}
      union all
      select t.portion, 0, t.cost_price from taken t
      where not exists (select 1 from ${positionBatches} pb where pb.position_id = ${position.id} and pb.batch_id = t.id)
    ), position_row as (
      update ${orderPositions} p set
        reserved = h.reserved,
        written_off = h.written_off,
        cost_price = case when h.held > 0 then round(h.cost / h.held, 2) else p.cost_price end
      from (select coalesce(sum(reserved), 0) as reserved, coalesce(sum(written_off), 0) as written_off,
                   coalesce(sum(reserved + written_off), 0) as held, sum((reserved + written_off) * cost_price) as cost from held) h
      where p.id = ${position.id} and exists (select 1 from taken)
      returning p.id
    )
    select (select free from total)::text as free, (select count(*) from batch_rows)::int as batches,
      (select count(*) from holding_rows)::int as holdings, (select count(*) from ledger_rows)::int as ledger,
      (select count(*) from position_row)::int as positions`);
  const [row] = (result as unknown as { rows: { free: string; positions: number }[] }).rows;
  if (row.positions !== 1) productShortage(product, thousandthsOf(row.free));
}
