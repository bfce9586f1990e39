CREATE TABLE "product_image_sizes" (
	"image_id" integer NOT NULL,
	"size" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "product_image_sizes_image_id_size_pk" PRIMARY KEY("image_id","size")
);
--> statement-breakpoint
CREATE TABLE "url_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_image_sizes" ADD CONSTRAINT "product_image_sizes_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "url_keys" ("name", "key") VALUES ('image-links', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')) ON CONFLICT DO NOTHING;
