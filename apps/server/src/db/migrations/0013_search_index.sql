-- Search (docs/decisions/0014): indexes that hand the ranking a bounded set of candidates — the
-- name alone in German full text, the exact name, the number-label prefix — and file names of
-- attachments by trigram.
CREATE INDEX "attachment_file_name_trgm_idx" ON "attachment" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_name_search_idx" ON "item" USING gin (to_tsvector('german'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "item_name_lower_idx" ON "item" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "item_number_label_idx" ON "item" USING btree (lower("number_label") text_pattern_ops);
--> statement-breakpoint
-- The tenant check of the tables search reads evaluates pc_tenant_ids() once per statement (an
-- init plan) instead of once per row: with a thousand visible companies, parsing the id list for
-- every row cost about half a millisecond a row. Same rule as before, same rows.
ALTER POLICY item_tenant ON item USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER POLICY tag_tenant ON tag USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER POLICY attachment_tenant ON attachment USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER POLICY company_read ON company USING (id = ANY ((SELECT pc_tenant_ids())::uuid[]));
