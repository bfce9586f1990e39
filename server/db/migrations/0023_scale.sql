CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Every account-owned table gets a unique key that begins with account_id, so the schema can be distributed by
-- account (Citus-style) later; it also serves each table's account-scoped lookups. Additive: the existing keys stay.
CREATE UNIQUE INDEX IF NOT EXISTS "categories_account_key" ON "categories" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "companies_account_key" ON "companies" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contacts_account_key" ON "contacts" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "import_uploads_account_key" ON "import_uploads" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "movements_account_key" ON "movements" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "order_files_account_key" ON "order_files" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "order_positions_account_key" ON "order_positions" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "order_shares_account_key" ON "order_shares" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "orders_account_key" ON "orders" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pipeline_statuses_account_key" ON "pipeline_statuses" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pipelines_account_key" ON "pipelines" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "product_images_account_key" ON "product_images" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "products_account_key" ON "products" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "public_tokens_account_key" ON "public_tokens" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_documents_account_key" ON "stock_documents" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tasks_account_key" ON "tasks" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tokens_account_key" ON "tokens" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "transit_lines_account_key" ON "transit_lines" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "warehouses_account_key" ON "warehouses" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contact_companies_account_key" ON "contact_companies" USING btree ("account_id","contact_id","company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "position_batches_account_key" ON "position_batches" USING btree ("account_id","position_id","batch_id");
