-- order_counts gains the order's kind (crm: linked to a deal) so orders/list filtered by kind reads its total from the
-- kept counts too, and slots (pg_backend_pid() % 8, as stock_totals in 0036) so concurrent writers of one stage mostly
-- write different rows. Old readers that sum n over the other keys still get the same answers.
ALTER TABLE "order_counts" DROP CONSTRAINT "order_counts_account_id_archived_pipeline_id_status_id_crm_status_pk";--> statement-breakpoint
ALTER TABLE "order_counts" ADD COLUMN "crm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_counts" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts by the new key, from the orders themselves (the old rows know no kind).
DELETE FROM "order_counts";--> statement-breakpoint
INSERT INTO "order_counts" (account_id, archived, pipeline_id, status_id, crm_status, crm, slot, n)
  SELECT account_id, archived, coalesce(pipeline_id, 0), coalesce(status_id, 0), coalesce(crm_status, -1), lead_id IS NOT NULL, 0, count(*) FROM orders GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
ALTER TABLE "order_counts" ADD CONSTRAINT "order_counts_account_id_archived_pipeline_id_status_id_crm_status_crm_slot_pk" PRIMARY KEY("account_id","archived","pipeline_id","status_id","crm_status","crm","slot");--> statement-breakpoint
-- As 0007, with the kind and this writer's slot in the key. The slot is the writer's, not the order's: an update that
-- moves no order between keys still cancels out (both sides fall in the same slot) and writes nothing; a move takes 1
-- from the old key and adds 1 to the new one in this writer's slot, so one slot's n may go below zero, their sum not.
CREATE OR REPLACE FUNCTION "order_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts AS c (account_id, archived, pipeline_id, status_id, crm_status, crm, slot, n)
      SELECT account_id, archived, coalesce(pipeline_id, 0), coalesce(status_id, 0), coalesce(crm_status, -1), lead_id IS NOT NULL, pg_backend_pid() % 8, count(*) FROM new_rows
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (account_id, archived, pipeline_id, status_id, crm_status, crm, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_counts AS c (account_id, archived, pipeline_id, status_id, crm_status, crm, slot, n)
      SELECT account_id, archived, coalesce(pipeline_id, 0), coalesce(status_id, 0), coalesce(crm_status, -1), lead_id IS NOT NULL, pg_backend_pid() % 8, -count(*) FROM old_rows
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (account_id, archived, pipeline_id, status_id, crm_status, crm, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO order_counts AS c (account_id, archived, pipeline_id, status_id, crm_status, crm, slot, n)
      SELECT account_id, archived, pipeline_id, status_id, crm_status, crm, pg_backend_pid() % 8, sum(d) FROM (
        SELECT account_id, archived, coalesce(pipeline_id, 0) AS pipeline_id, coalesce(status_id, 0) AS status_id, coalesce(crm_status, -1) AS crm_status, lead_id IS NOT NULL AS crm, 1 AS d FROM new_rows
        UNION ALL
        SELECT account_id, archived, coalesce(pipeline_id, 0), coalesce(status_id, 0), coalesce(crm_status, -1), lead_id IS NOT NULL, -1 FROM old_rows
      ) AS changes GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (account_id, archived, pipeline_id, status_id, crm_status, crm, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE INDEX "orders_account_sum" ON "orders" USING btree ("account_id","archived","sum","id","status_id","crm_status","pipeline_id","lead_id");--> statement-breakpoint
CREATE INDEX "orders_account_updated" ON "orders" USING btree ("account_id","archived","updated_at","id","status_id","crm_status","pipeline_id","lead_id");
