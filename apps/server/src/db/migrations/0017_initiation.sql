CREATE TABLE "initiation" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"is_finished" boolean DEFAULT false NOT NULL,
	"show_reminder" boolean DEFAULT true NOT NULL,
	"dpo_type" text,
	"dpo_email" text DEFAULT '' NOT NULL,
	"process_template_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"processes" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_agreements" text[] DEFAULT '{}'::text[] NOT NULL,
	"websites" text[] DEFAULT '{}'::text[] NOT NULL,
	"clients" text[] DEFAULT '{}'::text[] NOT NULL,
	"create_demo" boolean DEFAULT false NOT NULL,
	"auto_generate_measures" boolean DEFAULT true NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "initiation" ADD CONSTRAINT "initiation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every company has its initiation from the start: a trigger creates it with the company, whoever
-- inserts it (sign-up, administration, a demo company, the seed). It runs as the caller, and the
-- caller's new company is already one of its tenants, so the policy below admits the row.
CREATE FUNCTION initiation_for_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO initiation (company_id) VALUES (NEW.id) ON CONFLICT (company_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER initiation_for_company_trg AFTER INSERT ON company FOR EACH ROW EXECUTE FUNCTION initiation_for_company();
--> statement-breakpoint
-- Companies that exist already are in use: their wizard counts as done. The one exception is the
-- demo data's demo company, which starts unfinished so the wizard can be tried there.
INSERT INTO initiation (company_id, is_finished, show_reminder, finished_at)
  SELECT id, NOT (is_demo AND name = 'Demo Unternehmen GmbH'), true,
         CASE WHEN is_demo AND name = 'Demo Unternehmen GmbH' THEN NULL ELSE now() END
  FROM company
  ON CONFLICT (company_id) DO NOTHING;
--> statement-breakpoint
ALTER TABLE initiation ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY initiation_tenant ON initiation
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON initiation TO pc_app;
