import { itemInputSchema } from '@pc/shared';
import { and, eq, sql } from 'drizzle-orm';
import { company, item } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import { type ItemDeps, insertItems } from '../items/service';
import { measureCatalogue } from './catalogue';

/** Creates the catalogue's measures the company lacks (planned); answers how many. */
export async function addMissingMeasures(d: ItemDeps, ctx: RequestContext, companyId: string): Promise<number> {
  const tx = ctx.db;
  // Row-level security: a company the caller may not see does not exist here.
  const [visible] = await tx.select({ id: company.id }).from(company).where(eq(company.id, companyId));
  if (!visible) throw notFound();
  // Serialise per company so two concurrent calls cannot both create the same measure.
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`measures:${companyId}`}))`);
  const existing = await tx
    .select({ key: sql<string | null>`${item.data}->>'catalogueKey'` })
    .from(item)
    .where(and(eq(item.companyId, companyId), eq(item.type, 'measure')));
  const have = new Set(existing.map((e) => e.key));
  const schema = itemInputSchema('measure');
  const inputs = measureCatalogue
    .filter((m) => !have.has(m.key))
    .map((m) =>
      schema.parse({ name: m.name[ctx.locale], data: { category: m.category, implementation: 'planned', catalogueKey: m.key } }),
    );
  return (await insertItems(d, { ...ctx, scopeCompanyIds: [companyId] }, 'measure', inputs, companyId)).length;
}
