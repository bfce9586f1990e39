CREATE TABLE "integration_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"client_id" text,
	"client_secret" text,
	"crm_account_id" bigint,
	"member_id" text,
	"widget_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "public_max_per_position" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "public_max_per_order" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "local_dev" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_account_origin" ON "integration_connections" USING btree ("account_id","origin");--> statement-breakpoint
CREATE INDEX "integration_connections_origin" ON "integration_connections" USING btree ("origin");