-- The ledger names an order's rows structurally (order_id) instead of writing "Order 12: Tools" in English into the
-- comment, so every reader says it in its reader's language. For those rows the comment keeps only the order's name
-- at the time (empty when it had none): the readers put it after "Order N", as the text said before.
ALTER TABLE "movements" ADD COLUMN "order_id" integer;
--> statement-breakpoint
-- Older rows written by an order's positions: only the kinds an order writes (a purchase's arrival is in its 'PO-<n>'
-- batch), with no stock document, whose comment is exactly "Order <n>" or "Order <n>: <name>" and whose <n> is an
-- order of the row's own account; a comment a user typed in the same words on any other movement stays as it is.
UPDATE "movements" AS m SET
  order_id = o.id,
  comment = coalesce(substring(m.comment from '^Order [0-9]{1,9}: (.*)$'), '')
FROM "orders" AS o
WHERE m.order_id IS NULL AND m.comment ~ '^Order [0-9]{1,9}(: .*)?$'
  AND o.account_id = m.account_id
  AND o.id = substring(m.comment from '^Order ([0-9]{1,9})')::integer
  AND m.document_id IS NULL
  AND (m.event_type IN ('reserve', 'release', 'sale', 'return') OR (m.event_type = 'arrival' AND m.party = 'PO-' || o.id));
--> statement-breakpoint
-- stock_reserve_at_once writes the order's id and name (p_order, p_comment) instead of a composed comment; a changed
-- signature is a new function, so the old one is dropped (add_to_deal_reserved, its one caller in SQL, follows below).
DROP FUNCTION "stock_reserve_at_once"(integer, integer, integer, integer, integer, text, text, text, numeric);
--> statement-breakpoint
CREATE FUNCTION "stock_reserve_at_once"(p_account integer, p_user integer, p_position integer, p_warehouse integer,
  p_product integer, p_article text, p_name text, p_comment text, p_order integer, p_need numeric)
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
      initial_warehouse_id, final_warehouse_id, user_id, comment, order_id)
    select p_account, 'reserve', p_product, t.id, p_article, p_name, t.number, t.portion, t.cost_price,
      round(t.cost_price * t.portion, 2), t.warehouse_id, null, p_user, p_comment, p_order
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
--> statement-breakpoint
-- add_to_deal_reserved as in migration 0042, its reservation naming the order by id and name.
CREATE OR REPLACE FUNCTION "add_to_deal_reserved"(p_account integer, p_order integer, p_lead bigint, p_crm_status integer,
  p_stock_state text, p_product integer, p_warehouse integer, p_price_field text, p_price numeric, p_currency text,
  p_nds numeric, p_starting_cost numeric, p_quantity numeric, p_user integer, p_changed_by_user integer,
  p_changed_by_customer boolean, p_changed_by_customer_id integer, p_changed_at timestamptz, p_updated_at timestamptz)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
declare
  v_order orders%rowtype;
  v_name text;
  v_article text;
  v_position integer;
  v_need numeric;
  v_available numeric;
  v_reserved integer;
begin
  select * into v_order from orders o where o.account_id = p_account and o.id = p_order for update;
  if not found or v_order.pipeline_id is not null or v_order.status_id is not null or v_order.lead_id is distinct from p_lead
    or v_order.crm_status is distinct from p_crm_status or v_order.stock_state is distinct from p_stock_state then
    return null;
  end if;
  select p.name, p.article into v_name, v_article from products p where p.account_id = p_account and p.id = p_product for no key update;
  if not found then
    return null;
  end if;
  select p.id into v_position from order_positions p
  where p.order_id = p_order and p.product_id = p_product and p.warehouse_id = p_warehouse and p.price_field = p_price_field
  limit 1;
  if v_position is not null then
    update order_positions p set quantity = p.quantity + p_quantity where p.id = v_position;
  else
    insert into order_positions (account_id, order_id, product_id, warehouse_id, price_field, price, currency, quantity, nds, cost_price, sort)
    values (p_account, p_order, p_product, p_warehouse, p_price_field, p_price, p_currency, p_quantity, p_nds, p_starting_cost,
      coalesce((select max(o.sort) from order_positions o where o.order_id = p_order), -1) + 1)
    returning id into v_position;
  end if;
  select p.quantity - p.reserved into v_need from order_positions p where p.id = v_position;
  if v_need > 0 then
    select r.available, r.positions into v_available, v_reserved
    from stock_reserve_at_once(p_account, p_user, v_position, p_warehouse, p_product, v_article, v_name,
      v_order.name, v_order.id, v_need) r;
    if v_reserved <> 1 then
      raise exception 'not enough stock' using errcode = 'SR001', detail = json_build_object('available', v_available::text, 'name', v_name)::text;
    end if;
  end if;
  update orders o set
    stock_state = 'reserved',
    changed_by_user_id = p_changed_by_user,
    changed_by_customer = p_changed_by_customer,
    changed_by_customer_id = p_changed_by_customer_id,
    changed_at = p_changed_at,
    sum = t.sum,
    cost_price = t.cost,
    profit = t.sum - t.cost,
    version = o.version + 1,
    updated_at = p_updated_at
  from (select coalesce(sum(round(p.price * p.quantity, 2)), 0) as sum, coalesce(sum(round(p.cost_price * p.quantity, 2)), 0) as cost
        from order_positions p where p.order_id = p_order) t
  where o.id = p_order;
  return v_position;
end
$$;
