-- Grants across tenants (docs/decisions/0033): a company that lets a person of another tenant act
-- in it (an accepted DPO invitation) decides which roles that person holds there. The person's
-- home roles never apply in the granting company, and the granting company sees, changes and
-- revokes the grant. Until now such a grant was a plain user_company row, which carried the
-- person's home claims into the foreign company.
INSERT INTO role (key, name) VALUES ('external-dpo', 'Externe/r Datenschutzbeauftragte/r') ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
CREATE TABLE company_grant (
  user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES company(id) ON DELETE CASCADE,
  role_ids uuid[] NOT NULL DEFAULT '{}',
  granted_by uuid REFERENCES app_user(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the person's home tenant reset their password or second factor, or changed their
  -- address: the grant holds again only when the granting company resumes it.
  suspended_at timestamptz,
  suspended_reason text,
  PRIMARY KEY (user_id, company_id)
);
--> statement-breakpoint
CREATE INDEX company_grant_company_idx ON company_grant (company_id);
--> statement-breakpoint
ALTER TABLE company_grant ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The granting company reads, changes and ends its grants; the person reads their own. Grants are
-- created only by accepting an invitation (pc_invitation_accept).
CREATE POLICY company_grant_read ON company_grant FOR SELECT
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]) OR user_id = (SELECT pc_user_id()));
--> statement-breakpoint
CREATE POLICY company_grant_update ON company_grant FOR UPDATE
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY company_grant_delete ON company_grant FOR DELETE USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
-- Accepted DPO invitations made plain user_company rows: they become grants with the external
-- DPO role, unless the company belongs to the person's own tenant (their own company or a client
-- of it), where their own roles rightly hold.
INSERT INTO company_grant (user_id, company_id, role_ids, created_at)
SELECT uc.user_id, uc.company_id, ARRAY[(SELECT id FROM role WHERE key = 'external-dpo')], coalesce(i.response_date, now())
  FROM user_company uc
  JOIN app_user u ON u.id = uc.user_id
  JOIN company c ON c.id = uc.company_id
  JOIN LATERAL (SELECT max(response_date) AS response_date FROM invitation
                 WHERE purpose = 'AsDpo' AND status = 'Accepted' AND sender_company_id = uc.company_id
                   AND recipient_user_id = uc.user_id) i ON i.response_date IS NOT NULL
 WHERE c.id <> u.company_id AND c.agency_id IS DISTINCT FROM u.company_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM user_company uc USING company_grant g WHERE g.user_id = uc.user_id AND g.company_id = uc.company_id;
