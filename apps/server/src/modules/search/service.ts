import { formatItemNumber, type ItemTypeKey, itemTypeDefs, type SearchableItem } from '@pc/shared';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { arrayParam, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { readableItemTypes, typeArray } from '../../platform/item-access';

export type SearchContext = Pick<RequestContext, 'db' | 'scopeCompanyIds' | 'claims'>;

/** Results per answer, and how many candidates each index may hand to the ranking (docs/decisions/0014). */
const LIMIT = 20;
const CANDIDATES = 100;
const DOCUMENTS = 5;

interface Row {
  id: string;
  company_id: string;
  type: string;
  number: number | null;
  name: string;
  description: string;
  status: number;
  parent_type: string | null;
  parent_id: string | null;
}

/** Escapes LIKE wildcards (and the escape character itself, backslash by default in PostgreSQL). */

/** The item data keys that hold tag ids, over every type (tags attach to items through `data`). */
const tagKeys = [
  ...new Set(Object.values(itemTypeDefs).flatMap((d) => d.fields.filter((f) => f.kind === 'tags').map((f) => f.key))),
];

/**
 * Search over the registers the caller may read, in the scope (docs/decisions/0014).
 *
 * Each index hands over at most a bounded number of candidates in whatever order is cheapest
 * (pc_search_candidates, migration 0013) — exact names and number labels (B-tree), names (German
 * full text on the name alone), the whole text (German full text on number, name and
 * description), items carrying a tag of that name — and only those are ranked: exact name or
 * number first, then name matches, then the rest, newer first among equals. A common word
 * therefore costs a few hundred rows, not every match. When the full text finds nothing, the
 * words of the company's names that resemble a query word (trigrams) are searched instead, which
 * tolerates typos. Attachments are found by file name and answer their item as parent.
 */
export async function searchItems(ctx: SearchContext, q: string) {
  const types = readableItemTypes(ctx.claims);
  if (types.length === 0) return [];
  const lq = q.toLowerCase();
  const prefix = `${escapeLike(lq)}%`;
  const query = sql`websearch_to_tsquery('german', ${q})`;
  // Candidate ids from the indexes (migrations 0013, 0026), then read by primary key under the tenant
  // policies. As an array, so that no planner starts from the company side and walks every item.
  const candidates = (kind: 'items' | 'typos' | 'files') =>
    sql`any(array(select pc_search_candidates(${kind}, ${q}, ${arrayParam(ctx.scopeCompanyIds)}::uuid[], ${typeArray(types)}::text[],
                                              ${arrayParam(tagKeys)}::text[], ${CANDIDATES}, ${LIMIT})))`;
  const items = (kind: 'items' | 'typos', rank: SQL) => sql`
      select i.id::text, i.company_id::text, i.type, i.number, i.name,
             left(i.description, 300) as description, i.status, i.parent_type, i.parent_id::text
      from item i
      where i.id = ${candidates(kind)}
      order by ${rank}, i.updated_at desc, i.id limit ${LIMIT}`;

  const tx = ctx.db;
  let rows = await queryRows<Row>(
    tx,
    items(
      'items',
      sql`case when lower(i.name) = ${lq} or lower(i.number_label) = ${lq} then 0
               when to_tsvector('german', i.name) @@ ${query} or lower(i.number_label) like ${prefix} then 1
               else 2 end`,
    ),
  );
  if (rows.length === 0) rows = await queryRows<Row>(tx, items('typos', sql`word_similarity(${q}, i.name) desc`));
  const docs = await queryRows<Row>(
    tx,
    // The item each shown file hangs on is read after the limit: before it, all candidates were.
    sql`
      select a.id::text, a.company_id::text, 'document' as type, null::int as number, a.file_name as name,
             '' as description, 4 as status, i.type as parent_type, i.id::text as parent_id
      from (select a.id, a.company_id, a.file_name, a.item_id, similarity(a.file_name, ${q}) as score, a.created_at
            from attachment a where a.id = ${candidates('files')}
            order by score desc, a.created_at desc, a.id limit ${DOCUMENTS}) a
      left join item i on i.id = a.item_id
      order by a.score desc, a.created_at desc, a.id`,
  );
  const found = [...rows, ...docs];
  // The companies' names in one lookup for all shown rows. Per row (a subquery beside each), every
  // row scanned the company index again under the policy's list of all visible companies: 0.2 ms
  // a row on PGlite for an agency with 1,000 companies.
  const names = new Map(
    found.length === 0
      ? []
      : (
          await queryRows<{ id: string; name: string }>(
            tx,
            sql`select id::text, name from company where id = any(${arrayParam([...new Set(found.map((r) => r.company_id))])}::uuid[])`,
          )
        ).map((c) => [c.id, c.name]),
  );
  return found.map(
    (r): SearchableItem => ({
      id: r.id,
      companyId: r.company_id,
      companyName: names.get(r.company_id) ?? '',
      number: r.number === null ? '' : formatItemNumber(itemTypeDefs[r.type as ItemTypeKey]?.prefix ?? '', Number(r.number)),
      name: r.name,
      description: r.description ?? '',
      type: r.type,
      status: Number(r.status),
      parentType: r.parent_type,
      parentId: r.parent_id,
    }),
  );
}
