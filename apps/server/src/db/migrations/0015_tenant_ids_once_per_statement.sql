-- Every policy that still calls pc_tenant_ids() per row evaluates it once per statement instead
-- (an init plan), as 0013 did for the tables search reads: the function parses the request's
-- company-id list, and with a thousand visible companies that cost about half a millisecond a
-- row. The expressions are otherwise the same, so the rules and the rows they allow do not change.
DO $$
DECLARE
  p record;
  -- The cast keeps it an array expression: `= ANY ((SELECT …))` alone would compare with rows.
  wrapped constant text := '(SELECT pc_tenant_ids())::uuid[]';
  fix text;
BEGIN
  FOR p IN SELECT schemaname, tablename, policyname, qual, with_check FROM pg_policies WHERE schemaname = 'public' LOOP
    -- Policies already rewritten (0013) are left as they are.
    IF coalesce(p.qual, '') || coalesce(p.with_check, '') NOT LIKE '%pc_tenant_ids()%'
       OR coalesce(p.qual, '') || coalesce(p.with_check, '') LIKE '%SELECT pc_tenant_ids()%' THEN
      CONTINUE;
    END IF;
    IF p.qual IS NOT NULL THEN
      fix := replace(p.qual, 'pc_tenant_ids()', wrapped);
      IF fix <> p.qual THEN
        EXECUTE format('ALTER POLICY %I ON %I.%I USING (%s)', p.policyname, p.schemaname, p.tablename, fix);
      END IF;
    END IF;
    IF p.with_check IS NOT NULL THEN
      fix := replace(p.with_check, 'pc_tenant_ids()', wrapped);
      IF fix <> p.with_check THEN
        EXECUTE format('ALTER POLICY %I ON %I.%I WITH CHECK (%s)', p.policyname, p.schemaname, p.tablename, fix);
      END IF;
    END IF;
  END LOOP;
END
$$;
