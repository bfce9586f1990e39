-- 'Positive balances only' with a text search (issue 13: the filtered totals): the totals of the matches add up their
-- kept sums at the level, and only rows with stock there can add anything (a level with nothing in it holds no count,
-- reserve or cost value). The partial index of those rows now carries the three sums, so each match's row is read
-- from the index alone instead of the sums table (or a hash of every sums row of the level). Writes cost about the
-- same: a change of count or reserve already rewrites every index entry of the row (both are keys of other indexes);
-- only a change of the cost value alone (a batch's cost price edited) can no longer be a heap-only update.
-- drizzle-kit cannot say INCLUDE, so schema.ts declares the index's keys and this migration its covered columns.
DROP INDEX IF EXISTS "stock_sums_in_stock";
--> statement-breakpoint
CREATE INDEX "stock_sums_in_stock" ON "stock_sums" USING btree ("account_id","warehouse_id","product_id") INCLUDE ("count","reserve","cost_value") WHERE "stock_sums"."count" > 0;
