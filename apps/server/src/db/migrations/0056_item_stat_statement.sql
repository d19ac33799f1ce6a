-- item_stat counted inserts and deletes row by row: a statement that wrote many items (an import
-- of 10,000 rows) updated the same counter row once per item inside one transaction, and each
-- update walked every earlier version of that row — quadratic. Inserts and deletes now add their
-- counts once per statement from the transition table; a change of status, due date, type or
-- company stays row by row (it moves one item between counters).
DROP TRIGGER item_stat_trg ON item;
--> statement-breakpoint
CREATE TRIGGER item_stat_update_trg AFTER UPDATE OF company_id, type, status, due_date ON item
  FOR EACH ROW EXECUTE FUNCTION item_stat_apply();
--> statement-breakpoint
CREATE FUNCTION item_stat_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stat (company_id, type, status, due_date, n)
    SELECT company_id, type, status, due_date, count(*) FROM new_items GROUP BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT item_stat_key DO UPDATE SET n = item_stat.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION item_stat_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_stat s SET n = s.n - d.n
    FROM (SELECT company_id, type, status, due_date, count(*) AS n FROM old_items GROUP BY 1, 2, 3, 4) d
    WHERE s.company_id = d.company_id AND s.type = d.type AND s.status = d.status
      AND s.due_date IS NOT DISTINCT FROM d.due_date;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_stat_insert_trg AFTER INSERT ON item REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION item_stat_insert();
--> statement-breakpoint
CREATE TRIGGER item_stat_delete_trg AFTER DELETE ON item REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION item_stat_delete();
