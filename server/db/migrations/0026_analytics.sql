CREATE TABLE "analytics_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"report" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_templates" ADD CONSTRAINT "analytics_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_templates_account_name" ON "analytics_templates" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "orders_account_created" ON "orders" USING btree ("account_id","created_at","id");