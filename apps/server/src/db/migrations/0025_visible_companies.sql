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
