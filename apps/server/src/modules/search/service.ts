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
  company_name: string;
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
  // The company's name is looked up for the shown rows only: joined before the limit, each of
  // the candidates probed the company index under the policy's list of every visible company.
  const withCompanyName = (shown: SQL) =>
    sql`select r.*, (select c.name from company c where c.id = r.company_id) as company_name from (${shown}) r`;
  const items = (kind: 'items' | 'typos', rank: SQL) =>
    withCompanyName(sql`
      select i.id::text, i.company_id, i.type, i.number, i.name,
             left(i.description, 300) as description, i.status, i.parent_type, i.parent_id::text
      from item i
      where i.id = ${candidates(kind)}
      order by ${rank}, i.updated_at desc, i.id limit ${LIMIT}`);

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
    withCompanyName(sql`
      select a.id::text, a.company_id, 'document' as type, null::int as number, a.file_name as name,
             '' as description, 4 as status, i.type as parent_type, i.id::text as parent_id
      from attachment a left join item i on i.id = a.item_id
      where a.id = ${candidates('files')}
      order by similarity(a.file_name, ${q}) desc, a.created_at desc, a.id limit ${DOCUMENTS}`),
  );
  return [...rows, ...docs].map(
    (r): SearchableItem => ({
      id: r.id,
      companyId: r.company_id,
      companyName: r.company_name,
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
