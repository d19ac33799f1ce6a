-- Search at a million items (issue 13, docs/decisions/0014, "Second round"). Distinct words for
-- typos, a bounded GIN pending list, and candidate queries that neither plan nor evaluate the
-- tenant's company list element by element.
CREATE TABLE "search_term" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "search_word_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_term_trgm_idx" ON "search_term" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Words of every tenant's names: only the owner's functions below touch it.
ALTER TABLE "search_term" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON "search_term" FROM pc_app;
--> statement-breakpoint
INSERT INTO search_term (word) SELECT DISTINCT word FROM search_word ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Security definer so that it can write search_term; the rows come from `item` rows the policy
-- has already let in, so their companies are the caller's.
CREATE OR REPLACE FUNCTION pc_search_words_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  WITH w AS (
    SELECT DISTINCT n.company_id, x.lexeme AS word FROM new_items n, unnest(to_tsvector('simple', n.name)) x
    WHERE length(x.lexeme) >= 3
  ), t AS (
    INSERT INTO search_term (word) SELECT DISTINCT word FROM w ON CONFLICT DO NOTHING
  )
  INSERT INTO search_word (company_id, word) SELECT company_id, word FROM w ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- GIN indexes gather new entries in a pending list that every search reads in full until
-- (auto)vacuum or the list's limit merges it; 4 MB by default cost a search up to 10 ms.
ALTER INDEX item_search_idx SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX item_name_search_idx SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX search_term_trgm_idx SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX attachment_file_name_trgm_idx SET (gin_pending_list_limit = 256);
--> statement-breakpoint
DROP FUNCTION pc_search_candidates(text, text, uuid[], text[], text[], integer);
--> statement-breakpoint
-- As in 0013, with three changes:
-- * The company condition is a semi-join on the unnested list (`IN (SELECT unnest($4))`): as
--   `= ANY (array)` the planner estimated it element by element against the statistics in every
--   branch (5 ms of planning for a 1,000-company tenant) and, in index conditions, compared each
--   row with each element.
-- * `shown` results are all the caller lists: when the exact, number and name candidates alone
--   fill them, no description or tag match can rank among them, and those indexes are not read.
-- * Typos match distinct words (search_term), then keep those a company of the scope uses.
CREATE FUNCTION pc_search_candidates(kind text, q text, scope uuid[], types text[], tag_keys text[], lim integer, shown integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = public AS $fn$
DECLARE
  lq text := lower(q);
  escaped text := replace(replace(replace(lower(q), '\', '\\'), '%', '\%'), '_', '\_');
  -- Never widened, not even when the scope is the whole tenant: this function reads past the
  -- policies, so without it the bounded candidates could all be another tenant's rows.
  companies uuid[] := ARRAY(SELECT unnest(scope) INTERSECT SELECT unnest(pc_tenant_ids()));
  tags jsonb[];
  words tsquery;
  found integer;
  w text;
  qw text;
BEGIN
  IF cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  IF kind = 'items' THEN
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
    IF found >= shown THEN
      RETURN;
    END IF;
    SELECT coalesce(array_agg(jsonb_build_object(k, jsonb_build_array(t.id::text))), '{}') INTO tags
    FROM (SELECT t.id FROM tag t WHERE t.company_id IN (SELECT unnest(companies))
            AND (lower(t.name) = lq OR to_tsvector('german', t.name) @@ websearch_to_tsquery('german', q)) LIMIT 20) t,
         unnest(tag_keys) k;
    RETURN QUERY EXECUTE $q$
      (SELECT i.id FROM item i WHERE i.search @@ websearch_to_tsquery('german', $1)
         AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4)
      UNION
      (SELECT i.id FROM item i WHERE cardinality($5) > 0 AND i.data @> ANY ($5)
         AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4)
    $q$ USING q, companies, types, lim, tags;
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
    RETURN QUERY EXECUTE $q$
      SELECT i.id FROM item i WHERE to_tsvector('german', i.name) @@ $1
        AND i.company_id IN (SELECT unnest($2)) AND i.type = ANY ($3) LIMIT $4
    $q$ USING words, companies, types, lim;
  ELSIF kind = 'files' THEN
    RETURN QUERY EXECUTE $q$
      SELECT a.id FROM attachment a LEFT JOIN item i ON i.id = a.item_id
      WHERE a.file_name ILIKE '%' || $1 || '%' AND a.company_id IN (SELECT unnest($2))
        AND (i.type IS NULL OR i.type = ANY ($3))
      LIMIT $4
    $q$ USING escaped, companies, types, lim;
  END IF;
END
$fn$;