--> statement-breakpoint
ALTER TABLE invitation ADD COLUMN grant_role_ids uuid[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
UPDATE invitation SET grant_role_ids = ARRAY[(SELECT id FROM role WHERE key = 'external-dpo')] WHERE purpose = 'AsDpo';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pc_invitation_accept(invitation_id uuid) RETURNS text LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  i invitation%ROWTYPE;
  me uuid := pc_user_id();
  my_company uuid;
BEGIN
  SELECT * INTO i FROM invitation WHERE id = invitation_id FOR UPDATE;
  IF NOT FOUND OR me IS NULL OR i.status <> 'Pending' OR i.expires_at <= now()
     OR NOT (i.recipient_user_id = me OR lower(i.recipient_email) = pc_user_email()) THEN
    RAISE EXCEPTION 'invitation % cannot be accepted by this user', invitation_id USING ERRCODE = '55000';
  END IF;
  SELECT company_id INTO my_company FROM app_user WHERE id = me;
  IF i.purpose = 'AsDpo' THEN
    UPDATE company SET data_privacy_agent_id = me WHERE id = i.sender_company_id;
    -- The roles the inviting company chose, never the recipient's own.
    INSERT INTO company_grant (user_id, company_id, role_ids, granted_by)
    VALUES (me, i.sender_company_id,
            coalesce(nullif(i.grant_role_ids, '{}'), ARRAY[(SELECT id FROM role WHERE key = 'external-dpo')]), i.sender_user_id)
    ON CONFLICT (user_id, company_id) DO UPDATE
      SET role_ids = excluded.role_ids, granted_by = excluded.granted_by, created_at = now(),
          suspended_at = NULL, suspended_reason = NULL;
  ELSE
    IF my_company = i.sender_company_id THEN
      RAISE EXCEPTION 'a company cannot be its own client' USING ERRCODE = '55000';
    END IF;
    UPDATE company SET agency_id = i.sender_company_id WHERE id = my_company;
  END IF;
  UPDATE invitation SET status = 'Accepted', response_date = now(), recipient_user_id = me, recipient_company_id = my_company
  WHERE id = invitation_id;
  RETURN i.company_name;
END
$$;
--> statement-breakpoint
-- A user's grants in other tenants for the authentication statement, one text so the statement
-- stays one row: per grant "root=claim|claim~id:parent!;id:parent" (the granted company and its
-- descendants through groups; ! marks an inactive company; the root has no parent here, since the
-- grant does not reach above it), grants separated by ",". Suspended grants are left out.
CREATE FUNCTION pc_user_grants(uid uuid) RETURNS text LANGUAGE sql STABLE AS $$
  WITH RECURSIVE g AS (
    SELECT company_id AS root, role_ids FROM company_grant WHERE user_id = uid AND suspended_at IS NULL
  ), t AS (
    SELECT g.root, c.id, NULL::uuid AS parent_id, c.is_active FROM g JOIN company c ON c.id = g.root
    UNION
    SELECT t.root, c.id, c.parent_id, c.is_active FROM t JOIN company c ON c.parent_id = t.id
  )
  SELECT string_agg(x.entry, ',') FROM (
    SELECT g.root::text || '=' ||
           coalesce((SELECT string_agg(DISTINCT rc.claim, '|') FROM role_claim rc
                      WHERE rc.role_id = ANY (g.role_ids) AND rc.claim NOT LIKE 'Platform.%'), '') || '~' ||
           (SELECT string_agg(t.id::text || coalesce(':' || t.parent_id::text, '') || CASE WHEN t.is_active THEN '' ELSE '!' END, ';')
              FROM t WHERE t.root = g.root) AS entry
      FROM g
  ) x
$$;
--> statement-breakpoint
-- The caller's granted companies for the scope dialog (their names are outside the caller's home
-- tenant, which row-level security would hide).
CREATE FUNCTION pc_my_granted_companies() RETURNS TABLE (id uuid, root_id uuid, name text, type text, parent_id uuid, parent_name text,
  is_active boolean, is_demo boolean, created_at timestamptz, logo_hash text, is_responsible_party boolean,
  is_data_processor boolean, is_data_privacy_agency boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH RECURSIVE t AS (
    SELECT g.company_id AS root, g.company_id AS id FROM company_grant g WHERE g.user_id = pc_user_id() AND g.suspended_at IS NULL
    UNION
    SELECT t.root, c.id FROM t JOIN company c ON c.parent_id = t.id
  )
  SELECT DISTINCT ON (c.id) c.id, t.root, c.name, c.type, CASE WHEN c.id = t.root THEN NULL ELSE c.parent_id END,
         CASE WHEN c.id = t.root THEN NULL ELSE p.name END, c.is_active, c.is_demo, c.created_at, c.logo_hash,
         c.is_responsible_party, c.is_data_processor, c.is_data_privacy_agency
    FROM t JOIN company c ON c.id = t.id LEFT JOIN company p ON p.id = c.parent_id
   ORDER BY c.id, (c.id = t.root) DESC
$$;
--> statement-breakpoint
-- The people of other tenants granted one of the request's companies, with what their granting
-- company may know of them: their home company's name and their last sign-in.
CREATE FUNCTION pc_external_people() RETURNS TABLE (user_id uuid, company_id uuid, home_company_name text, last_sign_in timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT g.user_id, g.company_id, hc.name,
         (SELECT max(s.created_at) FROM auth_session s WHERE s.user_id = g.user_id AND NOT s.mfa_pending)
    FROM company_grant g JOIN app_user u ON u.id = g.user_id JOIN company hc ON hc.id = u.company_id
   WHERE g.company_id = ANY (pc_tenant_ids())
$$;
--> statement-breakpoint
-- The name of the caller's own company: a request scoped to a granting company cannot read it.
CREATE FUNCTION pc_own_company_name() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c.name FROM app_user u JOIN company c ON c.id = u.company_id WHERE u.id = pc_user_id()
$$;
--> statement-breakpoint
-- The home tenant's administrator reset the person's password or second factor, or changed their
-- address: every grant of theirs in another tenant is suspended, so the home tenant cannot act
-- as the person there. Only for a user of the request's own companies.
CREATE FUNCTION pc_suspend_foreign_grants(uid uuid, reason text) RETURNS integer LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  n integer;
BEGIN
  IF NOT pc_tenant_user(uid) THEN
    RETURN 0;
  END IF;
  UPDATE company_grant SET suspended_at = now(), suspended_reason = reason WHERE user_id = uid AND suspended_at IS NULL;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$$;
--> statement-breakpoint
-- Whether a user of the request's own companies holds a grant in another tenant (which the home
-- tenant's policies cannot read): their administrator's e-mail change then needs confirmation.
CREATE FUNCTION pc_holds_foreign_grants(uid uuid) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT pc_tenant_user(uid) AND EXISTS (SELECT 1 FROM company_grant WHERE user_id = uid)
$$;
--> statement-breakpoint
-- The granting company ends a grant: the person loses the company at once (the auth epoch moves),
-- their stored scope no longer points into it, and they are no longer its DPO. Only for a company
-- of the request.
CREATE FUNCTION pc_revoke_grant(uid uuid, cid uuid) RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  reach uuid[];
BEGIN
  IF NOT cid = ANY (pc_tenant_ids()) THEN
    RETURN false;
  END IF;
  WITH RECURSIVE t AS (SELECT cid AS id UNION SELECT c.id FROM company c JOIN t ON c.parent_id = t.id)
  SELECT array_agg(id) INTO reach FROM t;
  DELETE FROM company_grant WHERE user_id = uid AND company_id = cid;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE app_user SET scope_company_id = NULL WHERE id = uid AND scope_company_id = ANY (reach);
  UPDATE company SET data_privacy_agent_id = NULL WHERE data_privacy_agent_id = uid AND id = ANY (reach);
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pc_visible_user_ids() RETURNS uuid[] LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  k text := coalesce(current_setting('app.company_ids', true), '') || ';' || coalesce(current_setting('app.user_id', true), '');
  r uuid[];
BEGIN
  IF current_setting('app.visible_users_for', true) = k THEN
    RETURN current_setting('app.visible_user_ids', true)::uuid[];
  END IF;
  WITH RECURSIVE up(id) AS (
    SELECT unnest(pc_tenant_ids())
    UNION
    SELECT v.x FROM company c JOIN up ON c.id = up.id, LATERAL (VALUES (c.parent_id), (c.agency_id)) v(x) WHERE v.x IS NOT NULL
  )
  SELECT coalesce(array_agg(DISTINCT s.u), '{}') INTO r FROM (
    SELECT id AS u FROM app_user WHERE company_id IN (SELECT id FROM up)
    UNION SELECT user_id FROM user_company WHERE company_id IN (SELECT id FROM up)
    -- People of other tenants granted one of the request's own companies.
    UNION SELECT user_id FROM company_grant WHERE company_id = ANY (pc_tenant_ids())
    UNION SELECT pc_user_id() WHERE pc_user_id() IS NOT NULL
  ) s;
  PERFORM set_config('app.visible_user_ids', r::text, true), set_config('app.visible_users_for', k, true);
  RETURN r;
END
$$;
--> statement-breakpoint
CREATE TRIGGER company_grant_forget_visible_users AFTER INSERT OR UPDATE OR DELETE ON company_grant
  FOR EACH STATEMENT EXECUTE FUNCTION pc_forget_visible_users();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER company_grant_auth_epoch AFTER INSERT OR UPDATE OR DELETE ON company_grant
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON company_grant FOR EACH STATEMENT EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
-- Events about a grant belong to the granting company's log as well as the person's home log.
ALTER TABLE security_event ADD COLUMN company_id uuid REFERENCES company(id) ON DELETE SET NULL;
--> statement-breakpoint
DROP POLICY security_event_read ON security_event;
--> statement-breakpoint
CREATE POLICY security_event_read ON security_event FOR SELECT
  USING (pc_tenant_user(user_id) OR company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
DROP POLICY security_event_insert ON security_event;
--> statement-breakpoint
CREATE POLICY security_event_insert ON security_event FOR INSERT
  WITH CHECK ((user_id = pc_user_id() OR pc_tenant_user(user_id) OR company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
              AND (company_id IS NULL OR company_id = ANY ((SELECT pc_tenant_ids())::uuid[])));
