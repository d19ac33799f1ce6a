import type { CompanyRef, UserLookup, UserMe } from '@pc/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { appUser, company } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { fullName } from '../../db/user-name';
import type { RequestContext } from '../../platform/auth/context';
import { grantFor } from '../../platform/auth/plugin';
import { forbidden, notFound } from '../../platform/errors';
import { mayImportCompany } from '../company/policy';
import { initiationStatus } from '../initiation/service';
import { callerInviteRights } from '../invitation/service';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'claims' | 'companyId' | 'companyIds' | 'grants' | 'lockReason'>;

async function companyRef(db: Db, id: string): Promise<CompanyRef | null> {
  const [c] = await db
    .select({
      id: company.id,
      name: company.name,
      type: company.type,
      parentCompanyId: company.parentId,
      isResponsibleParty: company.isResponsibleParty,
      isDataProcessor: company.isDataProcessor,
      isDataPrivacyAgency: company.isDataPrivacyAgency,
    })
    .from(company)
    .where(eq(company.id, id));
  return c ?? null;
}

export async function getMe(ctx: Ctx): Promise<UserMe> {
  const db = ctx.db;
  // In a company of another tenant that granted the user, their own company is not readable.
  const [u] = await db
    .select({ user: appUser, companyName: sql<string>`coalesce(${company.name}, pc_own_company_name())` })
    .from(appUser)
    .leftJoin(company, eq(company.id, appUser.companyId))
    .where(eq(appUser.id, ctx.userId));
  if (!u) throw notFound();
  // A stored scope the user may no longer see is dropped rather than served. A user who sees one
  // company only has nothing to choose: that company is their scope.
  const stored = u.user.scopeCompanyId && ctx.companyIds.includes(u.user.scopeCompanyId) ? u.user.scopeCompanyId : null;
  const scopeId = stored ?? (ctx.companyIds.length === 1 ? ctx.companyIds[0]! : null);
  const claims = [...ctx.claims].sort();
  const invite = await callerInviteRights(ctx);
  return {
    id: u.user.id,
    firstname: u.user.firstname,
    lastname: u.user.lastname,
    email: u.user.email,
    language: u.user.language,
    company: u.companyName,
    companyId: u.user.companyId,
    scopeCompany: scopeId ? await companyRef(db, scopeId) : null,
    canSwitchCompanies: maySwitch(ctx),
    hasAccount: u.user.hasAccount,
    // The wizard works on the scope company, or the user's own without a scope.
    ...(await initiationStatus(ctx, scopeId ?? u.user.companyId)),
    canInviteDpo: invite.canInviteDpo,
    canInviteClient: invite.canInviteClient,
    canImportCompany: mayImportCompany(ctx, u.user.hasAccount),
    isAdministrator: ctx.claims.has('Administration.Access'),
    twoFactorEnabled: u.user.totpSecret !== null,
    lockReason: ctx.lockReason,
    claims,
  };
}

/** Switching companies: with the claim among several, or between one's own and a grant's. */
function maySwitch(ctx: Ctx) {
  return (ctx.claims.has('User.SwitchCompany') && ctx.companyIds.length > 1) || ctx.grants.length > 0;
}

export async function setScope(ctx: Ctx, companyId: string | null): Promise<void> {
  if (!maySwitch(ctx) && !ctx.claims.has('User.SwitchCompany')) throw forbidden();
  if (companyId !== null && !ctx.companyIds.includes(companyId) && !grantFor(ctx.grants, companyId)) throw notFound();
  await ctx.db.update(appUser).set({ scopeCompanyId: companyId }).where(eq(appUser.id, ctx.userId));
}

export async function setLanguage(ctx: Ctx, language: 'de' | 'en'): Promise<void> {
  await ctx.db.update(appUser).set({ language }).where(eq(appUser.id, ctx.userId));
}

/**
 * Owner and assignee pickers: active users of the companies the caller may see (the join with
 * company is limited by row-level security).
 */
export async function lookupUsers(ctx: Pick<RequestContext, 'db'>): Promise<UserLookup[]> {
  return ctx.db
    .select({
      id: appUser.id,
      name: sql<string>`coalesce(${fullName('app_user')}, ${appUser.email})`,
      firstname: appUser.firstname,
      lastname: appUser.lastname,
      email: appUser.email,
      companyId: appUser.companyId,
      companyName: company.name,
    })
    .from(appUser)
    .innerJoin(company, eq(company.id, appUser.companyId))
    .where(eq(appUser.isActive, true))
    .orderBy(asc(appUser.lastname), asc(appUser.firstname));
}
