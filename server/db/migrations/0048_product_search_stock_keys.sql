-- A positive search finds names by keys of their own (issue 13: the search page within its budget). Each key stands
-- for an in-stock scope and three characters of the lower-cased name: scope × 2^32 + hashtext(the three characters),
-- where the scope is -<account> (in stock in some warehouse: stock_sums level 0) or <warehouse id> (in stock there),
-- one per in_stock level, so one posting list holds only the products of one account in stock at one level. A search
-- asks for the keys of its three-character windows in its scope; a name holding the search as a substring holds every
-- window of it, and the search then checks the match exactly (two windows of one hash only add a row to check).
-- Windows with a space are left out (of a name's keys and of a search's alike): 'Bolt steel 10056' has 9 keys a
-- level instead of 15, and a search still has keys when it has three characters in a row without a space (else it
-- reads the trigrams). A product in stock nowhere has no keys.
-- Why: with the trigram index alone, a search in one warehouse intersected the trigrams' posting lists (every product
-- of every account with the word) with the level's (every product in stock there) and tested the level again on
-- every match. Searches without 'positive', articles and searches shorter than three characters keep the trigrams.
-- Writes: the keys are computed (~10 µs a row) and written with each new version of a row that is not a heap-only
-- update (a change of in_stock, the name or the article), and only for its levels. Numbers, not text ('w7:dri'):
-- half the cost of writing them (100,000 rows: 2.0 s against 3.7 s). A 100,000-row import (bench:import, old and new
-- code back to back) spends 1–3 more PostgreSQL CPU-seconds of ~40.
-- hashtext is stable (hash indexes on text depend on it). The functions call no function of this schema (a restore
-- runs with an empty search_path) and are immutable: their keys depend on their arguments alone.
CREATE FUNCTION "product_search_stock_keys"(account integer, levels integer[], value text) RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
DECLARE
  grams integer[] := '{}';
  keys bigint[] := '{}';
  level integer;
  scope bigint;
  gram integer;
  gram_text text;
  i integer;
BEGIN
  FOR i IN 1 .. length(value) - 2 LOOP
    gram_text := substr(value, i, 3);
    IF strpos(gram_text, ' ') = 0 THEN
      grams := grams || hashtext(gram_text);
    END IF;
  END LOOP;
  FOREACH level IN ARRAY levels LOOP
    scope := CASE WHEN level = 0 THEN -account ELSE level END;
    FOREACH gram IN ARRAY grams LOOP
      keys := keys || (scope * 4294967296 + gram);
    END LOOP;
  END LOOP;
  RETURN keys;
END $$;
--> statement-breakpoint
-- The keys a search for `value` (lower-cased, with three characters in a row without a space) asks for in one scope;
-- null when it has none, so that it matches nothing (containing no keys, every row would match).
CREATE FUNCTION "product_search_stock_wanted"(scope bigint, value text) RETURNS bigint[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT nullif(array(SELECT scope * 4294967296 + hashtext(w) FROM generate_series(1, length(value) - 2) AS i, substr(value, i, 3) AS w WHERE strpos(w, ' ') = 0), '{}')
$$;
--> statement-breakpoint
CREATE INDEX "product_search_stock_keys" ON "product_search" USING gin (product_search_stock_keys("account_id", "in_stock", "name_lower"));
--> statement-breakpoint
-- No statistics of the keys: ANALYZE would compute them for every sampled row (the imports analyse as they grow the
-- table: server/db/tableStatistics.ts), and the search reads this index whatever they say.
ALTER INDEX "product_search_stock_keys" ALTER COLUMN 1 SET STATISTICS 0;
