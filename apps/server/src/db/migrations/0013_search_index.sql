-- Search (docs/decisions/0014): indexes that hand the ranking a bounded set of candidates — the
-- name alone in German full text, the exact name, the number-label prefix, file names by
-- trigram — and the words of item names per company, for typos.
CREATE TABLE "search_word" (
	"company_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_word_word_company_id_pk" PRIMARY KEY("word","company_id")
);
--> statement-breakpoint
ALTER TABLE "search_word" ADD CONSTRAINT "search_word_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "attachment_file_name_trgm_idx" ON "attachment" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_name_search_idx" ON "item" USING gin (to_tsvector('german'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "item_name_lower_idx" ON "item" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "item_number_label_idx" ON "item" USING btree (lower("number_label") text_pattern_ops);
--> statement-breakpoint
ALTER TABLE search_word ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY search_word_tenant ON search_word USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
-- The words of new and renamed items join their company's word list (never removed: a word
-- left over only makes a typo lead to a search that finds nothing). One insert per statement.
CREATE FUNCTION pc_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_word (company_id, word)
  SELECT DISTINCT n.company_id, w.lexeme FROM new_items n, unnest(to_tsvector('simple', n.name)) w
  WHERE length(w.lexeme) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_search_words_insert AFTER INSERT ON item REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pc_search_words_add();
--> statement-breakpoint
CREATE TRIGGER item_search_words_update AFTER UPDATE ON item REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pc_search_words_add();
--> statement-breakpoint
INSERT INTO search_word (company_id, word)
SELECT DISTINCT i.company_id, w.lexeme FROM item i, unnest(to_tsvector('simple', i.name)) w WHERE length(w.lexeme) >= 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Candidates for search, at most `lim` per index, only of the caller's companies (pc_tenant_ids)
-- within `scope` and of the given types. Security definer because row-level security keeps
-- every non-leakproof condition (@@, lower(), LIKE, trigram operators) out of index scans: under
-- the policy a text condition can only filter the rows of a company index, which is a full scan
-- for a large tenant. The function applies the tenant check itself, and the caller joins the ids
-- back to `item` and `attachment` under their policies. Each statement is planned with the
-- actual values (EXECUTE), so the planner picks the text or the company index by selectivity.
--   items: exact name, number-label prefix, German full text on the name and on the whole text,
--          items that carry a tag of that name;
--   typos: names holding a word of the company word lists that resembles or contains a query
--          word (a query without a 3-character word: names containing it literally);
--   files: attachments whose file name contains the query.
CREATE FUNCTION pc_search_candidates(kind text, q text, scope uuid[], types text[], tag_keys text[], lim integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = public AS $fn$
DECLARE
  lq text := lower(q);
  escaped text := replace(replace(replace(lower(q), '\', '\\'), '%', '\%'), '_', '\_');
  tenant uuid[] := pc_tenant_ids();
  companies uuid[] := ARRAY(SELECT unnest(scope) INTERSECT SELECT unnest(tenant));
  tags jsonb[];
  words tsquery;
  w text;
  qw text;
BEGIN
  -- Never dropped, not even when the scope is the whole tenant: this function reads past the
  -- policies, so without it the bounded candidates could all be another tenant's rows.
  IF kind = 'items' THEN
    SELECT coalesce(array_agg(jsonb_build_object(k, jsonb_build_array(t.id::text))), '{}') INTO tags
    FROM (SELECT t.id FROM tag t WHERE t.company_id = ANY (coalesce(companies, tenant))
            AND (lower(t.name) = lq OR to_tsvector('german', t.name) @@ websearch_to_tsquery('german', q)) LIMIT 20) t,
         unnest(tag_keys) k;
    RETURN QUERY EXECUTE $q$
      (SELECT i.id FROM item i WHERE lower(i.name) = $2
         AND ($4 IS NULL OR i.company_id = ANY ($4)) AND i.type = ANY ($5) LIMIT $6)
      UNION
      (SELECT i.id FROM item i WHERE lower(i.number_label) LIKE $3 || '%'
         AND ($4 IS NULL OR i.company_id = ANY ($4)) AND i.type = ANY ($5) LIMIT $6)
      UNION
      (SELECT i.id FROM item i WHERE to_tsvector('german', i.name) @@ websearch_to_tsquery('german', $1)
         AND ($4 IS NULL OR i.company_id = ANY ($4)) AND i.type = ANY ($5) LIMIT $6)
      UNION
      (SELECT i.id FROM item i WHERE i.search @@ websearch_to_tsquery('german', $1)
         AND ($4 IS NULL OR i.company_id = ANY ($4)) AND i.type = ANY ($5) LIMIT $6)
      UNION
      (SELECT i.id FROM item i WHERE cardinality($7) > 0 AND i.data @> ANY ($7)
         AND ($4 IS NULL OR i.company_id = ANY ($4)) AND i.type = ANY ($5) LIMIT $6)
    $q$ USING q, lq, escaped, companies, types, lim, tags;
  ELSIF kind = 'typos' THEN
    IF lq !~ '[[:alnum:]]{3}' THEN
      RETURN QUERY EXECUTE $q$
        SELECT i.id FROM item i WHERE i.name ILIKE '%' || $1 || '%'
          AND ($2 IS NULL OR i.company_id = ANY ($2)) AND i.type = ANY ($3) LIMIT $4
      $q$ USING escaped, companies, types, lim;
      RETURN;
    END IF;
    -- Words resembling or containing a query word, over every company (trigram index), then kept
    -- only if one of the caller's companies uses them (primary key): the duplicates of a word in a
    -- thousand companies are never compared one by one against the scope.
    FOREACH qw IN ARRAY regexp_split_to_array(lq, '\s+') LOOP
      CONTINUE WHEN length(qw) < 3;
      FOR w IN EXECUTE $q$
        SELECT c.word FROM (SELECT DISTINCT s.word FROM search_word s WHERE $1 <% s.word OR s.word LIKE $3) c
        WHERE EXISTS (SELECT 1 FROM search_word x WHERE x.word = c.word AND x.company_id = ANY ($2))
        ORDER BY word_similarity($1, c.word) DESC, c.word LIMIT 5
      $q$ USING qw, coalesce(companies, tenant), '%' || replace(replace(replace(qw, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      LOOP
        words := CASE WHEN words IS NULL THEN plainto_tsquery('german', w) ELSE words || plainto_tsquery('german', w) END;
      END LOOP;
    END LOOP;
    IF words IS NULL THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE $q$
      SELECT i.id FROM item i WHERE to_tsvector('german', i.name) @@ $1
        AND ($2 IS NULL OR i.company_id = ANY ($2)) AND i.type = ANY ($3) LIMIT $4
    $q$ USING words, companies, types, lim;
  ELSIF kind = 'files' THEN
    RETURN QUERY EXECUTE $q$
      SELECT a.id FROM attachment a LEFT JOIN item i ON i.id = a.item_id
      WHERE a.file_name ILIKE '%' || $1 || '%' AND ($2 IS NULL OR a.company_id = ANY ($2))
        AND (i.type IS NULL OR i.type = ANY ($3))
      LIMIT $4
    $q$ USING escaped, companies, types, lim;
  END IF;
END
$fn$;
--> statement-breakpoint
-- The tenant check of the tables search reads evaluates pc_tenant_ids() once per statement (an
-- init plan) instead of once per row: with a thousand visible companies, parsing the id list for
-- every row cost about half a millisecond a row. Same rule as before, same rows.
ALTER POLICY item_tenant ON item USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER POLICY tag_tenant ON tag USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER POLICY attachment_tenant ON attachment USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER POLICY company_read ON company USING (id = ANY ((SELECT pc_tenant_ids())::uuid[]));
