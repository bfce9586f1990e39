-- Accounts made before their documents were made with them (issue 15): document settings in the owner's language,
-- then the three built-in templates for every account whose settings have not had them yet, so listing templates
-- and reading the settings change nothing. Names as in server/modules/accountDefaults/documents.ts.
INSERT INTO "document_settings" ("account_id", "lang")
SELECT a."id", CASE WHEN (SELECT u."lang" FROM "memberships" m JOIN "users" u ON u."id" = m."user_id" WHERE m."account_id" = a."id" AND m."is_owner" ORDER BY m."user_id" LIMIT 1) = 'ru' THEN 'ru' ELSE 'en' END
FROM "accounts" a
WHERE NOT EXISTS (SELECT 1 FROM "document_settings" s WHERE s."account_id" = a."id");
--> statement-breakpoint
INSERT INTO "document_templates" ("account_id", "name", "type", "builtin", "file_name", "download_type")
SELECT s."account_id", b."name", b."type", b."type" || '.' || b."lang", b."name" || '.docx', b."download_type"
FROM "document_settings" s
JOIN (VALUES
  ('en', 'invoice', 'Invoice for payment', 'pdf'),
  ('en', 'quote', 'Quote', 'docx'),
  ('en', 'delivery_note', 'Delivery note', 'docx'),
  ('ru', 'invoice', 'Счёт на оплату', 'pdf'),
  ('ru', 'quote', 'Коммерческое предложение', 'docx'),
  ('ru', 'delivery_note', 'Товарная накладная', 'docx')
) AS b ("lang", "type", "name", "download_type") ON b."lang" = CASE WHEN s."lang" = 'ru' THEN 'ru' ELSE 'en' END
WHERE NOT s."builtins_added";
--> statement-breakpoint
UPDATE "document_settings" SET "builtins_added" = true WHERE NOT "builtins_added";
