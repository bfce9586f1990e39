-- The stock search finds a name or an article by keys of its own instead of pg_trgm's trigrams (issue 13: the search
-- page within its budget). Each key is a scope and three characters of the lower-cased text, 'w7:dri': the scopes
-- are 'x<account>' (every product of the account), 'p<account>' (in stock in some warehouse: stock_sums level 0) and
-- 'w<warehouse>' (in stock there), one per in_stock level, so one posting list holds only the products of one
-- account in stock at one level. A search asks for the three-character windows of its text in its scope; a text
-- holding the search as a substring holds every window of it, and LIKE then checks the match exactly (a search of
-- fewer than three characters has no windows: the bare scope key 'x7:' then lists the scope).
-- Why: with the trigram index, a search in one warehouse intersected the trigrams' posting lists (every product of
-- every account with the word) with the in_stock level's (every product in stock there), and tested the level
-- again on every match; on the bench's data that was a quarter of the search page's PostgreSQL time. Here the lists
-- are the matches of the scope alone, the level needs no test, and no account reads another's postings.
-- The functions call no function of this schema (a restore runs with an empty search_path), and are immutable: their
-- keys depend on their arguments alone.
CREATE FUNCTION "product_search_scopes"(account integer, levels integer[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  scopes text[] := array['x' || account];
  level integer;
BEGIN
  FOREACH level IN ARRAY levels LOOP
    scopes := scopes || CASE WHEN level = 0 THEN 'p' || account ELSE 'w' || level END;
  END LOOP;
  RETURN scopes;
END $$;
--> statement-breakpoint
-- Every key of a name in its scopes: each scope alone, and with each window of three characters.
CREATE FUNCTION "product_search_keys"(scopes text[], value text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
DECLARE
  keys text[] := '{}';
  scope text;
  i integer;
BEGIN
  FOREACH scope IN ARRAY scopes LOOP
    keys := keys || (scope || ':');
    FOR i IN 1 .. length(value) - 2 LOOP
      keys := keys || (scope || ':' || substr(value, i, 3));
    END LOOP;
  END LOOP;
  RETURN keys;
END $$;
--> statement-breakpoint
-- The keys a search for `value` (lower-cased) needs in one scope: its windows, or the scope alone when it has none.
CREATE FUNCTION "product_search_wanted"(scope text, value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length(value) < 3 THEN array[scope || ':']
    ELSE array(SELECT scope || ':' || substr(value, i, 3) FROM generate_series(1, length(value) - 2) AS i) END
$$;
--> statement-breakpoint
DROP INDEX "product_search_name_trgm";--> statement-breakpoint
DROP INDEX "product_search_article_trgm";--> statement-breakpoint
CREATE INDEX "product_search_name_keys" ON "product_search" USING gin (product_search_keys(product_search_scopes("account_id", "in_stock"), "name_lower"));--> statement-breakpoint
CREATE INDEX "product_search_article_keys" ON "product_search" USING gin (product_search_keys(product_search_scopes("account_id", "in_stock"), "article_lower"));
