CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"amount" numeric(16, 2) NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"idempotence_key" text NOT NULL,
	"confirmation_url" text,
	"order_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_state" CHECK ("order_payments"."state" in ('pending', 'succeeded', 'canceled', 'refunded')),
	CONSTRAINT "order_payments_amount" CHECK ("order_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"provider" text,
	"yookassa_credentials" text,
	"stripe_credentials" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_account_id" ON "order_payments" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_account_key" ON "order_payments" USING btree ("account_id","idempotence_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_account_external" ON "order_payments" USING btree ("account_id","provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_account_order_pending" ON "order_payments" USING btree ("account_id","order_id") WHERE state = 'pending';