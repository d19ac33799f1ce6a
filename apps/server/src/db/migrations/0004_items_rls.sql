-- Tenant-owned item tables answer only rows of the companies in app.company_ids (see 0001).
ALTER TABLE item ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_tenant ON item USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
ALTER TABLE item_counter ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_counter_tenant ON item_counter USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
ALTER TABLE item_history ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_history_tenant ON item_history USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
ALTER TABLE tag ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tag_tenant ON tag USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
ALTER TABLE attachment ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attachment_tenant ON attachment USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
ALTER TABLE text_module ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY text_module_tenant ON text_module USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO pc_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO pc_app;
