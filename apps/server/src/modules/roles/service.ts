import { randomUUID } from 'node:crypto';
import { allClaims } from '@pc/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { role, roleClaim } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { roleRights } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'companyId' | 'companyIds' | 'claims'>;

/** Built-in roles and the custom roles of companies the caller may see. */
export async function listRoles(ctx: Ctx) {
  // Row-level security limits the roles to the built-in ones and those of the caller's
  // companies, and the holders counted to users of the caller's companies.
  const rows = await ctx.db
    .select({
      id: role.id,
      key: role.key,
      name: role.name,
      companyId: role.companyId,
      version: role.version,
      claims: sql<
        string[]
      >`coalesce(array(select rc.claim from role_claim rc where rc.role_id = "role"."id" order by rc.claim), '{}')`,
      userCount: sql<number>`(select count(*)::int from user_role ur join app_user u on u.id = ur.user_id join company c on c.id = u.company_id where ur.role_id = "role"."id")`,
    })
    .from(role)
    .orderBy(sql`${role.companyId} nulls first`, role.name);
  return rows.map((r) => ({
    ...r,
    builtIn: r.key !== null,
    claims: [...r.claims],
    userCount: Number(r.userCount),
    rights: roleRights(ctx.claims, r.key !== null),
  }));
}

/** Nobody hands out more than they hold: a role's claims must be a subset of the caller's. */
export function assertGrantable(ctx: Ctx, claims: readonly string[], field = 'claims') {
  const unknown = claims.filter((c) => !allClaims.includes(c));
  if (unknown.length) throw validationFailed({ [field]: ['validation.unknownClaim'] });
  if (claims.some((c) => !ctx.claims.has(c))) throw validationFailed({ [field]: ['validation.claimNotHeld'] });
}

export async function saveRole(ctx: Ctx, id: string | null, input: { name: string; claims: string[]; companyId?: string }) {
  assertGrantable(ctx, input.claims);
  const claims = [...new Set(input.claims)];
  return ctx.db.transaction(async (tx) => {
    let roleId = id;
    if (id) {
      const [r] = await tx.select({ key: role.key, companyId: role.companyId }).from(role).where(eq(role.id, id));
      if (!r) throw notFound();
      if (r.key) throw new AppError(409, 'conflict', 'error.roleBuiltIn');
      await tx.update(role).set({ name: input.name }).where(eq(role.id, id));
      await tx.delete(roleClaim).where(eq(roleClaim.roleId, id));
    } else {
      const companyId = input.companyId ?? ctx.companyId;
      if (!ctx.companyIds.includes(companyId)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
      roleId = randomUUID();
      await tx.insert(role).values({ id: roleId, name: input.name, companyId });
    }
    if (claims.length) await tx.insert(roleClaim).values(claims.map((claim) => ({ roleId: roleId!, claim })));
    return roleId!;
  });
}

export async function deleteRole(ctx: Ctx, id: string) {
  const [r] = await ctx.db.select({ key: role.key }).from(role).where(eq(role.id, id));
  if (!r) throw notFound();
  if (r.key) throw new AppError(409, 'conflict', 'error.roleBuiltIn');
  await ctx.db.delete(role).where(eq(role.id, id));
}

/**
 * The roles the caller may give a person of another tenant: built-in or their companies' own,
 * holding no operator claim and no claim the caller lacks.
 */
export async function grantableRoles(ctx: Ctx) {
  const rows = await ctx.db
    .select({
      id: role.id,
      key: role.key,
      name: role.name,
      claims: sql<string[]>`coalesce(array(select rc.claim from role_claim rc where rc.role_id = "role"."id"), '{}')`,
    })
    .from(role)
    .orderBy(sql`${role.companyId} nulls first`, role.name);
  return rows
    .filter((r) => r.claims.every((c) => !c.startsWith('Platform.') && ctx.claims.has(c)))
    .map(({ id, key, name }) => ({ id, key, name }));
}

/**
 * Roles a company may give a person of another tenant (an invitation's or a grant's): roles it
 * can see (built-in or its own), none with operator claims, and none with a claim the caller does
 * not hold themselves.
 */
export async function checkGrantRoles(ctx: Ctx, roleIds: readonly string[], field = 'roleIds') {
  const ids = [...new Set(roleIds)];
  const found = ids.length ? await ctx.db.select({ id: role.id }).from(role).where(inArray(role.id, ids)) : [];
  if (!ids.length || found.length !== ids.length) throw validationFailed({ [field]: ['validation.unknownReference'] });
  const claims = await claimsOfRoles(ctx.db, ids);
  if (claims.some((c) => c.startsWith('Platform.'))) throw validationFailed({ [field]: ['validation.claimNotHeld'] });
  assertGrantable(ctx, claims, field);
  return ids;
}

export async function claimsOfRoles(db: Db, roleIds: readonly string[]) {
  if (!roleIds.length) return [];
  const rows = await db
    .selectDistinct({ claim: roleClaim.claim })
    .from(roleClaim)
    .where(inArray(roleClaim.roleId, [...roleIds]));
  return rows.map((r) => r.claim);
}
