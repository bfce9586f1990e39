-- Trigram search for product autocomplete (name and article); PGlite loads it as a contrib extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
