import { allClaims } from '@pc/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { role, roleClaim } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';

type Ctx = Pick<RequestContext, 'companyId' | 'companyIds' | 'claims'>;

/** Built-in roles and the custom roles of companies the caller may see. */
export async function listRoles(db: Db, ctx: Ctx) {
  // Built-in roles are shared by every tenant: count only the holders the caller may see.
  const visible = ctx.companyIds.length
    ? sql`u.company_id in (${sql.join(
        [...ctx.companyIds].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`false`;
  const rows = await db
    .select({
      id: role.id,
      key: role.key,
      name: role.name,
      companyId: role.companyId,
      claims: sql<
        string[]
      >`coalesce(array(select rc.claim from role_claim rc where rc.role_id = "role"."id" order by rc.claim), '{}')`,
      userCount: sql<number>`(select count(*)::int from user_role ur join app_user u on u.id = ur.user_id where ur.role_id = "role"."id" and ${visible})`,
    })
    .from(role)
    .where(or(isNull(role.companyId), inArray(role.companyId, [...ctx.companyIds])))
    .orderBy(sql`${role.companyId} nulls first`, role.name);
  return rows.map((r) => ({ ...r, builtIn: r.key !== null, claims: [...r.claims], userCount: Number(r.userCount) }));
}

/** Nobody hands out more than they hold: a role's claims must be a subset of the caller's. */
export function assertGrantable(ctx: Ctx, claims: readonly string[], field = 'claims') {
  const unknown = claims.filter((c) => !allClaims.includes(c));
  if (unknown.length) throw validationFailed({ [field]: ['validation.unknownClaim'] });
  if (claims.some((c) => !ctx.claims.has(c))) throw validationFailed({ [field]: ['validation.claimNotHeld'] });
}

export async function saveRole(
  db: Db,
  ctx: Ctx,
  id: string | null,
  input: { name: string; claims: string[]; companyId?: string },
) {
  assertGrantable(ctx, input.claims);
  const claims = [...new Set(input.claims)];
  return db.transaction(async (tx) => {
    let roleId = id;
    if (id) {
      const [r] = await tx.select({ key: role.key, companyId: role.companyId }).from(role).where(eq(role.id, id));
      if (!r || (r.companyId && !ctx.companyIds.includes(r.companyId))) throw notFound();
      if (r.key) throw new AppError(409, 'conflict', 'error.roleBuiltIn');
      await tx.update(role).set({ name: input.name }).where(eq(role.id, id));
      await tx.delete(roleClaim).where(eq(roleClaim.roleId, id));
    } else {
      const companyId = input.companyId ?? ctx.companyId;
      if (!ctx.companyIds.includes(companyId)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
      const [r] = await tx.insert(role).values({ name: input.name, companyId }).returning({ id: role.id });
      roleId = r!.id;
    }
    if (claims.length) await tx.insert(roleClaim).values(claims.map((claim) => ({ roleId: roleId!, claim })));
    return roleId!;
  });
}

export async function deleteRole(db: Db, ctx: Ctx, id: string) {
  const [r] = await db.select({ key: role.key, companyId: role.companyId }).from(role).where(eq(role.id, id));
  if (!r?.companyId || !ctx.companyIds.includes(r.companyId))
    throw r?.key ? new AppError(409, 'conflict', 'error.roleBuiltIn') : notFound();
  await db.delete(role).where(and(eq(role.id, id)));
}

export async function claimsOfRoles(db: Db, roleIds: readonly string[]) {
  if (!roleIds.length) return [];
  const rows = await db
    .selectDistinct({ claim: roleClaim.claim })
    .from(roleClaim)
    .where(inArray(roleClaim.roleId, [...roleIds]));
  return rows.map((r) => r.claim);
}
