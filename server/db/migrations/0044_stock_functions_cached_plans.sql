-- Issue 20 §3: a LANGUAGE sql function that cannot be inlined is planned again on every call (PostgreSQL keeps no
-- plan for it before version 18), and the two called on every reservation are big: stock_reserve_at_once's nine-part
-- statement and stock_totals_add's upsert. As plpgsql they keep their plans for the session. Same statements, same
-- snapshots (each runs as one statement of a volatile function); a column still wins over a parameter of the same
-- name, as it did in SQL (#variable_conflict use_column).
CREATE OR REPLACE FUNCTION "stock_totals_add"(account_ids integer[], levels integer[], counts numeric[], reserves numeric[], cost_values numeric[], sale_counts numeric[], prices jsonb[]) RETURNS void LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  WITH d AS (
    SELECT * FROM unnest(account_ids, levels, counts, reserves, cost_values, sale_counts, prices) AS d(account_id, warehouse_id, count, reserve, cost_value, sale_count, prices)
  ), sums AS (
    SELECT account_id, warehouse_id, sum(count) AS count, sum(reserve) AS reserve, sum(cost_value) AS cost_value FROM (
      SELECT account_id, warehouse_id, count, reserve, cost_value FROM d
      UNION ALL
      -- Every account's every-warehouse row, changed or not: the slot's first lock (migration 0036).
      SELECT DISTINCT account_id, 0, 0, 0, 0 FROM d
    ) AS rows GROUP BY 1, 2
  ), sales AS (
    SELECT account_id, warehouse_id, jsonb_object_agg(code, sale) AS sale_values FROM (
      SELECT d.account_id, d.warehouse_id, e.key AS code, sum(d.sale_count * (e.value ->> 'cost')::numeric) AS sale
      FROM d CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(d.prices) = 'object' THEN d.prices ELSE '{}'::jsonb END) AS e
      WHERE d.sale_count <> 0 AND jsonb_typeof(e.value -> 'cost') = 'number'
      GROUP BY 1, 2, 3 HAVING sum(d.sale_count * (e.value ->> 'cost')::numeric) <> 0
    ) AS by_code GROUP BY 1, 2
  )
  INSERT INTO stock_totals AS t (account_id, warehouse_id, slot, count, reserve, cost_value, sale_values)
    SELECT s.account_id, s.warehouse_id, pg_backend_pid() % 8, s.count, s.reserve, s.cost_value, coalesce(sales.sale_values, '{}'::jsonb)
    FROM sums s LEFT JOIN sales ON sales.account_id = s.account_id AND sales.warehouse_id = s.warehouse_id
    ORDER BY 1, 2
    ON CONFLICT (account_id, warehouse_id, slot) DO UPDATE SET
      count = t.count + excluded.count, reserve = t.reserve + excluded.reserve, cost_value = t.cost_value + excluded.cost_value,
      sale_values = stock_totals_merge(t.sale_values, excluded.sale_values);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stock_reserve_at_once"(p_account integer, p_user integer, p_position integer, p_warehouse integer,
  p_product integer, p_article text, p_name text, p_comment text, p_need numeric)
RETURNS TABLE (available numeric, positions integer) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  with avail as (
    select b.id, b.number, b.cost_price, b.warehouse_id, b.count - b.reserve as free
    from batches b
    where b.account_id = p_account and b.product_id = p_product and (p_warehouse is null or b.warehouse_id = p_warehouse)
      and b.count > b.reserve
    order by b.id
    for update
  ), total as (
    select coalesce(sum(a.free), 0) as free from avail a
  ), taken as (
    select f.id, f.number, f.cost_price, f.warehouse_id, least(f.free, p_need - f.before) as portion
    from (select a.*, coalesce(sum(a.free) over (order by a.id rows between unbounded preceding and 1 preceding), 0) as before from avail a) f
    where (select free from total) >= p_need and f.before < p_need
  ), batch_rows as (
    update batches b set reserve = b.reserve + t.portion from taken t where b.id = t.id returning b.id
  ), holding_rows as (
    insert into position_batches (account_id, position_id, batch_id, reserved, written_off)
    select p_account, p_position, t.id, t.portion, 0 from taken t
    on conflict (position_id, batch_id) do update set reserved = position_batches.reserved + excluded.reserved
    returning batch_id
  ), ledger_rows as (
    insert into movements (account_id, event_type, product_id, batch_id, article_number, title, party, quantity, cost_price, sum,
      initial_warehouse_id, final_warehouse_id, user_id, comment)
    select p_account, 'reserve', p_product, t.id, p_article, p_name, t.number, t.portion, t.cost_price,
      round(t.cost_price * t.portion, 2), t.warehouse_id, null, p_user, p_comment
    from taken t order by t.id
    returning id
  ), held as (
    select pb.reserved + coalesce(t.portion, 0) as reserved, pb.written_off, b.cost_price
    from position_batches pb join batches b on b.id = pb.batch_id left join taken t on t.id = pb.batch_id
    where pb.position_id = p_position
    union all
    select t.portion, 0, t.cost_price from taken t
    where not exists (select 1 from position_batches pb where pb.position_id = p_position and pb.batch_id = t.id)
  ), position_row as (
    update order_positions p set
      reserved = h.reserved,
      written_off = h.written_off,
      cost_price = case when h.held > 0 then round(h.cost / h.held, 2) else p.cost_price end
    from (select coalesce(sum(reserved), 0) as reserved, coalesce(sum(written_off), 0) as written_off,
                 coalesce(sum(reserved + written_off), 0) as held, sum((reserved + written_off) * cost_price) as cost from held) h
    where p.id = p_position and exists (select 1 from taken)
    returning p.id
  )
  -- Data-modifying CTEs run whether or not they are read; the position's row says whether anything was taken.
  select (select free from total), (select count(*) from position_row)::integer;
END
$$;
