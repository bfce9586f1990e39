CREATE TABLE "document_autogenerations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_account_id_type_pk" PRIMARY KEY("account_id","type")
);
--> statement-breakpoint
CREATE TABLE "document_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"requisites" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"builtins_added" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"download_type" text DEFAULT 'docx' NOT NULL,
	"orientation" text DEFAULT 'portrait' NOT NULL,
	"autogen_status_id" integer,
	"public_visible" boolean DEFAULT false NOT NULL,
	"builtin" text,
	"file_name" text DEFAULT '' NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"path" text,
	"content" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_documents" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"type" text NOT NULL,
	"number" integer NOT NULL,
	"format" text NOT NULL,
	"user_id" integer,
	"origin" text DEFAULT 'formed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_autogenerations" ADD CONSTRAINT "document_autogenerations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_autogenerations" ADD CONSTRAINT "document_autogenerations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_autogenerations" ADD CONSTRAINT "document_autogenerations_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_settings" ADD CONSTRAINT "document_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_autogen_status_id_pipeline_statuses_id_fk" FOREIGN KEY ("autogen_status_id") REFERENCES "public"."pipeline_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_file_id_order_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."order_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_autogenerations_once" ON "document_autogenerations" USING btree ("order_id","template_id","status_id");--> statement-breakpoint
CREATE INDEX "document_templates_account" ON "document_templates" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "document_templates_autogen" ON "document_templates" USING btree ("account_id","autogen_status_id");--> statement-breakpoint
CREATE INDEX "generated_documents_account" ON "generated_documents" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_documents_order" ON "generated_documents" USING btree ("order_id");