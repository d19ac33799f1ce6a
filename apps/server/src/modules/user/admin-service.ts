import { randomUUID } from 'node:crypto';
import type { AdminUser } from '@pc/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { appUser, company, recoveryCode, role, userCompany, userRole } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';
import type { AccountDeps } from '../auth/deps';
import { INVITE_MINUTES, sendPasswordLink } from '../auth/password-reset';
import { assertGrantable, claimsOfRoles } from '../roles/service';
import { holdsForeignGrants, listExternalPeople, suspendForeignGrants } from './grant-service';
import { adminUserRights } from './policy';
import { requestEmailChange } from './profile-service';

type Ctx = Pick<RequestContext, 'db' | 'afterCommit' | 'userId' | 'companyId' | 'companyIds' | 'claims'>;

export interface UserInput {
  firstname: string;
  lastname: string;
  email: string;
  language: 'de' | 'en';
  companyId: string;
  roleIds: string[];
  companyIds: string[];
  validUntil: string | null;
  isActive: boolean;
}

/**
 * Users of the companies the caller may see (the join with company is limited by row-level
 * security); their grants and roles as far as the caller can see them.
 */
export async function listUsers(ctx: Ctx, onlyId?: string): Promise<AdminUser[]> {
  const own = await listOwnUsers(ctx, onlyId);
  if (onlyId && own.length) return own;
  return [...own, ...(await listExternalPeople(ctx, onlyId))];
}

async function listOwnUsers(ctx: Ctx, onlyId?: string): Promise<AdminUser[]> {
  const rows = await ctx.db
    .select({
      u: appUser,
      companyName: company.name,
      roleIds: sql<string[]>`coalesce(array(select ur.role_id::text from user_role ur where ur.user_id = "app_user"."id"), '{}')`,
      roleNames: sql<
        string[]
      >`coalesce(array(select r.name from user_role ur join role r on r.id = ur.role_id where ur.user_id = "app_user"."id" order by r.name), '{}')`,
      companyIds: sql<
        string[]
      >`coalesce(array(select uc.company_id::text from user_company uc where uc.user_id = "app_user"."id"), '{}')`,
    })
    .from(appUser)
    .innerJoin(company, eq(company.id, appUser.companyId))
    .where(onlyId ? eq(appUser.id, onlyId) : undefined)
    .orderBy(asc(appUser.lastname), asc(appUser.firstname));
  return rows.map(({ u, companyName, roleIds, roleNames, companyIds }) => ({
    id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    language: u.language,
    companyId: u.companyId,
    companyName,
    isActive: u.isActive,
    roleIds: [...roleIds],
    roleNames: [...roleNames],
    // Grants outside the caller's view stay hidden (row-level security) and untouched on save.
    companyIds: [...companyIds],
    validUntil: u.validUntil ? u.validUntil.toISOString().slice(0, 10) : null,
    lockedUntil: u.lockedUntil ? u.lockedUntil.toISOString() : null,
    twoFactorEnabled: u.totpSecret !== null,
    mustChangePassword: u.mustChangePassword,
    hasPassword: u.passwordHash !== null,
    pendingEmail: u.pendingEmail,
    external: null,
    version: u.version,
    rights: adminUserRights(ctx.claims, u.id, ctx.userId),
  }));
}

export async function getUser(ctx: Ctx, id: string) {
  const [u] = await listUsers(ctx, id);
  if (!u) throw notFound();
  return u;
}

/** A user the caller administers: one of their own tenant, not a person granted from another. */
async function ownUser(ctx: Ctx, id: string) {
  const u = await getUser(ctx, id);
  if (u.external) throw new AppError(403, 'forbidden', 'error.externalUser');
  return u;
}

async function checkInput(ctx: Ctx, input: UserInput) {
  const db = ctx.db;
  const fields: Record<string, string[]> = {};
  if (!ctx.companyIds.includes(input.companyId)) fields.companyId = ['validation.companyNotAllowed'];
  if (input.companyIds.some((c) => !ctx.companyIds.includes(c))) fields.companyIds = ['validation.companyNotAllowed'];
  const roles = await db.select({ id: role.id }).from(role).where(inArray(role.id, input.roleIds));
  if (roles.length !== new Set(input.roleIds).size) {
    fields.roleIds = ['validation.unknownReference'];
  }
  if (Object.keys(fields).length) throw validationFailed(fields);
  assertGrantable(ctx, await claimsOfRoles(db, input.roleIds), 'roleIds');
}

function isUniqueViolation(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
}

