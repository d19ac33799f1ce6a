-- Search candidates without parallel workers (issue 13, docs/decisions/0014, "Fifth round"). Each of
-- the function's statements stops at a LIMIT of a few hundred rows. When ANALYZE's sample makes a
-- word in 5 % of a million names look a little rarer, the planner reads its matches from the name
-- index as a bitmap and, for that, starts parallel workers; on two cores, with other requests
-- running, starting and gathering them cost more than they saved: 23–26 ms instead of 16 ms for
-- 'Verträge' (raw p50 38.7 ms in a bench run that drew such a sample). Without workers the plan
-- is the same bitmap read by one process, or the sequential scan that stops at the limit as before.
ALTER FUNCTION pc_search_candidates(text, uuid[], text[], text[], integer, integer) SET max_parallel_workers_per_gather = 0;
