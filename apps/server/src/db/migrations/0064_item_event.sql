-- Every change item_stat sees, as signed rows with their time: the item's old state leaves (-1),
-- its new state enters (+1). Today's item_stat minus the events since an instant is the state then;
-- the dashboard trend and the radar's previous quarter read it (docs/decisions/0073).
CREATE TABLE "item_event" (
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date,
	"d_total" smallint NOT NULL,
	"d_open" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_event" ADD CONSTRAINT "item_event_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The trend reads one company's events since an instant: index-only.
CREATE INDEX "item_event_company_at_idx" ON "item_event" ("company_id", "at") INCLUDE ("type", "due_date", "d_total", "d_open");
--> statement-breakpoint
CREATE INDEX "item_event_item_idx" ON "item_event" ("item_id");
--> statement-breakpoint
-- Runs as the caller beside item_stat_apply; item_event has the same tenant policy.
CREATE FUNCTION item_event_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A company's deletion removes its items and events together: nothing to record for it.
  IF TG_OP = 'UPDATE' OR (TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM company WHERE id = OLD.company_id)) THEN
    INSERT INTO item_event (company_id, item_id, type, due_date, d_total, d_open)
      VALUES (OLD.company_id, OLD.id, OLD.type, OLD.due_date, -1, CASE WHEN OLD.status < 3 THEN -1 ELSE 0 END);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO item_event (company_id, item_id, type, due_date, d_total, d_open)
      VALUES (NEW.company_id, NEW.id, NEW.type, NEW.due_date, 1, CASE WHEN NEW.status < 3 THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only a change that moves an item between item_stat's rows or the open/closed line counts.
CREATE TRIGGER item_event_trg AFTER INSERT OR DELETE ON item
  FOR EACH ROW EXECUTE FUNCTION item_event_apply();
--> statement-breakpoint
CREATE TRIGGER item_event_upd_trg AFTER UPDATE OF company_id, type, status, due_date ON item
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.type IS DISTINCT FROM NEW.type
    OR (OLD.status < 3) IS DISTINCT FROM (NEW.status < 3) OR OLD.due_date IS DISTINCT FROM NEW.due_date)
  EXECUTE FUNCTION item_event_apply();
--> statement-breakpoint
-- Items from before: each enters at its creation as it is now (earlier changes are not known here).
INSERT INTO item_event (company_id, item_id, type, at, due_date, d_total, d_open)
  SELECT company_id, id, type, created_at, due_date, 1, CASE WHEN status < 3 THEN 1 ELSE 0 END FROM item;
--> statement-breakpoint
ALTER TABLE item_event ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_event_tenant ON item_event USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
GRANT SELECT, INSERT ON item_event TO pc_app;
