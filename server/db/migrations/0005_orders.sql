CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"reason_code" text DEFAULT '' NOT NULL,
	"registration_number" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"correspondent_account" text DEFAULT '' NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"payment_account" text DEFAULT '' NOT NULL,
	"rating" integer DEFAULT 0 NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_companies" (
	"account_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "contact_companies_contact_id_company_id_pk" PRIMARY KEY("contact_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"rating" integer DEFAULT 0 NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text DEFAULT 'custom' NOT NULL,
	"name" text NOT NULL,
	"mime" text DEFAULT 'application/octet-stream' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"path" text,
	"content" "bytea",
	"public_visible" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer,
	"price_field" text DEFAULT 'price' NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '1' NOT NULL,
	"nds" numeric(5, 2) DEFAULT '0' NOT NULL,
	"cost_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reserved" numeric(14, 3) DEFAULT '0' NOT NULL,
	"written_off" numeric(14, 3) DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_positions_quantity_positive" CHECK ("order_positions"."quantity" > 0),
	CONSTRAINT "order_positions_held_within_quantity" CHECK ("order_positions"."reserved" >= 0 AND "order_positions"."written_off" >= 0 AND "order_positions"."reserved" + "order_positions"."written_off" <= "order_positions"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"link_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"pipeline_id" integer,
	"status_id" integer,
	"lead_id" bigint,
	"crm_status" integer,
	"user_id" integer,
	"contact_id" integer,
	"company_id" integer,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock_state" text DEFAULT 'none' NOT NULL,
	"sum" numeric(16, 2) DEFAULT '0' NOT NULL,
	"cost_price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"profit" numeric(16, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"pipeline_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"is_reserve" boolean DEFAULT false NOT NULL,
	"is_write_off" boolean DEFAULT false NOT NULL,
	"is_stocking" boolean DEFAULT false NOT NULL,
	"blocks_products" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_statuses_one_operation" CHECK (("pipeline_statuses"."is_reserve"::int + "pipeline_statuses"."is_write_off"::int + "pipeline_statuses"."is_stocking"::int) <= 1)
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_batches" (
	"account_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"reserved" numeric(14, 3) DEFAULT '0' NOT NULL,
	"written_off" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "position_batches_position_id_batch_id_pk" PRIMARY KEY("position_id","batch_id"),
	CONSTRAINT "position_batches_not_negative" CHECK ("position_batches"."reserved" >= 0 AND "position_batches"."written_off" >= 0)
);
--> statement-breakpoint
CREATE TABLE "public_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text,
	"contact_id" integer,
	"company_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "product_visibility" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_companies" ADD CONSTRAINT "contact_companies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_companies" ADD CONSTRAINT "contact_companies_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_companies" ADD CONSTRAINT "contact_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shares" ADD CONSTRAINT "order_shares_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shares" ADD CONSTRAINT "order_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shares" ADD CONSTRAINT "order_shares_customer_id_public_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."public_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_id_pipeline_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."pipeline_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD CONSTRAINT "pipeline_statuses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD CONSTRAINT "pipeline_statuses_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_batches" ADD CONSTRAINT "position_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_batches" ADD CONSTRAINT "position_batches_position_id_order_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."order_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_batches" ADD CONSTRAINT "position_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_customers" ADD CONSTRAINT "public_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_customers" ADD CONSTRAINT "public_customers_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_customers" ADD CONSTRAINT "public_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_tokens" ADD CONSTRAINT "public_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_tokens" ADD CONSTRAINT "public_tokens_customer_id_public_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."public_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_tokens" ADD CONSTRAINT "public_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_account" ON "companies" USING btree ("account_id","archived","id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_companies_company" ON "contact_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contacts_account" ON "contacts" USING btree ("account_id","archived","id");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_files_order" ON "order_files" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_positions_order" ON "order_positions" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "order_positions_product" ON "order_positions" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shares_link" ON "order_shares" USING btree ("link_token");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shares_order_customer" ON "order_shares" USING btree ("order_id","customer_id");--> statement-breakpoint
CREATE INDEX "orders_account_list" ON "orders" USING btree ("account_id","archived","id");--> statement-breakpoint
CREATE INDEX "orders_account_status" ON "orders" USING btree ("account_id","status_id","id");--> statement-breakpoint
CREATE INDEX "orders_account_pipeline" ON "orders" USING btree ("account_id","pipeline_id","id");--> statement-breakpoint
CREATE INDEX "orders_name_trgm" ON "orders" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_account_lead" ON "orders" USING btree ("account_id","lead_id") WHERE "orders"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "pipeline_statuses_pipeline" ON "pipeline_statuses" USING btree ("pipeline_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_statuses_one_reserve" ON "pipeline_statuses" USING btree ("pipeline_id") WHERE "pipeline_statuses"."is_reserve";--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_statuses_one_write_off" ON "pipeline_statuses" USING btree ("pipeline_id") WHERE "pipeline_statuses"."is_write_off";--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_statuses_one_stocking" ON "pipeline_statuses" USING btree ("pipeline_id") WHERE "pipeline_statuses"."is_stocking";--> statement-breakpoint
CREATE INDEX "pipelines_account" ON "pipelines" USING btree ("account_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_one_system" ON "pipelines" USING btree ("account_id") WHERE "pipelines"."is_system";--> statement-breakpoint
CREATE UNIQUE INDEX "public_customers_account_email" ON "public_customers" USING btree ("account_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "public_tokens_hash" ON "public_tokens" USING btree ("token_hash");