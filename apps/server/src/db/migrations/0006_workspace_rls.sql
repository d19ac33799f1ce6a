ALTER TABLE appointment ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY appointment_tenant ON appointment USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