export async function createUser(ctx: Ctx, input: UserInput) {
  await checkInput(ctx, input);
  try {
    return await ctx.db.transaction(async (tx) => {
      // Without RETURNING: the new user is not yet among those the caller's policy can see.
      const u = { id: randomUUID() };
      await tx.insert(appUser).values({
        id: u.id,
        email: input.email.trim(),
        firstname: input.firstname,
        lastname: input.lastname,
        language: input.language,
        companyId: input.companyId,
        isActive: input.isActive,
        validUntil: input.validUntil ? new Date(`${input.validUntil}T23:59:59Z`) : null,
      });
      await tx.insert(userRole).values(input.roleIds.map((roleId) => ({ userId: u.id, roleId })));
      const grants = [...new Set([input.companyId, ...input.companyIds])];
      await tx.insert(userCompany).values(grants.map((companyId) => ({ userId: u.id, companyId })));
      return u.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw validationFailed({ email: ['validation.duplicate'] });
    throw e;
  }
}

/** Active users of a company who hold Administration.Access, optionally leaving one out. */
async function adminCount(db: Db, companyId: string, except?: string) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${appUser.id})::int` })
    .from(appUser)
    .innerJoin(userRole, eq(userRole.userId, appUser.id))
    .where(
      and(
        eq(appUser.companyId, companyId),
        eq(appUser.isActive, true),
        except ? ne(appUser.id, except) : undefined,
        sql`exists (select 1 from role_claim rc where rc.role_id = ${userRole.roleId} and rc.claim = 'Administration.Access')`,
      ),
    );
  return Number(row!.n);
}

/** Saves the user and answers them as they are now. */
export async function updateUser(ctx: Ctx, id: string, input: UserInput, d?: Pick<AccountDeps, 'mailer'>) {
  const db = ctx.db;
  const before = await ownUser(ctx, id);
  await checkInput(ctx, input);
  if (before.isActive && !input.isActive && !before.rights.deactivate) {
    throw new AppError(409, 'conflict', 'error.selfDeactivation');
  }
  const wasAdmin = (await claimsOfRoles(db, before.roleIds)).includes('Administration.Access') && before.isActive;
  const staysAdmin =
    (await claimsOfRoles(db, input.roleIds)).includes('Administration.Access') &&
    input.isActive &&
    input.companyId === before.companyId;
  if (wasAdmin && !staysAdmin && (await adminCount(db, before.companyId, id)) === 0) {
    throw new AppError(409, 'conflict', 'error.lastAdministrator', {}, { company: before.companyName });
  }
  // A person who also acts in another tenant's company: the new address must be confirmed from
  // itself (the old one is told), so the home tenant cannot take over their access there.
  const newEmail = input.email.trim();
  const emailChanges = newEmail.toLowerCase() !== before.email.toLowerCase();
  const confirmEmail = emailChanges && d && (await holdsForeignGrants(ctx, id));
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(appUser)
        .set({
          ...(confirmEmail ? {} : { email: newEmail }),
          firstname: input.firstname,
          lastname: input.lastname,
          language: input.language,
          companyId: input.companyId,
          isActive: input.isActive,
          validUntil: input.validUntil ? new Date(`${input.validUntil}T23:59:59Z`) : null,
        })
        .where(eq(appUser.id, id));
      await tx.delete(userRole).where(eq(userRole.userId, id));
      await tx.insert(userRole).values(input.roleIds.map((roleId) => ({ userId: id, roleId })));
      // Only the grants the caller can see are replaced (row-level security); others stay.
      await tx.delete(userCompany).where(eq(userCompany.userId, id));
      const grants = [...new Set([input.companyId, ...input.companyIds])];
      await tx
        .insert(userCompany)
        .values(grants.map((companyId) => ({ userId: id, companyId })))
        .onConflictDoNothing();
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw validationFailed({ email: ['validation.duplicate'] });
    throw e;
  }
  if (confirmEmail) await requestEmailChange({ ...ctx, userId: id }, d, newEmail, { by: ctx.userId });
  return getUser(ctx, id);
}

/** Creates the user and mails the invitation to choose a password. */
export async function createAndInviteUser(ctx: Ctx, d: AccountDeps, input: UserInput) {
  const user = await getUser(ctx, await createUser(ctx, input));
  await sendPasswordLink(ctx, d, user, 'invite', INVITE_MINUTES);
  return user;
}

/** Mails a new invitation to an active user (an inactive one gets nothing). */
export async function inviteUser(ctx: Ctx, d: AccountDeps, id: string, ip: string | null = null) {
  const user = await ownUser(ctx, id);
  if (!user.isActive) return;
  await suspendForeignGrants(ctx, id, 'passwordLink', ip);
  await sendPasswordLink(ctx, d, user, 'invite', INVITE_MINUTES);
}

/** The user's next request answers 412 PasswordExpired until they choose a new password. */
export async function forcePasswordChange(ctx: Ctx, id: string) {
  await ownUser(ctx, id);
  // Only users of the caller's own companies can be changed (row-level security).
  const done = await ctx.db
    .update(appUser)
    .set({ mustChangePassword: true })
    .where(eq(appUser.id, id))
    .returning({ id: appUser.id });
  if (!done.length) throw notFound();
}

export async function resetTwoFactor(ctx: Ctx, id: string, ip: string) {
  await ownUser(ctx, id);
  await suspendForeignGrants(ctx, id, 'secondFactorReset', ip);
  await ctx.db.transaction(async (tx) => {
    await tx.update(appUser).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(appUser.id, id));
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, id));
  });
  await logSecurityEvent(ctx.db, { type: 'mfa.disabled', userId: id, ip, detail: { by: ctx.userId } });
}

/**
 * Ends a lockout after failed logins. Only a user the caller administers (one of their own
 * tenant; row-level security hides the rest): a person granted from another tenant is unlocked
 * by their home tenant.
 */
export async function unlockUser(ctx: Ctx, userId: string, ip: string) {
  await ownUser(ctx, userId);
  await ctx.db
    .update(appUser)
    .set({ failedLogins: 0, failedLoginWindowStart: null, lockedUntil: null })
    .where(eq(appUser.id, userId));
  await logSecurityEvent(ctx.db, { type: 'user.unlocked', userId, ip, detail: { by: ctx.userId } });
}
