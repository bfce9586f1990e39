-- The tables added beside 0023_scale (documents, invoice requests) get the same unique key beginning with account_id,
-- so every account-owned table can be distributed by account later (test/server/accountKeys.test.ts).
CREATE UNIQUE INDEX IF NOT EXISTS "document_autogenerations_account_key" ON "document_autogenerations" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "document_templates_account_key" ON "document_templates" USING btree ("account_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "generated_documents_account_key" ON "generated_documents" USING btree ("account_id","file_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invoice_requests_account_key" ON "invoice_requests" USING btree ("account_id","id");
