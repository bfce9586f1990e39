CREATE TABLE "catalog_links" (
	"account_id" integer NOT NULL,
	"source" text NOT NULL,
	"product_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_links_account_id_source_external_id_pk" PRIMARY KEY("account_id","source","external_id")
);
--> statement-breakpoint
CREATE TABLE "crm_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"order_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"stage" text,
	"stage_name" text,
	"sum" numeric(14, 2),
	"last_sync_at" timestamp with time zone,
	"problem" text
);
--> statement-breakpoint
CREATE TABLE "integration_events" (
	"account_id" integer NOT NULL,
	"source" text NOT NULL,
	"key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_events_account_id_source_key_pk" PRIMARY KEY("account_id","source","key")
);
--> statement-breakpoint
CREATE TABLE "integration_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"action" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"task_id" integer,
	"retry" jsonb,
	"retried_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_connections" ADD COLUMN "status" text DEFAULT 'connected' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "catalog_links" ADD CONSTRAINT "catalog_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_links" ADD CONSTRAINT "catalog_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_events" ADD CONSTRAINT "integration_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_log" ADD CONSTRAINT "integration_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_links_account_source_product" ON "catalog_links" USING btree ("account_id","source","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_deals_account_id" ON "crm_deals" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_deals_account_source_external" ON "crm_deals" USING btree ("account_id","source","external_id");--> statement-breakpoint
CREATE INDEX "crm_deals_account_order" ON "crm_deals" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_log_account_id" ON "integration_log" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "integration_log_account_source_at" ON "integration_log" USING btree ("account_id","source","id");