-- The time records summed per company, day, project, issue and person (issue 13, docs/decisions/0023):
-- the time comparison sums a year of a scope's records, a third of a million in the bench, and
-- reads these day sums instead. Kept by statement triggers on time_record in the same transaction.
CREATE TABLE "time_record_day" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"item_id" uuid,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hours" numeric NOT NULL,
	"records" integer NOT NULL,
	CONSTRAINT "time_record_day_key" UNIQUE NULLS NOT DISTINCT("company_id","day","project_id","item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "time_record_day" ADD CONSTRAINT "time_record_day_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE time_record_day ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY time_record_day_tenant ON time_record_day USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
-- Only the trigger function writes the sums.
REVOKE INSERT, UPDATE, DELETE ON time_record_day FROM pc_app;
--> statement-breakpoint
-- Security definer so that pc_app's writes to time_record can keep the sums; the rows come from
-- time_record rows the policy has already let in (or out), so their companies are the caller's.
-- One function for the three triggers: a trigger with transition tables takes one event only.
CREATE FUNCTION pc_time_record_day_apply() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE time_record_day t SET hours = t.hours - o.hours, records = t.records - o.records
    FROM (SELECT company_id, day, project_id, item_id, user_id, sum(hours) AS hours, count(*)::int AS records
          FROM old_rows GROUP BY 1, 2, 3, 4, 5) o
    WHERE t.company_id = o.company_id AND t.day = o.day AND t.project_id = o.project_id
      AND t.item_id IS NOT DISTINCT FROM o.item_id AND t.user_id = o.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO time_record_day (company_id, day, project_id, item_id, user_id, hours, records)
    SELECT company_id, day, project_id, item_id, user_id, sum(hours), count(*)::int FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT time_record_day_key
    DO UPDATE SET hours = time_record_day.hours + excluded.hours, records = time_record_day.records + excluded.records;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM time_record_day t USING (SELECT DISTINCT company_id, day, project_id, item_id, user_id FROM old_rows) o
    WHERE t.records = 0 AND t.company_id = o.company_id AND t.day = o.day AND t.project_id = o.project_id
      AND t.item_id IS NOT DISTINCT FROM o.item_id AND t.user_id = o.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER time_record_day_insert AFTER INSERT ON time_record REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pc_time_record_day_apply();
--> statement-breakpoint
CREATE TRIGGER time_record_day_update AFTER UPDATE ON time_record REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pc_time_record_day_apply();
--> statement-breakpoint
CREATE TRIGGER time_record_day_delete AFTER DELETE ON time_record REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pc_time_record_day_apply();
--> statement-breakpoint
INSERT INTO time_record_day (company_id, day, project_id, item_id, user_id, hours, records)
SELECT company_id, day, project_id, item_id, user_id, sum(hours), count(*)::int FROM time_record GROUP BY 1, 2, 3, 4, 5;
