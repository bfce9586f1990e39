ALTER TABLE "accounts" ADD COLUMN "public_max_per_position" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "public_max_per_order" numeric(14, 3);