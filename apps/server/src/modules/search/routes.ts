import { formatItemNumber, type ItemTypeKey, itemTypeDefs, searchableItemSchema, text } from '@pc/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { ctxOf } from '../../platform/auth/plugin';
import { readableItemTypes, typeArray } from '../../platform/item-access';

const LIMIT = 20;

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

/**
 * Full-text search in German (stemming: "Verträge" finds "Vertrag"), ranked; when that finds
 * nothing, a trigram similarity search tolerates typos. Only the types the caller may read, only
 * in the scope. Attachments are found by file name and answer their item as parent.
 */
export async function search(ctx: Pick<RequestContext, 'db' | 'scopeCompanyIds' | 'claims'>, q: string) {
  const types = readableItemTypes(ctx.claims);
  if (types.length === 0) return [];
  const scope = uuidArray(ctx.scopeCompanyIds);
  const typeList = typeArray(types);
  // Every ilike gets the escaped text: a bare % or _ in the query would match any label.
  const like = `%${escapeLike(q)}%`;
  const tx = ctx.db;
  const select = sql`select i.id::text, i.company_id::text, c.name as company_name, i.type, i.number, i.name, left(i.description, 300) as description,
                            i.status, i.parent_type, i.parent_id::text`;
  let rows = await queryRows<Row>(
    tx,
    sql`${select}
        from item i join company c on c.id = i.company_id, websearch_to_tsquery('german', ${q}) query
        where i.company_id = any(${scope}::uuid[]) and i.type = any(${typeList}::text[]) and i.search @@ query
        order by ts_rank(i.search, query) desc, i.updated_at desc limit ${LIMIT}`,
  );
  if (rows.length === 0) {
    rows = await queryRows<Row>(
      tx,
      sql`${select}
          from item i join company c on c.id = i.company_id
          where i.company_id = any(${scope}::uuid[]) and i.type = any(${typeList}::text[])
            and (i.name % ${q} or i.name ilike ${like} or i.number_label ilike ${like})
          order by similarity(i.name, ${q}) desc limit ${LIMIT}`,
    );
  }
  const docs = await queryRows<Row>(
    tx,
    sql`select a.id::text, a.company_id::text, c.name as company_name, 'document' as type, null::int as number, a.file_name as name,
               '' as description, 4 as status, i.type as parent_type, i.id::text as parent_id
        from attachment a join company c on c.id = a.company_id left join item i on i.id = a.item_id
        where a.company_id = any(${scope}::uuid[]) and (i.type is null or i.type = any(${typeList}::text[]))
          and (a.file_name ilike ${like} or a.file_name % ${q})
        order by similarity(a.file_name, ${q}) desc limit 5`,
  );
  return [...rows, ...docs].map((r) => ({
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
  }));
}

export function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/searchable-item/search/:query',
    {
      schema: {
        tags: ['search'],
        params: z.object({ query: text.trim().min(1, 'validation.required').max(200, 'validation.tooLong') }),
        response: { 200: z.array(searchableItemSchema) },
      },
    },
    async (req) => search(ctxOf(req), req.params.query),
  );
}
