import { formatItemNumber, type ItemTypeKey, itemTypeDefs, type SearchableItem } from '@pc/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/types';
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

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Escapes LIKE wildcards (and the escape character itself, backslash by default in PostgreSQL). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The item data keys that hold tag ids, over every type (tags attach to items through `data`). */
const tagKeys = [
  ...new Set(Object.values(itemTypeDefs).flatMap((d) => d.fields.filter((f) => f.kind === 'tags').map((f) => f.key))),
];

/**
 * Search over the registers the caller may read, in the scope (docs/decisions/0014).
 *
 * Each index hands over at most a bounded number of candidates in whatever order is cheapest —
 * exact names and number labels (B-tree), names (German full text on the name alone), the whole
 * text (German full text on number, name and description), tags (full text on the tag's name,
 * then the items that carry it) — and only those are ranked: exact name or number first, then
 * name matches, then the rest, newer first among equals. A common word therefore costs a few
 * hundred rows, not every match. When the full text finds nothing, a trigram search on names
 * tolerates typos. Attachments are found by file name and answer their item as parent.
 */
export async function searchItems(ctx: SearchContext, q: string) {
  const types = readableItemTypes(ctx.claims);
  if (types.length === 0) return [];
  const lq = q.toLowerCase();
  const scope = sql`${uuidArray(ctx.scopeCompanyIds)}::uuid[]`;
  const typeList = sql`${typeArray(types)}::text[]`;
  const inScope = (alias: string) =>
    sql`${sql.raw(alias)}.company_id = any(${scope}) and ${sql.raw(alias)}.type = any(${typeList})`;
  // Every like gets the escaped text: a bare % or _ in the query would match any label.
  const contains = `%${escapeLike(q)}%`;
  const prefix = `${escapeLike(lq)}%`;
  const query = sql`websearch_to_tsquery('german', ${q})`;
  const select = (candidates: SQL, rank: SQL) => sql`
    with cand as (${candidates})
    select i.id::text, i.company_id::text, c.name as company_name, i.type, i.number, i.name,
           left(i.description, 300) as description, i.status, i.parent_type, i.parent_id::text
    from cand join item i on i.id = cand.id join company c on c.id = i.company_id
    order by ${rank}, i.updated_at desc, i.id limit ${LIMIT}`;

  const tagMatch = sql.join(
    tagKeys.map((k) => sql`i.data @> jsonb_build_object(${k}::text, jsonb_build_array(t.id::text))`),
    sql` or `,
  );
  const tx = ctx.db;
  let rows = await queryRows<Row>(
    tx,
    select(
      sql`(select i.id from item i where lower(i.name) = ${lq} and ${inScope('i')} limit ${LIMIT})
          union
          (select i.id from item i where lower(i.number_label) like ${prefix} and ${inScope('i')} limit ${LIMIT})
          union
          (select i.id from item i where to_tsvector('german', i.name) @@ ${query} and ${inScope('i')} limit ${CANDIDATES})
          union
          (select i.id from item i where i.search @@ ${query} and ${inScope('i')} limit ${CANDIDATES})
          union
          (select i.id from tag t join item i on i.company_id = t.company_id and (${tagMatch})
           where t.company_id = any(${scope}) and (lower(t.name) = ${lq} or to_tsvector('german', t.name) @@ ${query})
             and ${inScope('i')} limit ${CANDIDATES})`,
      sql`case when lower(i.name) = ${lq} or lower(i.number_label) = ${lq} then 0
               when to_tsvector('german', i.name) @@ ${query} or lower(i.number_label) like ${prefix} then 1
               else 2 end`,
    ),
  );
  if (rows.length === 0) {
    rows = await queryRows<Row>(
      tx,
      select(
        sql`(select i.id from item i where ${q} <% i.name and ${inScope('i')} limit ${CANDIDATES})
            union
            (select i.id from item i where (i.name ilike ${contains} or i.number_label ilike ${contains}) and ${inScope('i')}
             limit ${CANDIDATES})`,
        sql`word_similarity(${q}, i.name) desc`,
      ),
    );
  }
  const docs = await queryRows<Row>(
    tx,
    sql`with cand as (
          select a.id from attachment a left join item i on i.id = a.item_id
          where a.company_id = any(${scope}) and (i.type is null or i.type = any(${typeList}))
            and (a.file_name ilike ${contains} or a.file_name % ${q})
          limit ${CANDIDATES})
        select a.id::text, a.company_id::text, c.name as company_name, 'document' as type, null::int as number, a.file_name as name,
               '' as description, 4 as status, i.type as parent_type, i.id::text as parent_id
        from cand join attachment a on a.id = cand.id join company c on c.id = a.company_id left join item i on i.id = a.item_id
        order by similarity(a.file_name, ${q}) desc, a.created_at desc, a.id limit ${DOCUMENTS}`,
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
