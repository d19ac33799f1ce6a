-- Tenancy by construction (docs/decisions/0011): every request runs as pc_app with app.user_id
-- and app.company_ids set, and every table that holds a company's data answers only rows of
-- those companies. This migration covers the identity tables that 0001–0006 left to the
-- services, narrows what pc_app may touch of the installation-wide tables, and tightens the
-- company policy so a tenant cannot hang a new company under someone else's group or agency.
CREATE FUNCTION pc_user_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.user_id', true), '')::uuid
$$;
--> statement-breakpoint
-- Users who look after one of the tenant's companies: its own users, users granted one of them,
-- and the users of the groups and agencies above them (who see it too); and the caller. Security
-- definer, so the lookup runs without the caller's policies (no recursion through app_user).
CREATE FUNCTION pc_visible_user_ids() RETURNS uuid[] LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH RECURSIVE up(id) AS (
    SELECT unnest(pc_tenant_ids())
    UNION
    SELECT v.x FROM company c JOIN up ON c.id = up.id, LATERAL (VALUES (c.parent_id), (c.agency_id)) v(x) WHERE v.x IS NOT NULL
  )
  SELECT coalesce(array_agg(DISTINCT s.u), '{}') FROM (
    SELECT id AS u FROM app_user WHERE company_id IN (SELECT id FROM up)
    UNION SELECT user_id FROM user_company WHERE company_id IN (SELECT id FROM up)
    UNION SELECT pc_user_id() WHERE pc_user_id() IS NOT NULL
  ) s
$$;
--> statement-breakpoint
-- A user of one of the tenant's own companies (administration acts on these only).
CREATE FUNCTION pc_tenant_user(uid uuid) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM app_user WHERE id = uid AND company_id = ANY (pc_tenant_ids()))
$$;
--> statement-breakpoint
DROP POLICY company_tenant ON company;
--> statement-breakpoint
CREATE POLICY company_read ON company FOR SELECT USING (id = ANY (pc_tenant_ids()));
--> statement-breakpoint
CREATE POLICY company_insert ON company FOR INSERT WITH CHECK (
  id = ANY (pc_tenant_ids())
  AND (parent_id IS NULL OR parent_id = ANY (pc_tenant_ids()))
  AND (agency_id IS NULL OR agency_id = ANY (pc_tenant_ids())));
