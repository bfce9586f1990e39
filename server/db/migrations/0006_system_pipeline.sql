-- Every account has exactly one system pipeline (spec 1 §3: the pipeline store falls back to it), however the
-- account was created (registration, the demo seed, an administrator's insert): a row trigger makes it with the
-- default stages — New, Reserved (reservation), Completed (success, write-off), Cancelled (unsuccessful).
CREATE FUNCTION "create_system_pipeline"(account integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pipeline integer;
BEGIN
  INSERT INTO pipelines (account_id, name, sort, is_system) VALUES (account, 'Main pipeline', 0, true) RETURNING id INTO pipeline;
  INSERT INTO pipeline_statuses (account_id, pipeline_id, name, color, sort, type, is_reserve, is_write_off) VALUES
    (account, pipeline, 'New', '#99ccff', 0, 0, false, false),
    (account, pipeline, 'Reserved', '#ffcc66', 1, 0, true, false),
    (account, pipeline, 'Completed', '#66cc99', 2, 1, false, true),
    (account, pipeline, 'Cancelled', '#ff9999', 3, 2, false, false);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "accounts_system_pipeline"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM create_system_pipeline(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_system_pipeline" AFTER INSERT ON "accounts" FOR EACH ROW EXECUTE FUNCTION accounts_system_pipeline();
--> statement-breakpoint
SELECT create_system_pipeline(a.id) FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM pipelines p WHERE p.account_id = a.id AND p.is_system);
