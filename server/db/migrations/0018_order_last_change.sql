ALTER TABLE "orders" ADD COLUMN "changed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "changed_by_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "changed_by_customer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "changed_at" timestamp with time zone;