--> statement-breakpoint
CREATE POLICY company_update ON company FOR UPDATE USING (id = ANY (pc_tenant_ids())) WITH CHECK (id = ANY (pc_tenant_ids()));
--> statement-breakpoint
CREATE POLICY company_delete ON company FOR DELETE USING (id = ANY (pc_tenant_ids()));
--> statement-breakpoint
ALTER TABLE app_user ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY app_user_read ON app_user FOR SELECT USING (id = ANY ((SELECT pc_visible_user_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY app_user_insert ON app_user FOR INSERT WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
CREATE POLICY app_user_update ON app_user FOR UPDATE
  USING (company_id = ANY (pc_tenant_ids()) OR id = pc_user_id())
  WITH CHECK (company_id = ANY (pc_tenant_ids()) OR id = pc_user_id());
--> statement-breakpoint
CREATE POLICY app_user_delete ON app_user FOR DELETE USING (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
ALTER TABLE user_company ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_company_read ON user_company FOR SELECT USING (company_id = ANY (pc_tenant_ids()) OR user_id = pc_user_id());
--> statement-breakpoint
CREATE POLICY user_company_write ON user_company FOR ALL
  USING (company_id = ANY (pc_tenant_ids()) AND pc_tenant_user(user_id))
  WITH CHECK (company_id = ANY (pc_tenant_ids()) AND pc_tenant_user(user_id));
--> statement-breakpoint
ALTER TABLE role ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY role_read ON role FOR SELECT USING (company_id IS NULL OR company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
CREATE POLICY role_write ON role FOR ALL USING (company_id = ANY (pc_tenant_ids())) WITH CHECK (company_id = ANY (pc_tenant_ids()));
--> statement-breakpoint
ALTER TABLE role_claim ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY role_claim_read ON role_claim FOR SELECT USING (EXISTS (SELECT 1 FROM role r WHERE r.id = role_id));
--> statement-breakpoint
CREATE POLICY role_claim_write ON role_claim FOR ALL
  USING (EXISTS (SELECT 1 FROM role r WHERE r.id = role_id AND r.company_id = ANY (pc_tenant_ids())))
  WITH CHECK (EXISTS (SELECT 1 FROM role r WHERE r.id = role_id AND r.company_id = ANY (pc_tenant_ids())) AND claim NOT LIKE 'Platform.%');
--> statement-breakpoint
ALTER TABLE user_role ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_role_read ON user_role FOR SELECT USING (user_id = ANY ((SELECT pc_visible_user_ids())::uuid[]));
--> statement-breakpoint
-- The installation-wide roles that hold operator claims are never handed out by a tenant.
CREATE POLICY user_role_write ON user_role FOR ALL
  USING (pc_tenant_user(user_id))
  WITH CHECK (
    pc_tenant_user(user_id)
    AND EXISTS (SELECT 1 FROM role r WHERE r.id = role_id)
    AND NOT EXISTS (SELECT 1 FROM role_claim rc WHERE rc.role_id = user_role.role_id AND rc.claim LIKE 'Platform.%'));
--> statement-breakpoint
ALTER TABLE security_event ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY security_event_read ON security_event FOR SELECT USING (pc_tenant_user(user_id));
--> statement-breakpoint
CREATE POLICY security_event_insert ON security_event FOR INSERT WITH CHECK (user_id = pc_user_id() OR pc_tenant_user(user_id));
--> statement-breakpoint
ALTER TABLE user_setting ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_setting_own ON user_setting FOR ALL USING (user_id = pc_user_id()) WITH CHECK (user_id = pc_user_id());
--> statement-breakpoint
ALTER TABLE terms_of_use_agreement ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY terms_of_use_agreement_own ON terms_of_use_agreement FOR ALL USING (user_id = pc_user_id()) WITH CHECK (user_id = pc_user_id());
--> statement-breakpoint
ALTER TABLE recovery_code ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY recovery_code_own ON recovery_code FOR ALL
  USING (user_id = pc_user_id() OR pc_tenant_user(user_id)) WITH CHECK (user_id = pc_user_id() OR pc_tenant_user(user_id));
--> statement-breakpoint
ALTER TABLE auth_session ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY auth_session_own ON auth_session FOR ALL
  USING (user_id = pc_user_id() OR pc_tenant_user(user_id)) WITH CHECK (user_id = pc_user_id() OR pc_tenant_user(user_id));
--> statement-breakpoint
ALTER TABLE password_reset_token ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY password_reset_token_own ON password_reset_token FOR ALL
  USING (user_id = pc_user_id() OR pc_tenant_user(user_id)) WITH CHECK (user_id = pc_user_id() OR pc_tenant_user(user_id));
--> statement-breakpoint
ALTER TABLE mail_opt_out ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The mailer checks any recipient's opt-out; a user changes only their own.
CREATE POLICY mail_opt_out_read ON mail_opt_out FOR SELECT USING (true);
--> statement-breakpoint
CREATE POLICY mail_opt_out_own ON mail_opt_out FOR ALL
  USING (lower(email) = (SELECT lower(u.email) FROM app_user u WHERE u.id = pc_user_id()))
  WITH CHECK (lower(email) = (SELECT lower(u.email) FROM app_user u WHERE u.id = pc_user_id()));
--> statement-breakpoint
-- Request code queues mails but never reads the outbox (reset links live there); tokens and the
-- signing secret are the owner's alone; help and terms of use are the operator's.
REVOKE SELECT, UPDATE, DELETE ON mail_outbox FROM pc_app;
--> statement-breakpoint
REVOKE ALL ON refresh_token, app_setting FROM pc_app;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON terms_of_use, help_content FROM pc_app;
