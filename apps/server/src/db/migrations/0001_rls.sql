-- Row-level security backs the service-level tenant checks: request work runs as the
-- non-login role pc_app with the visible company ids in the transaction-local setting
-- app.company_ids, so a forgotten WHERE cannot return another tenant's rows.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pc_app') THEN
    CREATE ROLE pc_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database on the same cluster created it concurrently
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO pc_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pc_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pc_app;
--> statement-breakpoint
CREATE FUNCTION pc_tenant_ids() RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_to_array(nullif(current_setting('app.company_ids', true), ''), ',')::uuid[], '{}'::uuid[])
$$;
--> statement-breakpoint
ALTER TABLE company ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_tenant ON company USING (id = ANY (pc_tenant_ids())) WITH CHECK (id = ANY (pc_tenant_ids()));
