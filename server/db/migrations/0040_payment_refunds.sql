ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_state";--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "refunded_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "provider_ref" text;--> statement-breakpoint
CREATE INDEX "order_payments_account_order" ON "order_payments" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE INDEX "order_payments_account_ref" ON "order_payments" USING btree ("account_id","provider","provider_ref");--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_refunded" CHECK ("order_payments"."refunded_amount" >= 0 and "order_payments"."refunded_amount" <= "order_payments"."amount");--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_state" CHECK ("order_payments"."state" in ('pending', 'succeeded', 'canceled', 'partly_refunded', 'refunded'));--> statement-breakpoint
UPDATE "order_payments" SET "refunded_amount" = "amount" WHERE "state" = 'refunded';
