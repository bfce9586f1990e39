CREATE INDEX "batches_account_product" ON "batches" USING btree ("account_id","product_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "batches_number_trgm" ON "batches" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "batches_in_stock" ON "batches" USING btree ("account_id","product_id","warehouse_id") WHERE "batches"."count" > 0;--> statement-breakpoint
CREATE INDEX "products_account_name" ON "products" USING btree ("account_id","archived","name","id");--> statement-breakpoint
CREATE INDEX "products_account_category" ON "products" USING btree ("account_id","archived","category_id","name","id");