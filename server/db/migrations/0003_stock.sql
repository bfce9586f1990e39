CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"cost_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"count" numeric(14, 3) DEFAULT '0' NOT NULL,
	"reserve" numeric(14, 3) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_count_not_negative" CHECK ("batches"."count" >= 0),
	CONSTRAINT "batches_reserve_within_count" CHECK ("batches"."reserve" >= 0 AND "batches"."reserve" <= "batches"."count")
);
--> statement-breakpoint
CREATE TABLE "movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event_date" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" text NOT NULL,
	"product_id" integer NOT NULL,
	"batch_id" integer,
	"article_number" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"party" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"cost_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sum" numeric(16, 2) DEFAULT '0' NOT NULL,
	"initial_warehouse_id" integer,
	"final_warehouse_id" integer,
	"user_id" integer,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type" text DEFAULT 'product' NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'pcs' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batches_identity" ON "batches" USING btree ("account_id","product_id","warehouse_id","number");--> statement-breakpoint
CREATE INDEX "batches_product" ON "batches" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "movements_account_date" ON "movements" USING btree ("account_id","event_date");--> statement-breakpoint
CREATE INDEX "products_account" ON "products" USING btree ("account_id","archived","id");--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_article_trgm" ON "products" USING gin ("article" gin_trgm_ops);