CREATE TABLE "facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"company_id" integer,
	"contact_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_account_id" ON "facilities" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "facilities_account" ON "facilities" USING btree ("account_id","archived","id");--> statement-breakpoint
CREATE INDEX "facilities_account_name" ON "facilities" USING btree ("account_id","archived","name","id");--> statement-breakpoint
CREATE INDEX "facilities_name_trgm" ON "facilities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facilities_address_trgm" ON "facilities" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_facility" FOREIGN KEY ("account_id","facility_id") REFERENCES "public"."facilities"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_facility" FOREIGN KEY ("account_id","facility_id") REFERENCES "public"."facilities"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movements_facility" ON "movements" USING btree ("account_id","facility_id") WHERE "movements"."facility_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_facility" ON "orders" USING btree ("account_id","facility_id","id") WHERE "orders"."facility_id" is not null;