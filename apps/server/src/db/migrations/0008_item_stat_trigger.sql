-- Keeps item_stat in step with item. Runs as the caller; item_stat has the same tenant policy.
CREATE FUNCTION item_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE item_stat SET n = n - 1
      WHERE company_id = OLD.company_id AND type = OLD.type AND status = OLD.status
        AND due_date IS NOT DISTINCT FROM OLD.due_date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO item_stat (company_id, type, status, due_date, n)
      VALUES (NEW.company_id, NEW.type, NEW.status, NEW.due_date, 1)
      ON CONFLICT ON CONSTRAINT item_stat_key DO UPDATE SET n = item_stat.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_stat_trg AFTER INSERT OR DELETE OR UPDATE OF company_id, type, status, due_date ON item
  FOR EACH ROW EXECUTE FUNCTION item_stat_apply();
--> statement-breakpoint
INSERT INTO item_stat (company_id, type, status, due_date, n)
  SELECT company_id, type, status, due_date, count(*) FROM item GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
ALTER TABLE item_stat ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_stat_tenant ON item_stat USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON item_stat TO pc_app;
