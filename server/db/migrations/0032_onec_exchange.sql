CREATE TABLE "onec_exchange" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"enabled_by" integer,
	"login" text DEFAULT '' NOT NULL,
	"password" text,
	"warehouses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sale_price_type" text,
	"comparison" text DEFAULT 'name_article' NOT NULL,
	"documents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sale_queried_at" timestamp with time zone,
	"sale_confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onec_imports" (
	"account_id" integer NOT NULL,
	"filename" text NOT NULL,
	"digest" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"run" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onec_imports_account_id_filename_pk" PRIMARY KEY("account_id","filename")
);
--> statement-breakpoint
CREATE TABLE "onec_links" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"target" text NOT NULL,
	CONSTRAINT "onec_links_account_id_kind_external_id_pk" PRIMARY KEY("account_id","kind","external_id")
);
--> statement-breakpoint
ALTER TABLE "onec_exchange" ADD CONSTRAINT "onec_exchange_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_imports" ADD CONSTRAINT "onec_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_links" ADD CONSTRAINT "onec_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;