import type { Tag, TagType } from '@pc/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { company, tag } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { inScope } from '../../platform/tenancy';
import { tagRights } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'claims' | 'companyId' | 'scopeCompanyId' | 'scopeCompanyIds'>;

// Qualified by hand: Drizzle renders columns unqualified in a select list, and inside this
// subquery an unqualified "id" would mean the item's.
const usage = sql<number>`(select count(*)::int from item i where i.company_id = "tag"."company_id"
  and exists (select 1 from jsonb_each(i.data) e where jsonb_typeof(e.value) = 'array' and e.value ? "tag"."id"::text))`;

export async function listTags(ctx: Ctx, type: TagType): Promise<Tag[]> {
  const tx = ctx.db;
  const rows = await tx
    .select({ tag, companyName: company.name, usage })
    .from(tag)
    .innerJoin(company, eq(company.id, tag.companyId))
    .where(and(eq(tag.type, type), inScope(tag.companyId, ctx.scopeCompanyIds)))
    .orderBy(asc(sql`lower(${tag.name})`));
  return rows.map((r) => ({
    id: r.tag.id,
    type: r.tag.type,
    name: r.tag.name,
    description: r.tag.description,
    companyId: r.tag.companyId,
    companyName: r.companyName,
    usage: Number(r.usage),
    version: r.tag.version,
    rights: tagRights(ctx.claims),
  }));
}

function isUniqueViolation(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
}

export async function saveTag(
  ctx: Ctx,
  type: TagType,
  id: string | null,
  input: { name: string; description: string; companyId?: string },
) {
  const tx = ctx.db;
  try {
    if (id) {
      const [row] = await tx
        .update(tag)
        .set({ name: input.name, description: input.description })
        .where(and(eq(tag.id, id), eq(tag.type, type), inScope(tag.companyId, ctx.scopeCompanyIds)))
        .returning({ id: tag.id });
      if (!row) throw notFound();
      return row.id;
    }
    const companyId = input.companyId ?? ctx.scopeCompanyId ?? ctx.companyId;
    if (!ctx.scopeCompanyIds.includes(companyId)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
    const [row] = await tx
      .insert(tag)
      .values({ companyId, type, name: input.name, description: input.description })
      .returning({ id: tag.id });
    return row!.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw validationFailed({ name: ['validation.duplicate'] });
    throw e;
  }
}

/** A tag still used by items is not deleted: the answer names how many use it. */
export async function deleteTag(ctx: Ctx, type: TagType, id: string) {
  const tx = ctx.db;
  const [row] = await tx
    .select({ id: tag.id, usage })
    .from(tag)
    .where(and(eq(tag.id, id), eq(tag.type, type), inScope(tag.companyId, ctx.scopeCompanyIds)));
  if (!row) throw notFound();
  if (Number(row.usage) > 0) throw new AppError(409, 'conflict', 'error.tagInUse');
  await tx.delete(tag).where(eq(tag.id, id));
}
