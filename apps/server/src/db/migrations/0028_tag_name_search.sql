-- Search matches items by their tags' names (pc_search_candidates, docs/decisions/0014): exact names
-- (lower) and German full text, as for item names, instead of a text vector computed per tag.
CREATE INDEX "tag_name_lower_idx" ON "tag" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tag_name_search_idx" ON "tag" USING gin (to_tsvector('german'::regconfig, "name"));