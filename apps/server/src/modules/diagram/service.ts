import type { Diagram, DiagramQuery, ItemTypeKey } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { arrayParam, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import { readableItemTypes, typeArray } from '../../platform/item-access';
import { scopeCompanyIds } from '../../platform/tenancy';
import { buildDiagram } from './build';

type DiagramCtx = Pick<RequestContext, 'db' | 'claims' | 'scopeCompanyIds'>;

const agreementTypes: ItemTypeKey[] = [
  'service-agreement-with-provider',
  'service-agreement-with-client',
  'service-agreement-with-shared-responsibility',
];
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * The organisation diagram of a company and its child companies, read in the
 * request's transaction: row-level security limits it to the caller's companies, and each kind of
 * node appears only with the Read claim of its register (companies with Company.Read). A process
 * the caller may not read never turns an agreement into a PSA.
 */
export async function diagramOf(ctx: DiagramCtx, q: DiagramQuery): Promise<Diagram> {
  if (!ctx.scopeCompanyIds.includes(q.companyId)) throw notFound();
  const tree = await queryRows<{ id: string; name: string; parentId: string | null }>(
    ctx.db,
    sql`select id::text as id, name, parent_id::text as "parentId" from company
        where id = any(${arrayParam(ctx.scopeCompanyIds)}::uuid[])`,
  );
  if (!tree.some((c) => c.id === q.companyId)) throw notFound();
  const companyIds = scopeCompanyIds(q.companyId, tree).filter((id) => ctx.scopeCompanyIds.includes(id));
  const byId = new Map(tree.map((c) => [c.id, c]));
  const companies = ctx.claims.has('Company.Read')
    ? companyIds
        .map((id) => byId.get(id)!)
        .sort((a, b) => (a.id === q.companyId ? -1 : b.id === q.companyId ? 1 : a.name.localeCompare(b.name, 'de')))
    : [];

  const readable = readableItemTypes(ctx.claims);
  const types = readable.filter((t) => t === 'organisation-unit' || t === 'process' || agreementTypes.includes(t));
  const items = types.length
    ? await queryRows<{ id: string; type: ItemTypeKey; name: string; companyId: string; links: Record<string, unknown> | null }>(
        ctx.db,
        sql`select id::text as id, type, name, company_id::text as "companyId",
                   case type when 'organisation-unit' then jsonb_build_object('parentUnit', data->'parentUnit', 'processes', data->'processes')
                             when 'process' then jsonb_build_object('processors', data->'processors') end as links
            from item
            where company_id = any(${arrayParam(companyIds)}::uuid[]) and type = any(${typeArray(types)}::text[])
            order by type, number`,
      )
    : [];
  const of = (type: ItemTypeKey) => items.filter((i) => i.type === type);
  return buildDiagram({
    companies,
    units: of('organisation-unit').map((u) => ({
      ...u,
      parentUnit: ids(u.links?.parentUnit)[0] ?? null,
      processes: ids(u.links?.processes),
    })),
    processes: of('process').map((p) => ({ ...p, processors: ids(p.links?.processors) })),
    agreements: items.filter((i) => agreementTypes.includes(i.type)),
  });
}
