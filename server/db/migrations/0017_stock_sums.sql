CREATE TABLE "stock_sums" (
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"count" numeric DEFAULT '0' NOT NULL,
	"reserve" numeric DEFAULT '0' NOT NULL,
	"available" numeric GENERATED ALWAYS AS (count - reserve) STORED NOT NULL,
	"cost_value" numeric DEFAULT '0' NOT NULL,
	"in_transit" numeric DEFAULT '0' NOT NULL,
	"batches_in_stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_sums_account_id_product_id_warehouse_id_pk" PRIMARY KEY("account_id","product_id","warehouse_id")
);
--> statement-breakpoint
CREATE INDEX "stock_sums_count" ON "stock_sums" USING btree ("account_id","warehouse_id","count","product_id");--> statement-breakpoint
CREATE INDEX "stock_sums_reserve" ON "stock_sums" USING btree ("account_id","warehouse_id","reserve","product_id");--> statement-breakpoint
CREATE INDEX "stock_sums_available" ON "stock_sums" USING btree ("account_id","warehouse_id","available","product_id");--> statement-breakpoint
CREATE INDEX "stock_sums_in_stock" ON "stock_sums" USING btree ("account_id","warehouse_id","product_id") WHERE "stock_sums"."count" > 0;--> statement-breakpoint
-- Kept by statement triggers with transition tables, like product_counts (0004): one grouped upsert per statement,
-- for the product's row in its warehouse and its every-warehouse row (0), in key order so concurrent statements
-- meet the rows in the same order. Writers already hold the product's lock (server/modules/stock/locks.ts).
CREATE FUNCTION "stock_sums_batches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement's transition tables exist only for its kind (no old rows on insert), hence one query per kind.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_sums AS s (account_id, product_id, warehouse_id, count, reserve, cost_value, batches_in_stock)
      SELECT account_id, product_id, level.w, sum(count), sum(reserve), sum(count * cost_price), count(*) FILTER (WHERE count > 0)
      FROM new_rows CROSS JOIN LATERAL (VALUES (warehouse_id), (0)) AS level(w)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, product_id, warehouse_id) DO UPDATE SET
        count = s.count + excluded.count, reserve = s.reserve + excluded.reserve,
        cost_value = s.cost_value + excluded.cost_value, batches_in_stock = s.batches_in_stock + excluded.batches_in_stock;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stock_sums AS s (account_id, product_id, warehouse_id, count, reserve, cost_value, batches_in_stock)
      SELECT account_id, product_id, level.w, -sum(count), -sum(reserve), -sum(count * cost_price), -count(*) FILTER (WHERE count > 0)
      FROM old_rows CROSS JOIN LATERAL (VALUES (warehouse_id), (0)) AS level(w)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, product_id, warehouse_id) DO UPDATE SET
        count = s.count + excluded.count, reserve = s.reserve + excluded.reserve,
        cost_value = s.cost_value + excluded.cost_value, batches_in_stock = s.batches_in_stock + excluded.batches_in_stock;
  ELSE
    -- An update that changes no sum (a batch renumbered) writes nothing: HAVING drops it.
    INSERT INTO stock_sums AS s (account_id, product_id, warehouse_id, count, reserve, cost_value, batches_in_stock)
      SELECT account_id, product_id, level.w, sum(count), sum(reserve), sum(cost_value), sum(in_stock)::integer
      FROM (
        SELECT account_id, product_id, warehouse_id, count, reserve, count * cost_price AS cost_value, (count > 0)::integer AS in_stock FROM new_rows
        UNION ALL
        SELECT account_id, product_id, warehouse_id, -count, -reserve, -(count * cost_price), -((count > 0)::integer) FROM old_rows
      ) AS changes
      CROSS JOIN LATERAL (VALUES (changes.warehouse_id), (0)) AS level(w)
      GROUP BY 1, 2, 3
      HAVING sum(count) <> 0 OR sum(reserve) <> 0 OR sum(cost_value) <> 0 OR sum(in_stock) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT (account_id, product_id, warehouse_id) DO UPDATE SET
        count = s.count + excluded.count, reserve = s.reserve + excluded.reserve,
        cost_value = s.cost_value + excluded.cost_value, batches_in_stock = s.batches_in_stock + excluded.batches_in_stock;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "stock_sums_transit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_sums AS s (account_id, product_id, warehouse_id, in_transit)
      SELECT account_id, product_id, 0, sum(quantity) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (account_id, product_id, warehouse_id) DO UPDATE SET in_transit = s.in_transit + excluded.in_transit;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stock_sums AS s (account_id, product_id, warehouse_id, in_transit)
      SELECT account_id, product_id, 0, -sum(quantity) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (account_id, product_id, warehouse_id) DO UPDATE SET in_transit = s.in_transit + excluded.in_transit;
  ELSE
    INSERT INTO stock_sums AS s (account_id, product_id, warehouse_id, in_transit)
      SELECT account_id, product_id, 0, sum(quantity) FROM (
        SELECT account_id, product_id, quantity FROM new_rows
        UNION ALL
        SELECT account_id, product_id, -quantity FROM old_rows
      ) AS changes
      GROUP BY 1, 2 HAVING sum(quantity) <> 0 ORDER BY 1, 2
      ON CONFLICT (account_id, product_id, warehouse_id) DO UPDATE SET in_transit = s.in_transit + excluded.in_transit;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every product has its every-warehouse row from the start, so sorting by a balance walks one index over all products
