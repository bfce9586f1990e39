DROP INDEX "orders_account_list";--> statement-breakpoint
CREATE INDEX "orders_account_list" ON "orders" USING btree ("account_id","archived","id","status_id","crm_status","pipeline_id");