CREATE TABLE "product_counts" (
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"archived" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counts_account_id_type_archived_pk" PRIMARY KEY("account_id","type","archived")
);
--> statement-breakpoint
-- Kept by statement triggers with transition tables: one grouped upsert per statement, so a bulk
-- insert of 100,000 rows costs one write per (account, type, archived), and an update that changes
-- neither type, archived nor account (a rename, a price) writes nothing (HAVING filters it out).
CREATE FUNCTION "product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts AS c (account_id, type, archived, n)
      SELECT account_id, type, archived, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, type, archived) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_counts AS c (account_id, type, archived, n)
      SELECT account_id, type, archived, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, type, archived) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO product_counts AS c (account_id, type, archived, n)
      SELECT account_id, type, archived, sum(d) FROM (
        SELECT account_id, type, archived, 1 AS d FROM new_rows
        UNION ALL
        SELECT account_id, type, archived, -1 AS d FROM old_rows
      ) AS changes GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, type, archived) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_counts_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();
--> statement-breakpoint
INSERT INTO "product_counts" (account_id, type, archived, n)
  SELECT account_id, type, archived, count(*) FROM products GROUP BY 1, 2, 3;