-- (those never stocked included, at 0); a deleted product's rows go with it.
CREATE FUNCTION "stock_sums_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_sums (account_id, product_id, warehouse_id)
      SELECT account_id, id, 0 FROM new_rows ORDER BY 1, 2
      ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM stock_sums s USING old_rows o WHERE s.account_id = o.account_id AND s.product_id = o.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_sums_batches_insert" AFTER INSERT ON "batches" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_sums_batches"();
--> statement-breakpoint
CREATE TRIGGER "stock_sums_batches_update" AFTER UPDATE ON "batches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_sums_batches"();
--> statement-breakpoint
CREATE TRIGGER "stock_sums_batches_delete" AFTER DELETE ON "batches" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_sums_batches"();
--> statement-breakpoint
CREATE TRIGGER "stock_sums_transit_insert" AFTER INSERT ON "transit_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_sums_transit"();
--> statement-breakpoint
CREATE TRIGGER "stock_sums_transit_update" AFTER UPDATE ON "transit_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_sums_transit"();
--> statement-breakpoint
CREATE TRIGGER "stock_sums_transit_delete" AFTER DELETE ON "transit_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_sums_transit"();
--> statement-breakpoint
CREATE TRIGGER "stock_sums_products_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_sums_products"();
--> statement-breakpoint
CREATE TRIGGER "stock_sums_products_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_sums_products"();
--> statement-breakpoint
-- The sums of the data already there: every product's every-warehouse row, then its batches and goods in transit.
INSERT INTO stock_sums (account_id, product_id, warehouse_id, count, reserve, cost_value, batches_in_stock)
  SELECT p.account_id, p.id, level.w, coalesce(sum(b.count), 0), coalesce(sum(b.reserve), 0), coalesce(sum(b.count * b.cost_price), 0),
         count(b.id) FILTER (WHERE b.count > 0)
  FROM products p
  LEFT JOIN batches b ON b.product_id = p.id
  CROSS JOIN LATERAL (VALUES (0), (b.warehouse_id)) AS level(w)
  WHERE level.w IS NOT NULL
  GROUP BY 1, 2, 3;
--> statement-breakpoint
UPDATE stock_sums s SET in_transit = t.quantity
  FROM (SELECT account_id, product_id, sum(quantity) AS quantity FROM transit_lines GROUP BY 1, 2) AS t
  WHERE s.account_id = t.account_id AND s.product_id = t.product_id AND s.warehouse_id = 0;
