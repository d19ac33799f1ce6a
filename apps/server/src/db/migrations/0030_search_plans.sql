-- Search candidates (issue 13, docs/decisions/0014, "Fourth round"). One call per search now
-- answers every kind of candidate, `(kind, id)`: 'item' (exact name, number label, name, then
-- description and tags), 'typo' (only when no item was found) and 'file'. Before, the service
-- called the function once for items and once for files, and each call passed the scope's ids
-- again and intersected them with the tenant's: 2–3.5 ms per call for an agency's 1,000
-- companies. The search itself runs as before (migration 0026), with two changes:
--
-- 1. Files are found by each word of the query somewhere in the file name, in any order, instead
--    of the whole query as one substring. A phrase typed with spaces now finds a file whose name
--    joins the words with underscores, and the trigram index no longer hands every such file to a
--    recheck that then drops it (18 → 9 ms for a two-word phrase over 100,000 files).
-- 2. The text-index candidates of a scope of more than 32 companies are joined to the companies by
--    hash. Planned with a LIMIT, PostgreSQL preferred a nested loop over the companies that ran
--    the whole GIN index scan again for each company until the limit was reached: a word in 5 % of
--    a million names took 32 ms over two companies instead of 13 ms, and a word found in few of the
--    companies would have repeated it for each of them. Smaller scopes keep the planner's choice (a
--    single company is best served by its own index ANDed with the text index). Set for those
--    statements alone and back, so that the function's other statements (a file's item, the words
--    of a company) keep their index lookups.
DROP FUNCTION pc_search_candidates(text, text, uuid[], text[], text[], integer, integer);
--> statement-breakpoint
CREATE FUNCTION pc_search_candidates(q text, scope uuid[], types text[], tag_keys text[], lim integer, shown integer)
RETURNS TABLE (kind text, id uuid) LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 200 SET search_path = public AS $fn$
#variable_conflict use_column
DECLARE
  lq text := lower(q);
  escaped text := replace(replace(replace(lower(q), '\', '\\'), '%', '\%'), '_', '\_');
  -- The query's words for file names, LIKE-escaped; at most eight.
  file_words text[] := (SELECT array_agg(x) FROM (SELECT x FROM regexp_split_to_table(btrim(escaped), '\s+') x WHERE x <> '' LIMIT 8) w);
  -- Never widened, not even when the scope is the whole tenant: this function reads past the
  -- policies, so without it the bounded candidates could all be another tenant's rows.
  companies uuid[] := ARRAY(SELECT unnest(scope) INTERSECT SELECT unnest(pc_tenant_ids()));
  -- Text-index candidates of more than 32 companies are joined to them by hash (see above).
  hash_join boolean := cardinality(companies) > 32;
  nestloop text := current_setting('enable_nestloop');
  tags jsonb[];
  words tsquery;
  found integer;
  more integer;
  w text;
  qw text;
  conds text;
BEGIN
  IF cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  PERFORM set_config('enable_nestloop', CASE WHEN hash_join THEN 'off' ELSE nestloop END, true);
  RETURN QUERY EXECUTE $q$
    SELECT 'item'::text, u.id FROM (
      (SELECT i.id FROM item i WHERE lower(i.name) = $1
         AND i.company_id IN (SELECT unnest($3)) AND i.type = ANY ($4) LIMIT $5)
      UNION
      (SELECT i.id FROM item i WHERE lower(i.number_label) LIKE $2 || '%'
         AND i.company_id IN (SELECT unnest($3)) AND i.type = ANY ($4) LIMIT $5)
      UNION
      (SELECT i.id FROM item i WHERE to_tsvector('german', i.name) @@ websearch_to_tsquery('german', $6)
         AND i.company_id IN (SELECT unnest($3)) AND i.type = ANY ($4) LIMIT $5)) u
  $q$ USING lq, escaped, companies, types, lim, q;
  GET DIAGNOSTICS found = ROW_COUNT;
  PERFORM set_config('enable_nestloop', nestloop, true);
  -- When exact, number and name candidates fill the shown results, no description or tag match
  -- (ranked after them) can be among them, and those indexes are not read (migration 0026).
  IF found < shown THEN
    SELECT coalesce(array_agg(jsonb_build_object(k, jsonb_build_array(t.id::text))), '{}') INTO tags
    FROM (SELECT t.id FROM tag t WHERE t.company_id IN (SELECT unnest(companies))
            AND (lower(t.name) = lq OR to_tsvector('german', t.name) @@ websearch_to_tsquery('german', q)) LIMIT 20) t,
         unnest(tag_keys) k;
    PERFORM set_config('enable_nestloop', CASE WHEN hash_join THEN 'off' ELSE nestloop END, true);
    RETURN QUERY EXECUTE $q$
      SELECT 'item'::text, u.id FROM (
        (SELECT i.id FROM item i WHERE i.search @@ websearch_to_tsquery('german', $1)
           AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4)
        UNION
        (SELECT i.id FROM item i WHERE cardinality($5) > 0 AND i.data @> ANY ($5)
           AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4)) u
    $q$ USING q, companies, types, lim, tags;
    GET DIAGNOSTICS more = ROW_COUNT;
    found := found + more;
    PERFORM set_config('enable_nestloop', nestloop, true);
  END IF;
  -- Typos: only when the full text found nothing, the words of the scope's names that resemble
  -- a query word (trigrams over search_term, kept if a company of the scope uses them).
  IF found = 0 THEN
    IF lq !~ '[[:alnum:]]{3}' THEN
      RETURN QUERY EXECUTE $q$
        SELECT 'typo'::text, i.id FROM item i WHERE i.name ILIKE '%' || $1 || '%'
          AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4
      $q$ USING escaped, companies, types, lim;
    ELSE
      FOREACH qw IN ARRAY regexp_split_to_array(lq, '\s+') LOOP
        CONTINUE WHEN length(qw) < 3;
        FOR w IN EXECUTE $q$
          SELECT t.word FROM search_term t
          WHERE ($1 <% t.word OR t.word LIKE $3)
            AND EXISTS (SELECT 1 FROM search_word x WHERE x.word = t.word AND x.company_id = ANY ($2))
          ORDER BY word_similarity($1, t.word) DESC, t.word LIMIT 5
        $q$ USING qw, companies, '%' || replace(replace(replace(qw, '\', '\\'), '%', '\%'), '_', '\_') || '%'
        LOOP
          words := CASE WHEN words IS NULL THEN plainto_tsquery('german', w) ELSE words || plainto_tsquery('german', w) END;
        END LOOP;
      END LOOP;
      IF words IS NOT NULL THEN
        PERFORM set_config('enable_nestloop', CASE WHEN hash_join THEN 'off' ELSE nestloop END, true);
        RETURN QUERY EXECUTE $q$
          SELECT 'typo'::text, i.id FROM item i WHERE to_tsvector('german', i.name) @@ $1
            AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4
        $q$ USING words, companies, types, lim;
        PERFORM set_config('enable_nestloop', nestloop, true);
      END IF;
    END IF;
  END IF;
  -- Files: each word of the query somewhere in the file name, in any order and whatever separates
  -- them there ('Videoüberwachung Eingangsbereich' finds 'Scan_Videoüberwachung_Eingangsbereich.pdf').
  -- One ILIKE per word, so that the trigram index takes them all as index conditions.
  SELECT string_agg(format('a.file_name ILIKE ''%%'' || $1[%s] || ''%%''', n), ' AND ') INTO conds
  FROM generate_series(1, cardinality(file_words)) n;
  IF conds IS NOT NULL THEN
    RETURN QUERY EXECUTE format($q$
      SELECT 'file'::text, a.id FROM attachment a LEFT JOIN item i ON i.id = a.item_id
      WHERE %s AND a.company_id IN (SELECT unnest($2))
        AND (i.type IS NULL OR i.type = ANY ($3))
      LIMIT $4
    $q$, conds) USING file_words, companies, types, lim;
  END IF;
END
$fn$;
