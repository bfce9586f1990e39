CREATE TABLE "product_search" (
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"archived" boolean NOT NULL,
	"name" text NOT NULL,
	"name_lower" text NOT NULL,
	"article_lower" text NOT NULL,
	"in_stock" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "product_search_account_id_product_id_pk" PRIMARY KEY("account_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "product_search_name_trgm" ON "product_search" USING gin ("name_lower" gin_trgm_ops,"in_stock");--> statement-breakpoint
CREATE INDEX "product_search_article_trgm" ON "product_search" USING gin ("article_lower" gin_trgm_ops,"in_stock");--> statement-breakpoint
-- The product's row: written with the product (a statement trigger, so an import's or a seed's bulk insert writes
-- all rows in one statement), rewritten only when a searched column changes (a row trigger whose WHEN skips every
-- other update: prices, tags, images), removed with it.
CREATE FUNCTION "product_search_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_search (account_id, product_id, archived, name, name_lower, article_lower)
      SELECT account_id, id, archived, name, lower(name), lower(article) FROM new_rows ORDER BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM product_search ps USING old_rows o WHERE ps.account_id = o.account_id AND ps.product_id = o.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_product_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET archived = NEW.archived, name = NEW.name, name_lower = lower(NEW.name), article_lower = lower(NEW.article)
    WHERE account_id = NEW.account_id AND product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 'In stock' levels follow the kept sums: only products whose count crossed zero at some level are rewritten, from
-- their stock_sums rows as they now are (so the order the triggers run in does not matter). Writers already hold
-- the product's lock (server/modules/stock/locks.ts), as for stock_sums.
-- The set of products whose levels may have changed, rewritten from their sums rows. Seq scans are off inside: a
-- table created and bulk-filled in the same run (a migration, a seed, a first import) has no statistics yet, and a
-- plan that scans product_search or stock_sums per changed product would take minutes on 100,000 of them.
-- The levels are read with FILTER rather than a count > 0 condition, so the sums' primary key serves them.
CREATE FUNCTION "product_search_levels"(account_ids integer[], product_ids integer[]) RETURNS void LANGUAGE sql SET enable_seqscan = off AS $$
  UPDATE product_search ps SET in_stock = levels.in_stock
    FROM (
      SELECT c.account_id, c.product_id, coalesce(array_agg(s.warehouse_id ORDER BY s.warehouse_id) FILTER (WHERE s.count > 0), '{}') AS in_stock
      FROM unnest(account_ids, product_ids) AS c(account_id, product_id)
      JOIN stock_sums s ON s.account_id = c.account_id AND s.product_id = c.product_id
      GROUP BY c.account_id, c.product_id
    ) AS levels
    WHERE ps.account_id = levels.account_id AND ps.product_id = levels.product_id AND ps.in_stock IS DISTINCT FROM levels.in_stock;
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement's transition tables exist only for its kind (no old rows on insert), hence one query per kind.
  IF TG_OP = 'INSERT' THEN
    PERFORM product_search_levels(array_agg(account_id), array_agg(product_id))
      FROM (SELECT DISTINCT account_id, product_id FROM new_rows WHERE count > 0) AS changed;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM product_search_levels(array_agg(account_id), array_agg(product_id))
      FROM (SELECT DISTINCT account_id, product_id FROM old_rows WHERE count > 0) AS changed;
  ELSE
    -- Grouped, not joined: transition tables have no statistics, and a join of two 100,000-row ones (a bulk arrival)
    -- planned as a nested loop took minutes. A key whose count crossed zero has both signs among its old and new rows.
    PERFORM product_search_levels(array_agg(account_id), array_agg(product_id))
      FROM (
        SELECT DISTINCT account_id, product_id FROM (
          SELECT account_id, product_id, warehouse_id, count > 0 AS in_stock FROM new_rows
          UNION ALL
          SELECT account_id, product_id, warehouse_id, count > 0 FROM old_rows
        ) AS sides
        GROUP BY account_id, product_id, warehouse_id HAVING bool_or(in_stock) <> bool_and(in_stock)
      ) AS changed;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named so they run before stock_sums' own triggers on products (triggers of one event run in name order): a new
-- product's row exists before anything could stock it.
CREATE TRIGGER "product_search_products_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_products"();
--> statement-breakpoint
CREATE TRIGGER "product_search_products_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_products"();
--> statement-breakpoint
CREATE TRIGGER "product_search_products_update" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.article IS DISTINCT FROM NEW.article OR OLD.archived IS DISTINCT FROM NEW.archived)
  EXECUTE FUNCTION "product_search_product_update"();
--> statement-breakpoint
CREATE TRIGGER "product_search_stock_insert" AFTER INSERT ON "stock_sums" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_stock"();
--> statement-breakpoint
CREATE TRIGGER "product_search_stock_update" AFTER UPDATE ON "stock_sums" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_stock"();
--> statement-breakpoint
CREATE TRIGGER "product_search_stock_delete" AFTER DELETE ON "stock_sums" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_stock"();
--> statement-breakpoint
-- The rows of the products already there.
INSERT INTO product_search (account_id, product_id, archived, name, name_lower, article_lower, in_stock)
  SELECT p.account_id, p.id, p.archived, p.name, lower(p.name), lower(p.article),
    coalesce((SELECT array_agg(s.warehouse_id ORDER BY s.warehouse_id) FROM stock_sums s WHERE s.account_id = p.account_id AND s.product_id = p.id AND s.count > 0), '{}')
  FROM products p;
--> statement-breakpoint
-- A search reads a few thousand of its rows at most: under the server's many connections parallel workers only take
-- the CPU other answers wait for (see withoutParallelWorkers in server/modules/products/stockList.ts), and this says
-- so once instead of a transaction per read.
ALTER TABLE "product_search" SET (parallel_workers = 0);
--> statement-breakpoint
ANALYZE "product_search";
