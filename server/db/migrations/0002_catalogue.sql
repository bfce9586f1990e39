CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"image_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"entity" text DEFAULT 'product' NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"category_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"component" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lead_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_account" ON "categories" USING btree ("account_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fields_account_entity_code" ON "fields" USING btree ("account_id","entity","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_account_code" ON "warehouses" USING btree ("account_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_one_main" ON "warehouses" USING btree ("account_id") WHERE "warehouses"."is_main";