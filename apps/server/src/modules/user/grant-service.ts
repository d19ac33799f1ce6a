import type { AdminUser, ExternalGrant } from '@pc/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { appUser, company, companyGrant } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';
import { checkGrantRoles } from '../roles/service';
import { adminUserRights } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'companyId' | 'companyIds' | 'claims'>;

type ExternalRow = {
  user_id: string;
  company_id: string;
  home_company_name: string;
  last_sign_in: string | Date | null;
  company_name: string;
  role_ids: string[];
  role_names: string[];
  granted_at: string | Date;
  suspended_at: string | Date | null;
  suspended_reason: ExternalGrant['suspendedReason'];
};

const iso = (v: string | Date) => new Date(v).toISOString();

/**
 * People of other tenants whom the caller's companies granted access, as the user administration
 * lists them. People of the caller's own tenant who also hold a grant are listed as the tenant's
 * own users: in its companies their own roles hold.
 */
export async function listExternalPeople(ctx: Ctx, onlyId?: string): Promise<AdminUser[]> {
  const rows = await queryRows<ExternalRow>(
    ctx.db,
    sql`select e.user_id::text, e.company_id::text, e.home_company_name, e.last_sign_in, c.name as company_name,
               g.role_ids::text[] as role_ids,
               coalesce(array(select r.name from role r where r.id = any(g.role_ids) order by r.name), '{}') as role_names,
               g.created_at as granted_at, g.suspended_at, g.suspended_reason
          from pc_external_people() e
          join company_grant g on g.user_id = e.user_id and g.company_id = e.company_id
          join company c on c.id = e.company_id
         where ${onlyId ? sql`e.user_id = ${onlyId}::uuid` : sql`true`}
         order by c.name`,
  );
  const ids = [...new Set(rows.map((r) => r.user_id))];
  if (!ids.length) return [];
  const users = await ctx.db.select().from(appUser).where(inArray(appUser.id, ids));
  return users
    .filter((u) => !ctx.companyIds.includes(u.companyId))
    .map((u) => {
      const mine = rows.filter((r) => r.user_id === u.id);
      const first = mine[0]!;
      return {
        id: u.id,
        firstname: u.firstname,
        lastname: u.lastname,
        email: u.email,
        language: u.language,
        companyId: u.companyId,
        companyName: first.home_company_name,
        isActive: u.isActive,
        roleIds: [],
        roleNames: [],
        companyIds: [],
        validUntil: null,
        lockedUntil: null,
        twoFactorEnabled: u.totpSecret !== null,
        mustChangePassword: false,
        hasPassword: u.passwordHash !== null,
        pendingEmail: null,
        external: {
          homeCompanyName: first.home_company_name,
          lastSignInAt: first.last_sign_in ? iso(first.last_sign_in) : null,
          grants: mine.map((r) => ({
            companyId: r.company_id,
            companyName: r.company_name,
            roleIds: [...r.role_ids],
            roleNames: [...r.role_names],
            grantedAt: iso(r.granted_at),
            suspendedAt: r.suspended_at ? iso(r.suspended_at) : null,
            suspendedReason: r.suspended_reason,
          })),
        },
        rights: adminUserRights(ctx.claims, u.id, ctx.userId, true),
      };
    })
    .sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname));
}

async function grantOf(ctx: Ctx, userId: string, companyId: string) {
  const [g] = await ctx.db
    .select({ suspendedAt: companyGrant.suspendedAt, roleIds: companyGrant.roleIds })
    .from(companyGrant)
    .innerJoin(company, eq(company.id, companyGrant.companyId))
    .where(and(eq(companyGrant.userId, userId), eq(companyGrant.companyId, companyId)));
  // Row-level security answers only grants of the caller's companies.
  if (!g || !ctx.companyIds.includes(companyId)) throw notFound();
  return g;
}

/**
 * The granting company gives the person other roles; confirming the roles also resumes a grant
 * the person's home tenant had suspended.
 */
export async function setGrant(ctx: Ctx, userId: string, input: { companyId: string; roleIds: string[] }, ip: string) {
  const before = await grantOf(ctx, userId, input.companyId);
  const roleIds = await checkGrantRoles(ctx, input.roleIds);
  await ctx.db
    .update(companyGrant)
    .set({ roleIds, suspendedAt: null, suspendedReason: null })
    .where(and(eq(companyGrant.userId, userId), eq(companyGrant.companyId, input.companyId)));
  const detail = { by: ctx.userId, companyId: input.companyId, roleIds };
  await logSecurityEvent(ctx.db, { type: 'grant.changed', userId, ip, companyId: input.companyId, detail });
  if (before.suspendedAt) {
    await logSecurityEvent(ctx.db, { type: 'grant.resumed', userId, ip, companyId: input.companyId, detail });
  }
  const [person] = await listExternalPeople(ctx, userId);
  if (!person) throw notFound();
  return person;
}

/**
 * The granting company ends the grant: the person's next request no longer sees the company
 * (the auth epoch moves with the deleted row). Logged for both companies.
 */
export async function revokeGrant(ctx: Ctx, userId: string, companyId: string, ip: string | null) {
  await grantOf(ctx, userId, companyId);
  const [row] = await queryRows<{ done: boolean }>(
    ctx.db,
    sql`select pc_revoke_grant(${userId}::uuid, ${companyId}::uuid) as done`,
  );
  if (!row?.done) throw notFound();
  await logSecurityEvent(ctx.db, { type: 'grant.revoked', userId, ip, companyId, detail: { by: ctx.userId, companyId } });
}

/** Whether a user of the caller's companies holds a grant in another tenant. */
export async function holdsForeignGrants(ctx: Pick<Ctx, 'db'>, userId: string) {
  const [row] = await queryRows<{ holds: boolean }>(ctx.db, sql`select pc_holds_foreign_grants(${userId}::uuid) as holds`);
  return row?.holds === true;
}

/**
 * The home tenant reset the person's password or second factor, or changed their address: their
 * grants in other tenants hold again only when each granting company resumes them, so the home
 * tenant can never act as the person there.
 */
export async function suspendForeignGrants(
  ctx: Pick<Ctx, 'db' | 'userId'>,
  userId: string,
  reason: ExternalGrant['suspendedReason'] & string,
  ip: string | null,
) {
  const [row] = await queryRows<{ n: number }>(ctx.db, sql`select pc_suspend_foreign_grants(${userId}::uuid, ${reason}) as n`);
  if (Number(row?.n ?? 0) > 0) {
    await logSecurityEvent(ctx.db, { type: 'grant.suspended', userId, ip, detail: { by: ctx.userId, reason } });
  }
}
