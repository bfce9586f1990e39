-- A caller now carries its account's main warehouse (server/auth/sessions.ts resolveSession reads it in the same
-- statement, so a stock call for the main warehouse makes no query of its own). A cached caller goes stale when the
-- main warehouse changes, so the session signal of migration 0041 comes from the warehouses that are or were main:
-- a new main one (the first warehouse of an account is main), one that stops or starts being main, one deleted, or a
-- truncate. Row level with a WHEN so a rename or a new ordinary warehouse signals nothing; PostgreSQL folds the same
-- signal repeated in one transaction into one, delivered at commit.
CREATE TRIGGER "warehouses_main_added" AFTER INSERT ON "warehouses" FOR EACH ROW WHEN (NEW.is_main) EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "warehouses_main_changed" AFTER UPDATE ON "warehouses" FOR EACH ROW WHEN (OLD.is_main IS DISTINCT FROM NEW.is_main OR (NEW.is_main AND (OLD.id, OLD.account_id) IS DISTINCT FROM (NEW.id, NEW.account_id))) EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "warehouses_main_deleted" AFTER DELETE ON "warehouses" FOR EACH ROW WHEN (OLD.is_main) EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "warehouses_sessions_truncated" AFTER TRUNCATE ON "warehouses" FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
