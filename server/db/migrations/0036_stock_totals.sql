CREATE TABLE "stock_totals" (
	"account_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"count" numeric DEFAULT '0' NOT NULL,
	"reserve" numeric DEFAULT '0' NOT NULL,
	"cost_value" numeric DEFAULT '0' NOT NULL,
	"sale_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "stock_totals_account_id_warehouse_id_slot_pk" PRIMARY KEY("account_id","warehouse_id","slot")
);
--> statement-breakpoint
-- The whole table's totals (schema.ts, stockTotals) and the stock triggers' cost. Until now stock_sums' own statement
-- triggers found the products whose count crossed zero (product_search) by grouping the old and new rows of every
-- upsert; now the function that writes stock_sums does it from its upsert's RETURNING and also adds the totals, so a
-- bulk write of batches captures no transition tables on stock_sums at all. Every other write of stock_sums changes
-- no count: goods in transit (in_transit only), a new product's zero row, a deleted product's rows (its product_search
-- row and its totals go with the product's own triggers below).
-- Totals are split into slots (pg_backend_pid() % 8): one transaction writes one slot only, so two concurrent stock
-- writers of an account mostly write different rows, and every write of a slot's rows takes its every-warehouse row
-- (level 0) first, so two transactions that share a slot queue there instead of meeting in opposite orders. The
-- totals are written last, after every product, batch and sums row: no writer waits on them while holding a lock
-- another writer of the slot needs (server/modules/stock/locks.ts).
-- jsonb maps of price code → sale value, added key by key; a sum that comes to 0 leaves the map.
CREATE FUNCTION "stock_totals_merge"(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN b = '{}'::jsonb THEN a ELSE coalesce((
    SELECT jsonb_object_agg(key, total) FROM (
      SELECT key, sum(value::numeric) AS total FROM (SELECT * FROM jsonb_each(a) UNION ALL SELECT * FROM jsonb_each(b)) AS e
      GROUP BY key HAVING sum(value::numeric) <> 0
    ) AS t), '{}'::jsonb) END
$$;
--> statement-breakpoint
-- A product's prices alone ({code: {cost}} for every key of its values with a numeric cost), so an edit of anything
-- else in values (a custom field, an image) is seen to change no price.
CREATE FUNCTION "stock_prices"(product_values jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, jsonb_build_object('cost', value -> 'cost')), '{}'::jsonb)
  FROM jsonb_each(CASE WHEN jsonb_typeof(product_values) = 'object' THEN product_values ELSE '{}'::jsonb END)
  WHERE jsonb_typeof(value -> 'cost') = 'number'
$$;
--> statement-breakpoint
-- Adds changes to the totals: per row an account, a level, the count, reserve and cost value to add, and a product's
-- values with the count its prices are multiplied by (every key whose value has a numeric cost is a price: the base
-- price is chosen when reading, as the fields' order says). Rows of archived products must not be passed.
CREATE FUNCTION "stock_totals_add"(account_ids integer[], levels integer[], counts numeric[], reserves numeric[], cost_values numeric[], sale_counts numeric[], prices jsonb[]) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM unnest(account_ids, levels, counts, reserves, cost_values, sale_counts, prices) AS d(account_id, warehouse_id, count, reserve, cost_value, sale_count, prices)
  ), sums AS (
    SELECT account_id, warehouse_id, sum(count) AS count, sum(reserve) AS reserve, sum(cost_value) AS cost_value FROM (
      SELECT account_id, warehouse_id, count, reserve, cost_value FROM d
      UNION ALL
      -- Every account's every-warehouse row, changed or not: the slot's first lock (see above).
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
$$;
--> statement-breakpoint
-- Sets the accounts' totals to what their products and sums say, by adding the difference to this transaction's slot.
-- For what no change can say: the migration's backfill, and a deleted product (its batches went first by cascade, when
-- the product was already invisible, so what it had counted is no longer known).
CREATE FUNCTION "stock_totals_recount"(account_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM stock_totals t WHERE t.account_id = ANY(account_ids) AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = t.account_id);
  SELECT stock_totals_add(array_agg(account_id), array_agg(warehouse_id), array_agg(count), array_agg(reserve), array_agg(cost_value), array_agg(sale_count), array_agg(prices))
  FROM (
    SELECT s.account_id, s.warehouse_id, s.count, s.reserve, s.cost_value, s.count AS sale_count, p.values AS prices
      FROM stock_sums s JOIN products p ON p.account_id = s.account_id AND p.id = s.product_id
      WHERE s.account_id = ANY(account_ids) AND NOT p.archived AND s.count <> 0
    UNION ALL
    SELECT t.account_id, t.warehouse_id, -t.count, -t.reserve, -t.cost_value, -1,
      (SELECT coalesce(jsonb_object_agg(key, jsonb_build_object('cost', value)), '{}'::jsonb) FROM jsonb_each(t.sale_values))
      FROM stock_totals t WHERE t.account_id = ANY(account_ids)
  ) AS d;
$$;
--> statement-breakpoint
-- What stock_sums_batches found changed per product and level: written to stock_sums, then the products whose count
-- crossed zero at some level get their product_search levels rewritten, and the non-archived products' changes go to
-- the totals. The crossing is read from the upsert's new counts and the changes, grouped rather than joined (the
-- changes have no statistics: a join of two 100,000-row sets planned as a nested loop took minutes).
CREATE FUNCTION "stock_sums_apply"(account_ids integer[], product_ids integer[], levels integer[], counts numeric[], reserves numeric[], cost_values numeric[], in_stock integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  crossed_accounts integer[];
  crossed_products integer[];
BEGIN
  WITH changes AS (
    SELECT * FROM unnest(account_ids, product_ids, levels, counts, reserves, cost_values, in_stock) AS c(account_id, product_id, warehouse_id, count, reserve, cost_value, in_stock)
  ), kept AS (
    INSERT INTO stock_sums AS s (account_id, product_id, warehouse_id, count, reserve, cost_value, batches_in_stock)
      SELECT * FROM changes ORDER BY 1, 2, 3
      ON CONFLICT (account_id, product_id, warehouse_id) DO UPDATE SET
        count = s.count + excluded.count, reserve = s.reserve + excluded.reserve,
        cost_value = s.cost_value + excluded.cost_value, batches_in_stock = s.batches_in_stock + excluded.batches_in_stock
      RETURNING s.account_id, s.product_id, s.warehouse_id, s.count
  ), crossed AS (
    SELECT DISTINCT account_id, product_id FROM (
      SELECT account_id, product_id, warehouse_id, count AS now, 0::numeric AS change FROM kept
      UNION ALL
      SELECT account_id, product_id, warehouse_id, 0, count FROM changes
    ) AS sides
    GROUP BY account_id, product_id, warehouse_id HAVING (sum(now) > 0) <> (sum(now) - sum(change) > 0)
  )
  SELECT array_agg(account_id), array_agg(product_id) INTO crossed_accounts, crossed_products FROM crossed;
  IF crossed_accounts IS NOT NULL THEN
    PERFORM product_search_levels(crossed_accounts, crossed_products);
  END IF;
  -- Each product's prices picked out of its values once (not per level: values can be wide), read by its id.
  PERFORM stock_totals_add(array_agg(c.account_id), array_agg(c.warehouse_id), array_agg(c.count), array_agg(c.reserve), array_agg(c.cost_value), array_agg(c.count), array_agg(p.prices))
    FROM unnest(account_ids, product_ids, levels, counts, reserves, cost_values) AS c(account_id, product_id, warehouse_id, count, reserve, cost_value)
    JOIN (SELECT account_id, id, stock_prices(values) AS prices FROM products WHERE id = ANY(product_ids) AND NOT archived) AS p ON p.account_id = c.account_id AND p.id = c.product_id
    WHERE c.count <> 0 OR c.reserve <> 0 OR c.cost_value <> 0
    HAVING count(*) > 0;
END
$$;
--> statement-breakpoint
-- Same grouping as before (migration stock_sums), handed to stock_sums_apply. A statement's transition tables exist
-- only for its kind (no old rows on insert), hence one query per kind.
CREATE OR REPLACE FUNCTION "stock_sums_batches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stock_sums_apply(array_agg(account_id), array_agg(product_id), array_agg(w), array_agg(count), array_agg(reserve), array_agg(cost_value), array_agg(in_stock))
    FROM (
      SELECT account_id, product_id, level.w, sum(count) AS count, sum(reserve) AS reserve, sum(count * cost_price) AS cost_value, (count(*) FILTER (WHERE count > 0))::integer AS in_stock
      FROM new_rows CROSS JOIN LATERAL (VALUES (warehouse_id), (0)) AS level(w)
      GROUP BY 1, 2, 3
    ) AS changes HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stock_sums_apply(array_agg(account_id), array_agg(product_id), array_agg(w), array_agg(count), array_agg(reserve), array_agg(cost_value), array_agg(in_stock))
    FROM (
      SELECT account_id, product_id, level.w, -sum(count) AS count, -sum(reserve) AS reserve, -sum(count * cost_price) AS cost_value, (-count(*) FILTER (WHERE count > 0))::integer AS in_stock
      FROM old_rows CROSS JOIN LATERAL (VALUES (warehouse_id), (0)) AS level(w)
      GROUP BY 1, 2, 3
    ) AS changes HAVING count(*) > 0;
  ELSE
    -- An update that changes no sum (a batch renumbered) writes nothing: HAVING drops it.
    PERFORM stock_sums_apply(array_agg(account_id), array_agg(product_id), array_agg(w), array_agg(count), array_agg(reserve), array_agg(cost_value), array_agg(in_stock))
    FROM (
      SELECT account_id, product_id, level.w, sum(count) AS count, sum(reserve) AS reserve, sum(cost_value) AS cost_value, sum(in_stock)::integer AS in_stock
      FROM (
        SELECT account_id, product_id, warehouse_id, count, reserve, count * cost_price AS cost_value, (count > 0)::integer AS in_stock FROM new_rows
        UNION ALL
        SELECT account_id, product_id, warehouse_id, -count, -reserve, -(count * cost_price), -((count > 0)::integer) FROM old_rows
      ) AS changes
      CROSS JOIN LATERAL (VALUES (changes.warehouse_id), (0)) AS level(w)
      GROUP BY 1, 2, 3
      HAVING sum(count) <> 0 OR sum(reserve) <> 0 OR sum(cost_value) <> 0 OR sum(in_stock) <> 0
    ) AS changes HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "product_search_stock_insert" ON "stock_sums";
--> statement-breakpoint
DROP TRIGGER "product_search_stock_update" ON "stock_sums";
--> statement-breakpoint
DROP TRIGGER "product_search_stock_delete" ON "stock_sums";
--> statement-breakpoint
DROP FUNCTION "product_search_stock"();
--> statement-breakpoint
-- Products: an update changes the totals when a non-archived version's values (its prices) or its archived flag
-- changed; each such product's old version leaves the totals and its new one enters, with the sums it has now (an
-- update of products writes no stock). Grouped, not joined, like above: a version that changed neither its prices nor
-- the flag cancels out, and writes nothing.
-- The product_search row follows name, article and the archived flag in the same statement trigger (it was a row
-- trigger: a bulk update of prices or tags paid a call per product; the transition tables are captured for
-- product_counts already). A delete recounts the accounts that lost a non-archived product (rare: the account's
-- deletion, or a product nothing ever referenced).
CREATE FUNCTION "stock_totals_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE product_search ps SET archived = n.archived, name = n.name, name_lower = lower(n.name), article_lower = lower(n.article)
      FROM new_rows n
      WHERE ps.account_id = n.account_id AND ps.product_id = n.id
        AND (ps.archived, ps.name, ps.article_lower) IS DISTINCT FROM (n.archived, n.name, lower(n.article));
    PERFORM stock_totals_add(array_agg(s.account_id), array_agg(s.warehouse_id), array_agg(v.sign * s.count), array_agg(v.sign * s.reserve), array_agg(v.sign * s.cost_value), array_agg(v.sign * s.count), array_agg(v.prices))
      FROM (
        SELECT account_id, id, prices, sum(sign) AS sign FROM (
          SELECT account_id, id, stock_prices(values) AS prices, 1 AS sign FROM new_rows WHERE NOT archived
          UNION ALL
          SELECT account_id, id, stock_prices(values), -1 FROM old_rows WHERE NOT archived
        ) AS versions GROUP BY account_id, id, prices HAVING sum(sign) <> 0
      ) AS v
      JOIN stock_sums s ON s.account_id = v.account_id AND s.product_id = v.id
      WHERE s.count <> 0
      HAVING count(*) > 0;
  ELSE
    PERFORM stock_totals_recount(array_agg(DISTINCT account_id)) FROM old_rows WHERE NOT archived HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "product_search_products_update" ON "products";
--> statement-breakpoint
DROP FUNCTION "product_search_product_update"();
--> statement-breakpoint
CREATE TRIGGER "stock_totals_products_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_totals_products"();
--> statement-breakpoint
CREATE TRIGGER "stock_totals_products_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_totals_products"();
--> statement-breakpoint
-- The totals of the data already there.
SELECT stock_totals_recount(array_agg(id)) FROM accounts;
