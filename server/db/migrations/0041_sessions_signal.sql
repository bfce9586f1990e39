-- The cross-process session signal (server/platform/notify.ts, server/http/sessionCache.ts) comes from the tables a
-- caller is made of (server/auth/sessions.ts resolveSession: a token joined to its user, account and membership), so
-- it is sent exactly when a cached caller may have gone stale, whoever changed the rows: any server process, a
-- migration or manual SQL. Before, every process sent it after every write of any kind.
-- Only UPDATE, DELETE and TRUNCATE: a cache holds callers resolved from rows that existed, and a lookup that found
-- nothing is not cached, so a new row (a sign-in's token, a new account) makes no cached caller stale.
-- Statement level: one signal per statement however many rows it touches, and PostgreSQL folds the same signal
-- repeated in one transaction into one, delivered at commit (never for a rollback). No column is skipped: every
-- column of these rows is part of a caller, and no request writes them as a side effect (no "last used" column).
CREATE FUNCTION "sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stockroom_sessions', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "users_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "memberships_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER "tokens_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "tokens" FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
