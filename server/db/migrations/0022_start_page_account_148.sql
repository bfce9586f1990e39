-- The start page became a per-account setting (accounts.landing_path). Spec §2 names account 148 as the one that
-- lands on /documents; it gets that as its stored value, so its admins see and may change it like any account's.
-- A value already chosen is kept.
UPDATE "accounts" SET "landing_path" = '/documents' WHERE "id" = 148 AND "landing_path" IS NULL;
