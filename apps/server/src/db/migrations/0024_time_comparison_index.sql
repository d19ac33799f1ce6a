-- The time comparison (docs/decisions/0023) sums a scope's records of a date range by day and the
-- grouping's keys. The company-and-day index carries those columns, so the sums come from the index
-- alone; the statistics tell the planner that project (and item and person) follow the company, so
-- it expects a few thousand groups and hashes them instead of sorting every record (bench: a year
-- of 1,000,000 records, month × company).
DROP INDEX "time_record_company_day_idx";--> statement-breakpoint
CREATE INDEX "time_record_company_day_idx" ON "time_record" USING btree ("company_id","day") INCLUDE ("project_id","item_id","user_id","hours");--> statement-breakpoint
CREATE STATISTICS "time_record_keys" (ndistinct) ON "company_id", "project_id", "item_id", "user_id", "day" FROM "time_record";--> statement-breakpoint
-- Statistics are empty until the table is analysed; a sample of the rows, so quick at any size.
ANALYZE "time_record";
