import type { TextModule } from '@pc/shared';
import { and, asc, eq } from 'drizzle-orm';
import { textModule } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { notFound, validationFailed } from '../../platform/errors';
import { inScope } from '../../platform/tenancy';
import { textModuleRights } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'claims' | 'companyId' | 'scopeCompanyId' | 'scopeCompanyIds'>;

const columns = { id: textModule.id, name: textModule.name, companyId: textModule.companyId, version: textModule.version };
const toDto = (ctx: Ctx, r: { id: number; name: string; companyId: string; version: number }): TextModule => ({
  ...r,
  rights: textModuleRights(ctx.claims),
});
const scoped = (ctx: Ctx) => inScope(textModule.companyId, ctx.scopeCompanyIds);

/** The text modules of the scope, offered by the text-module select. */
export async function listTextModules(ctx: Ctx) {
  const rows = await ctx.db.select(columns).from(textModule).where(scoped(ctx)).orderBy(asc(textModule.name));
  return rows.map((r) => toDto(ctx, r));
}

export async function createTextModule(ctx: Ctx, input: { name: string; companyId?: string }) {
  const companyId = input.companyId ?? ctx.scopeCompanyId ?? ctx.companyId;
  if (!ctx.scopeCompanyIds.includes(companyId)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
  const [row] = await ctx.db.insert(textModule).values({ companyId, name: input.name }).returning(columns);
  return toDto(ctx, row!);
}

export async function updateTextModule(ctx: Ctx, id: number, input: { name: string }) {
  const [row] = await ctx.db
    .update(textModule)
    .set({ name: input.name })
    .where(and(eq(textModule.id, id), scoped(ctx)))
    .returning(columns);
  if (!row) throw notFound();
  return toDto(ctx, row);
}

export async function deleteTextModule(ctx: Ctx, id: number) {
  const rows = await ctx.db
    .delete(textModule)
    .where(and(eq(textModule.id, id), scoped(ctx)))
    .returning({ id: textModule.id });
  if (!rows.length) throw notFound();
}
