-- The bell's count: the recipient's unread in-app rows, counted up to `cap`. Right after a pass
-- writes many rows the statistics still say the recipient has a handful, and the planner then
-- builds a bitmap of every unread row (15 ms for 300,000) before the limit applies; the embedded
-- database has no autovacuum to correct them at all. Without bitmaps the only plan left is the
-- partial index read in order, which stops at the cap whatever the statistics say (or, when they
-- say nearly every row is this recipient's, a sequential scan that stops as early).
-- Row-level security applies as to any statement of the request (SECURITY INVOKER).
CREATE FUNCTION pc_unread_count(recipient uuid, cap integer) RETURNS integer LANGUAGE sql STABLE
  SET enable_bitmapscan = off AS $$
  SELECT count(*)::int FROM (
    SELECT 1 FROM notification WHERE recipient_id = recipient AND in_app AND read_at IS NULL LIMIT cap
  ) unread
$$;
