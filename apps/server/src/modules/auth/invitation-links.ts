import type { InvitationRegister, InvitationTokenInfo, Language } from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import { appUser, company, invitation, role, userCompany, userRole } from '../../db/schema/index';
import { hashPassword } from '../../platform/auth/password';
import { sha256 } from '../../platform/auth/tokens';
import { AppError, sqlState } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';
import { type AuthDeps, nowOf } from './deps';

/**
 * The link in an invitation mail, without a login, on the owner connection: the token (stored as
 * its hash) is the credential. It answers only while the invitation is pending and unexpired; a
 * resent invitation has a new token, so an older link stops working.
 */
async function byToken(d: AuthDeps, token: string) {
  const [row] = await d.db
    .select()
    .from(invitation)
    .where(eq(invitation.tokenHash, sha256(token)));
  if (!row) throw new AppError(404, 'not_found', 'error.invitationLinkInvalid');
  if (row.status === 'Withdrawn') throw new AppError(409, 'conflict', 'error.invitationWithdrawn');
  if (row.status !== 'Pending') throw new AppError(409, 'conflict', 'error.invitationAnswered');
  if (row.expiresAt <= nowOf(d)) throw new AppError(409, 'conflict', 'error.invitationExpired');
  return row;
}

async function userByEmail(d: AuthDeps, email: string) {
  const [u] = await d.db.select({ id: appUser.id }).from(appUser).where(sql`lower(${appUser.email}) = lower(${email})`);
  return u ?? null;
}

export async function invitationTokenInfo(d: AuthDeps, token: string): Promise<InvitationTokenInfo> {
  const row = await byToken(d, token);
  return {
    purpose: row.purpose,
    companyName: row.companyName,
    sender: row.senderName,
    recipient: row.recipientEmail,
    expiresAt: row.expiresAt.toISOString(),
    passwordRequired: (await userByEmail(d, row.recipientEmail)) === null,
  };
}

/**
 * A recipient without a user sets up their access from the link: a company of their own (for
 * AsClient the company that becomes the agency's client; for AsDpo the DPO's own office, marked as
 * a data privacy agency), and a user with the address the invitation went to, its account holder
 * and administrator. They then log in and answer the invitation like anyone else.
 */
export async function registerFromInvitation(
  d: AuthDeps,
  token: string,
  input: InvitationRegister,
  language: Language,
  ip: string,
) {
  const row = await byToken(d, token);
  if (await userByEmail(d, row.recipientEmail)) throw new AppError(409, 'conflict', 'error.invitationAccountExists');
  const hash = await hashPassword(input.password);
  const create = d.db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: role.id }).from(role).where(eq(role.key, 'administrator'));
    const [c] = await tx
      .insert(company)
      .values({ name: input.companyName, isResponsibleParty: true, isDataPrivacyAgency: row.purpose === 'AsDpo' })
      .returning({ id: company.id });
    const [u] = await tx
      .insert(appUser)
      .values({
        email: row.recipientEmail,
        firstname: input.firstname,
        lastname: input.lastname,
        companyId: c!.id,
        passwordHash: hash,
        hasAccount: true,
        language,
      })
      .returning({ id: appUser.id });
    if (admin) await tx.insert(userRole).values({ userId: u!.id, roleId: admin.id });
    await tx.insert(userCompany).values({ userId: u!.id, companyId: c!.id });
    await tx.update(invitation).set({ recipientUserId: u!.id, recipientCompanyId: c!.id }).where(eq(invitation.id, row.id));
    return u!.id;
  });
  // Two tabs registering at once: the address is unique, the second one is told it exists.
  const userId = await create.catch((e: unknown) => {
    if (sqlState(e) === '23505') throw new AppError(409, 'conflict', 'error.invitationAccountExists');
    throw e;
  });
  await logSecurityEvent(d.db, { type: 'password.reset', userId, ip });
}
