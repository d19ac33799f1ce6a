-- Items a bulk delete removed, kept for its undo (a few seconds; later deletes clear old ones):
-- the row as it was, its attachments, and the ids of the rows that pointed at it.
CREATE TABLE "item_trash" (
	"batch_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"row" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	"links" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_trash" ADD CONSTRAINT "item_trash_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_trash" ADD CONSTRAINT "item_trash_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_trash_batch_idx" ON "item_trash" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "item_trash_deleted_idx" ON "item_trash" USING btree ("deleted_at");
--> statement-breakpoint
-- Only the person who deleted may undo, and only in the companies the request sees.
ALTER TABLE item_trash ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_trash_own ON item_trash FOR ALL
  USING (user_id = (SELECT pc_user_id()) AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (user_id = (SELECT pc_user_id()) AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
-- item_stat follows item once per statement instead of once per row: a bulk change of 10,000
-- items ran 20,000 statements of the row trigger. Transition tables hold the statement's rows;
-- an update counts only the rows whose counted columns changed. This replaces the statement
-- triggers of inserts and deletes (0056) and the row trigger of updates with one function.
DROP TRIGGER item_stat_update_trg ON item;
--> statement-breakpoint
DROP TRIGGER item_stat_insert_trg ON item;
--> statement-breakpoint
DROP TRIGGER item_stat_delete_trg ON item;
--> statement-breakpoint
DROP FUNCTION item_stat_insert();
--> statement-breakpoint
DROP FUNCTION item_stat_delete();
--> statement-breakpoint
CREATE FUNCTION item_stat_apply_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Two statements, not one with a writing CTE: items that swap counters (0 -> 1 and 1 -> 0)
    -- would otherwise change the same counter row twice in one statement.
    UPDATE item_stat s SET n = s.n - g.n
      FROM (SELECT o.company_id, o.type, o.status, o.due_date, count(*) AS n
            FROM old_items o JOIN new_items n ON n.id = o.id
            WHERE (o.company_id, o.type, o.status, o.due_date) IS DISTINCT FROM (n.company_id, n.type, n.status, n.due_date)
            GROUP BY 1, 2, 3, 4) g
      WHERE s.company_id = g.company_id AND s.type = g.type AND s.status = g.status AND s.due_date IS NOT DISTINCT FROM g.due_date;
    INSERT INTO item_stat (company_id, type, status, due_date, n)
      SELECT n.company_id, n.type, n.status, n.due_date, count(*)
      FROM old_items o JOIN new_items n ON n.id = o.id
      WHERE (o.company_id, o.type, o.status, o.due_date) IS DISTINCT FROM (n.company_id, n.type, n.status, n.due_date)
      GROUP BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT item_stat_key DO UPDATE SET n = item_stat.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE item_stat s SET n = s.n - d.n
      FROM (SELECT company_id, type, status, due_date, count(*) AS n FROM old_items GROUP BY 1, 2, 3, 4) d
      WHERE s.company_id = d.company_id AND s.type = d.type AND s.status = d.status AND s.due_date IS NOT DISTINCT FROM d.due_date;
  ELSE
    INSERT INTO item_stat (company_id, type, status, due_date, n)
      SELECT company_id, type, status, due_date, count(*) FROM new_items GROUP BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT item_stat_key DO UPDATE SET n = item_stat.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_stat_insert AFTER INSERT ON item REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION item_stat_apply_rows();
--> statement-breakpoint
CREATE TRIGGER item_stat_update AFTER UPDATE ON item REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION item_stat_apply_rows();
--> statement-breakpoint
CREATE TRIGGER item_stat_delete AFTER DELETE ON item REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION item_stat_apply_rows();
--> statement-breakpoint
DROP FUNCTION item_stat_apply();
--> statement-breakpoint
-- Deleting an item unlinks its time records and appointments: without these, every deleted item
-- read the whole of both tables.
CREATE INDEX "time_record_item_idx" ON "time_record" USING btree ("item_id") WHERE "item_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "appointment_item_idx" ON "appointment" USING btree ("item_id") WHERE "item_id" IS NOT NULL;
--> statement-breakpoint
-- Only renamed items bring new words: a bulk change of status or people leaves the word list
-- alone instead of splitting every name of the statement again.
DROP TRIGGER item_search_words_update ON item;
--> statement-breakpoint
CREATE FUNCTION pc_search_words_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_word (company_id, word)
  SELECT DISTINCT n.company_id, w.lexeme
  FROM new_items n JOIN old_items o ON o.id = n.id, unnest(to_tsvector('simple', n.name)) w
  WHERE (n.name IS DISTINCT FROM o.name OR n.company_id IS DISTINCT FROM o.company_id) AND length(w.lexeme) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_search_words_update AFTER UPDATE ON item REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pc_search_words_renamed();
