-- Search candidates (issue 13, docs/decisions/0014, "Fourth round"); as in migration 0026 but for two
-- changes.
--
-- 1. Files are found by each word of the query somewhere in the file name, in any order, instead
--    of the whole query as one substring. A phrase typed with spaces now finds a file whose name
--    joins the words with underscores, and the trigram index no longer hands every such file to a
--    recheck that then drops it (29 ms for a two-word phrase over 100,000 files).
-- 2. The text-index candidates of a scope of more than 32 companies are joined to the companies by
--    hash. Planned with a LIMIT, PostgreSQL preferred a nested loop over the companies that ran
--    the whole GIN index scan again for each company until the limit was reached: a word in 5 % of
--    a million names took 31 ms over two companies instead of 7 ms once, and a word found in few
--    of the companies would have repeated it for each of them. Smaller scopes keep the planner's
--    choice (a single company is best served by its own index ANDed with the text index). Set for
--    those statements alone and back, so that the function's other statements (a file's item, the
--    words of a company) keep their index lookups.
CREATE OR REPLACE FUNCTION pc_search_candidates(kind text, q text, scope uuid[], types text[], tag_keys text[], lim integer, shown integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = public AS $fn$
DECLARE
  lq text := lower(q);
  escaped text := replace(replace(replace(lower(q), '\', '\\'), '%', '\%'), '_', '\_');
  -- The query's words for file names, LIKE-escaped; at most eight.
  words_of text[] := (SELECT array_agg(x) FROM (SELECT x FROM regexp_split_to_table(btrim(escaped), '\s+') x WHERE x <> '' LIMIT 8) w);
  -- Never widened, not even when the scope is the whole tenant: this function reads past the
  -- policies, so without it the bounded candidates could all be another tenant's rows.
  companies uuid[] := ARRAY(SELECT unnest(scope) INTERSECT SELECT unnest(pc_tenant_ids()));
  tags jsonb[];
  words tsquery;
  found integer;
  w text;
  qw text;
  conds text;
  -- Text-index candidates of more than 32 companies are joined to them by hash (see above).
  hash_join boolean := cardinality(companies) > 32;
  nestloop text := current_setting('enable_nestloop');
BEGIN
  IF cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  IF kind = 'items' THEN
    IF hash_join THEN
      PERFORM set_config('enable_nestloop', 'off', true);
    END IF;
    RETURN QUERY EXECUTE $q$
      (SELECT i.id FROM item i WHERE lower(i.name) = $1
         AND i.company_id IN (SELECT unnest($3)) AND i.type = ANY ($4) LIMIT $5)
      UNION
      (SELECT i.id FROM item i WHERE lower(i.number_label) LIKE $2 || '%'
         AND i.company_id IN (SELECT unnest($3)) AND i.type = ANY ($4) LIMIT $5)
      UNION
      (SELECT i.id FROM item i WHERE to_tsvector('german', i.name) @@ websearch_to_tsquery('german', $6)
         AND i.company_id IN (SELECT unnest($3)) AND i.type = ANY ($4) LIMIT $5)
    $q$ USING lq, escaped, companies, types, lim, q;
    GET DIAGNOSTICS found = ROW_COUNT;
    PERFORM set_config('enable_nestloop', nestloop, true);
    IF found >= shown THEN
      RETURN;
    END IF;
    SELECT coalesce(array_agg(jsonb_build_object(k, jsonb_build_array(t.id::text))), '{}') INTO tags
    FROM (SELECT t.id FROM tag t WHERE t.company_id IN (SELECT unnest(companies))
            AND (lower(t.name) = lq OR to_tsvector('german', t.name) @@ websearch_to_tsquery('german', q)) LIMIT 20) t,
         unnest(tag_keys) k;
    IF hash_join THEN
      PERFORM set_config('enable_nestloop', 'off', true);
    END IF;
    RETURN QUERY EXECUTE $q$
      (SELECT i.id FROM item i WHERE i.search @@ websearch_to_tsquery('german', $1)
         AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4)
      UNION
      (SELECT i.id FROM item i WHERE cardinality($5) > 0 AND i.data @> ANY ($5)
         AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4)
    $q$ USING q, companies, types, lim, tags;
    PERFORM set_config('enable_nestloop', nestloop, true);
  ELSIF kind = 'typos' THEN
    IF lq !~ '[[:alnum:]]{3}' THEN
      RETURN QUERY EXECUTE $q$
        SELECT i.id FROM item i WHERE i.name ILIKE '%' || $1 || '%'
          AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4
      $q$ USING escaped, companies, types, lim;
      RETURN;
    END IF;
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
    IF words IS NULL THEN
      RETURN;
    END IF;
    IF hash_join THEN
      PERFORM set_config('enable_nestloop', 'off', true);
    END IF;
    RETURN QUERY EXECUTE $q$
      SELECT i.id FROM item i WHERE to_tsvector('german', i.name) @@ $1
        AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4
    $q$ USING words, companies, types, lim;
    PERFORM set_config('enable_nestloop', nestloop, true);
  ELSIF kind = 'files' THEN
    -- Each word of the query somewhere in the file name, in any order and whatever separates them
    -- there ('Videoüberwachung Eingangsbereich' finds 'Scan_Videoüberwachung_Eingangsbereich.pdf').
    -- One ILIKE per word, so that the trigram index takes them all as index conditions.
    SELECT string_agg(format('a.file_name ILIKE ''%%'' || $1[%s] || ''%%''', n), ' AND ') INTO conds
    FROM generate_series(1, cardinality(words_of)) n;
    IF conds IS NULL THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE format($q$
      SELECT a.id FROM attachment a LEFT JOIN item i ON i.id = a.item_id
      WHERE %s AND a.company_id IN (SELECT unnest($2))
        AND (i.type IS NULL OR i.type = ANY ($3))
      LIMIT $4
    $q$, conds) USING words_of, companies, types, lim;
  END IF;
END
$fn$;
