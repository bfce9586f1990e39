CREATE TABLE "order_counts" (
	"account_id" integer NOT NULL,
	"archived" boolean NOT NULL,
	"pipeline_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"crm_status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_account_id_archived_pipeline_id_status_id_crm_status_pk" PRIMARY KEY("account_id","archived","pipeline_id","status_id","crm_status")
);
--> statement-breakpoint
-- Kept like product_counts (0004): one grouped upsert per statement; an update that moves no order between
-- keys (a rename, new totals, a new version) writes nothing, as HAVING filters it out.
CREATE FUNCTION "order_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts AS c (account_id, archived, pipeline_id, status_id, crm_status, n)
      SELECT account_id, archived, coalesce(pipeline_id, 0), coalesce(status_id, 0), coalesce(crm_status, -1), count(*) FROM new_rows
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (account_id, archived, pipeline_id, status_id, crm_status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_counts AS c (account_id, archived, pipeline_id, status_id, crm_status, n)
      SELECT account_id, archived, coalesce(pipeline_id, 0), coalesce(status_id, 0), coalesce(crm_status, -1), -count(*) FROM old_rows
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (account_id, archived, pipeline_id, status_id, crm_status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO order_counts AS c (account_id, archived, pipeline_id, status_id, crm_status, n)
      SELECT account_id, archived, pipeline_id, status_id, crm_status, sum(d) FROM (
        SELECT account_id, archived, coalesce(pipeline_id, 0) AS pipeline_id, coalesce(status_id, 0) AS status_id, coalesce(crm_status, -1) AS crm_status, 1 AS d FROM new_rows
        UNION ALL
        SELECT account_id, archived, coalesce(pipeline_id, 0), coalesce(status_id, 0), coalesce(crm_status, -1), -1 FROM old_rows
      ) AS changes GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (account_id, archived, pipeline_id, status_id, crm_status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "order_counts_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "order_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_apply"();
--> statement-breakpoint
INSERT INTO "order_counts" (account_id, archived, pipeline_id, status_id, crm_status, n)
  SELECT account_id, archived, coalesce(pipeline_id, 0), coalesce(status_id, 0), coalesce(crm_status, -1), count(*) FROM orders GROUP BY 1, 2, 3, 4, 5;
