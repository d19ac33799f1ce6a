-- Custom SQL migration (issue 13, docs/decisions/0027): the companies a user may see, in one
-- statement. The same expansion as before (own company and grants, then children of groups and
-- clients of agencies, transitively), level by level with the whole frontier as one array, but
-- inside the database: the platform used to send one statement per level on every request.
-- Not security definer: the owner connection calls it; under pc_app row-level security would
-- only ever narrow it. Not for pc_app, which has no use for it.
CREATE FUNCTION pc_visible_companies(uid uuid) RETURNS TABLE (id uuid, parent_id uuid, is_active boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  seen uuid[] := '{}';
  frontier uuid[];
BEGIN
  SELECT array_agg(c.id) INTO frontier FROM company c
   WHERE c.id IN (SELECT u.company_id FROM app_user u WHERE u.id = uid
                  UNION SELECT g.company_id FROM user_company g WHERE g.user_id = uid);
  WHILE frontier IS NOT NULL LOOP
    seen := seen || frontier;
    -- EXCEPT is hashed: "not c.id = any(seen)" compared every row with every seen id.
    SELECT array_agg(n.id) INTO frontier FROM (
      SELECT c.id FROM company c WHERE c.parent_id = ANY (frontier) OR c.agency_id = ANY (frontier)
      EXCEPT SELECT unnest(seen)
    ) n;
  END LOOP;
  RETURN QUERY SELECT c.id, c.parent_id, c.is_active FROM company c WHERE c.id = ANY (seen);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pc_visible_companies(uuid) FROM PUBLIC;
--> statement-breakpoint
-- The users a request may read (app_user_read, 0012), computed once per transaction instead of
-- once per reference to app_user in every statement: for an agency it walks all its companies
-- upwards, and a list joining owner and assignee ran it twice per statement. The cache is keyed
-- by the tenant and user settings (a changed app.company_ids recomputes it) and dropped by any
-- write to the tables it reads (triggers below), so a request that creates a user or a grant
-- sees the result in its next statement. Changes other transactions commit while a request runs
-- show from its next request on, as if the request had started a moment earlier.
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
    UNION SELECT pc_user_id() WHERE pc_user_id() IS NOT NULL
  ) s;
  PERFORM set_config('app.visible_user_ids', r::text, true), set_config('app.visible_users_for', k, true);
  RETURN r;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pc_forget_visible_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.visible_users_for', '', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER app_user_forget_visible_users AFTER INSERT OR UPDATE OR DELETE ON app_user
  FOR EACH STATEMENT EXECUTE FUNCTION pc_forget_visible_users();
--> statement-breakpoint
CREATE TRIGGER user_company_forget_visible_users AFTER INSERT OR UPDATE OR DELETE ON user_company
  FOR EACH STATEMENT EXECUTE FUNCTION pc_forget_visible_users();
--> statement-breakpoint
CREATE TRIGGER company_forget_visible_users AFTER INSERT OR UPDATE OR DELETE ON company
  FOR EACH STATEMENT EXECUTE FUNCTION pc_forget_visible_users();
