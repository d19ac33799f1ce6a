-- The people a request may see (pc_visible_user_ids: the users of its companies, of their groups
-- and agencies, and those granted its companies) were computed afresh in every transaction. For
-- an agency with 5,000 client companies that is a walk over every company and a hash of them all:
-- about 45 ms on PostgreSQL, paid by every request that reads a person through row-level security
-- (a list with owners). A stored visible set (0071) now carries its people, computed once when
-- the platform stores it; the function reads them from there.
-- They stay right because the set is stored per auth epoch, and every change they depend on moves
-- the epoch: companies, grants, user_company, a user's company or deletion — and from now on a new
-- user, too. Within a transaction that changed people, companies or grants, the function computes
-- again (that transaction's own changes are not in the stored set).
ALTER TABLE tenant_visible_set ADD COLUMN user_ids uuid[];
--> statement-breakpoint
DROP TRIGGER app_user_auth_epoch ON app_user;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER app_user_auth_epoch AFTER INSERT OR DELETE OR UPDATE OF id, company_id ON app_user
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
-- The people visible from the given companies, as the user: for the platform (owner connection)
-- storing a set, and for pc_visible_user_ids. Not for pc_app, which could name any companies.
CREATE FUNCTION pc_visible_users_of(cids uuid[], uid uuid) RETURNS uuid[] LANGUAGE sql STABLE SET search_path = public AS $$
  WITH RECURSIVE up(id) AS (
    SELECT unnest(cids)
    UNION
    SELECT v.x FROM company c JOIN up ON c.id = up.id, LATERAL (VALUES (c.parent_id), (c.agency_id)) v(x) WHERE v.x IS NOT NULL
  )
  SELECT coalesce(array_agg(DISTINCT s.u), '{}') FROM (
    SELECT id AS u FROM app_user WHERE company_id IN (SELECT id FROM up)
    UNION SELECT user_id FROM user_company WHERE company_id IN (SELECT id FROM up)
    -- People of other tenants granted one of the request's own companies.
    UNION SELECT user_id FROM company_grant WHERE company_id = ANY (cids)
    UNION SELECT uid WHERE uid IS NOT NULL
  ) s
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pc_visible_users_of(uuid[], uuid) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pc_forget_visible_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.visible_users_for', '', true), set_config('app.visible_users_changed', 'on', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pc_visible_user_ids() RETURNS uuid[] LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  s text := coalesce(current_setting('app.company_ids', true), '');
  k text := s || ';' || coalesce(current_setting('app.user_id', true), '');
  r uuid[];
BEGIN
  IF current_setting('app.visible_users_for', true) = k THEN
    RETURN current_setting('app.visible_user_ids', true)::uuid[];
  END IF;
  IF left(s, 1) = '#' AND current_setting('app.visible_users_changed', true) IS DISTINCT FROM 'on' THEN
    SELECT t.user_ids INTO r FROM tenant_visible_set t WHERE t.key = substr(s, 2) AND t.user_id = pc_user_id();
    IF r IS NOT NULL THEN
      RETURN r;
    END IF;
  END IF;
  r := pc_visible_users_of(pc_tenant_ids(), pc_user_id());
  PERFORM set_config('app.visible_user_ids', r::text, true), set_config('app.visible_users_for', k, true);
  RETURN r;
END
$$;
--> statement-breakpoint
-- Sets stored before carry no people: a new epoch has every server list and store them again.
UPDATE app_setting SET value = gen_random_uuid()::text WHERE key = 'auth_epoch';
