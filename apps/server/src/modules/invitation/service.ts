import {
  INVITATION_VALID_DAYS,
  type Invitation,
  type InvitationAcceptResult,
  type InvitationInput,
  type InvitationPurpose,
  type InvitationRole,
  type Language,
} from '@pc/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { appUser, company, invitation } from '../../db/schema/index';
import { type Db, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { randomToken, sha256 } from '../../platform/auth/tokens';
import { AppError, forbidden, notFound, validationFailed } from '../../platform/errors';
import type { RequestMailer } from '../../platform/mail/mailer';
import { roleIdsByKey } from '../../platform/roles/built-in';
import { checkGrantRoles } from '../roles/service';
import { invitationRights, inviteRights } from './policy';

export type InvitationCtx = Pick<
  RequestContext,
  'db' | 'userId' | 'companyId' | 'companyIds' | 'claims' | 'locale' | 'afterCommit'
>;
type Ctx = InvitationCtx;
export interface InvitationDeps {
  mailer: RequestMailer;
  now?: () => Date;
}
const nowOf = (d: InvitationDeps) => (d.now ? d.now() : new Date());
const validUntil = (now: Date) => new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000);

/** canInviteDpo / canInviteClient of the caller, from their own company and claims. */
export async function callerInviteRights(ctx: Pick<Ctx, 'db' | 'companyId' | 'claims'>) {
  const [own] = await ctx.db
    .select({ isResponsibleParty: company.isResponsibleParty, isDataPrivacyAgency: company.isDataPrivacyAgency })
    .from(company)
    .where(eq(company.id, ctx.companyId));
  return inviteRights(ctx.claims, own);
}

/** The caller's address as row-level security compares it (pc_user_email). */
const isMine = sql`(${invitation.recipientUserId} = pc_user_id() or lower(${invitation.recipientEmail}) = pc_user_email())`;

/**
 * The caller's invitations: those addressed to them, those their own company sent, and those they
 * sent themselves for another visible company (an agency user running a client's first-run wizard
 * invites that client's DPO). Row-level security already hides every other tenant's; other
 * invitations of visible companies (an agency's clients) are theirs, not the caller's, and are
 * left out as well.
 */
async function rows(ctx: Ctx, id?: string) {
  const sent = or(eq(invitation.senderCompanyId, ctx.companyId), eq(invitation.senderUserId, ctx.userId));
  const role = sql<InvitationRole>`case when ${isMine} then 'Recipient' when ${sent} then 'Sender' else 'None' end`;
  const mine = or(isMine, sent);
  // Names of the roles an AsDpo invitation grants, as far as the reader may read them (built-in
  // roles always; the sender's own roles for the sender).
  const grantRoleNames = sql<
    string[]
  >`coalesce(array(select r.name from role r where r.id = any(${invitation.grantRoleIds}) order by r.name), '{}')`;
  return ctx.db
    .select({ i: invitation, role, grantRoleNames })
    .from(invitation)
    .where(id ? and(mine, eq(invitation.id, id)) : mine)
    .orderBy(desc(invitation.createdAt), desc(invitation.id));
}

function present(ctx: Ctx, now: Date, r: Awaited<ReturnType<typeof rows>>[number]): Invitation {
  const i = r.i;
  const expired = i.status === 'Pending' && i.expiresAt <= now;
  return {
    id: i.id,
    role: r.role,
    purpose: i.purpose,
    companyName: i.companyName,
    sender: i.senderName,
    recipient: i.recipientEmail,
    message: i.message,
    creationDate: i.createdAt.toISOString(),
    sentDate: i.sentAt?.toISOString() ?? null,
    status: i.status,
    responseDate: i.responseDate?.toISOString() ?? null,
    expiresAt: i.expiresAt.toISOString(),
    expired,
    grantRoleIds: r.role === 'Sender' ? [...i.grantRoleIds] : [],
    grantRoleNames: [...r.grantRoleNames],
    rights: invitationRights({ role: r.role, purpose: i.purpose, status: i.status, expired }, ctx.claims),
  };
}

export async function listInvitations(ctx: Ctx, d: InvitationDeps): Promise<Invitation[]> {
  const now = nowOf(d);
  return (await rows(ctx)).map((r) => present(ctx, now, r));
}

async function load(ctx: Ctx, d: InvitationDeps, id: string) {
  const [r] = await rows(ctx, id);
  if (!r) throw notFound();
  return present(ctx, nowOf(d), r);
}

const conflict = (key: string) => new AppError(409, 'conflict', key);

/** Why a pending-only action is refused: answered, withdrawn or (for accepting) expired. */
function requirePending(inv: Invitation, refuseExpired: boolean) {
  if (inv.status === 'Withdrawn') throw conflict('error.invitationWithdrawn');
  if (inv.status !== 'Pending') throw conflict('error.invitationAnswered');
  if (refuseExpired && inv.expired) throw conflict('error.invitationExpired');
}

async function recipientOf(db: Db, email: string) {
  const [r] = await queryRows<{ user_id: string; company_id: string; language: Language }>(
    db,
    sql`select user_id::text, company_id::text, language from pc_invitation_recipient(${email})`,
  );
  return r ?? null;
}

async function mail(
  ctx: Ctx,
  d: InvitationDeps,
  template: 'invitation' | 'invitation-resend' | 'invitation-withdrawn',
  inv: { recipientEmail: string; companyName: string; senderName: string; purpose: 'AsDpo' | 'AsClient'; message: string },
  token: string | null,
) {
  const recipient = await recipientOf(ctx.db, inv.recipientEmail);
  await d.mailer.send(
    ctx,
    {
      to: inv.recipientEmail,
      template,
      locale: recipient?.language ?? ctx.locale,
      vars: {
        name: inv.recipientEmail,
        company: inv.companyName,
        sender: inv.senderName,
        purpose: inv.purpose,
        message: inv.message,
        days: INVITATION_VALID_DAYS,
        link: token ? d.mailer.link(`/invitation/token/${encodeURIComponent(token)}`) : undefined,
      },
    },
    // The sender's own text goes out in invitations and reminders: limited per company, and the
    // footer names the company it came from. A withdrawal says nothing of the sender's.
    template === 'invitation-withdrawn' ? {} : { relay: { companyName: inv.companyName } },
  );
}

/** The sending company's pending invitation of this purpose to this address, if any. */
export async function pendingInvitation(ctx: Pick<Ctx, 'db' | 'companyId'>, purpose: InvitationPurpose, email: string) {
  const [open] = await ctx.db
    .select({ id: invitation.id })
    .from(invitation)
    .where(
      and(
        eq(invitation.senderCompanyId, ctx.companyId),
        eq(invitation.purpose, purpose),
        eq(invitation.status, 'Pending'),
        sql`lower(${invitation.recipientEmail}) = lower(${email.trim()})`,
      ),
    );
  return open ?? null;
}

export async function createInvitation(ctx: Ctx, d: InvitationDeps, input: InvitationInput & { message: string }) {
  const rights = await callerInviteRights(ctx);
  if (!(input.purpose === 'AsDpo' ? rights.canInviteDpo : rights.canInviteClient)) throw forbidden();
  const email = input.recipient.trim();
  const recipient = await recipientOf(ctx.db, email);
  if (recipient?.company_id === ctx.companyId) throw validationFailed({ recipient: ['invitation.ownCompany'] });
  if (await pendingInvitation(ctx, input.purpose, email)) throw validationFailed({ recipient: ['invitation.duplicate'] });
  const [me] = await ctx.db
    .select({ first: appUser.firstname, last: appUser.lastname, email: appUser.email })
    .from(appUser)
    .where(eq(appUser.id, ctx.userId));
  // The sending company is ctx.companyId: the caller's own, or the company whose wizard invites its DPO.
  const [sender] = await ctx.db.select({ name: company.name }).from(company).where(eq(company.id, ctx.companyId));
  if (!me || !sender) throw notFound();
  // The roles the person will hold in this company: the sender's choice, by default the external
  // DPO's; never the roles they hold in their own tenant.
  const grantRoleIds =
    input.purpose === 'AsDpo'
      ? await checkGrantRoles(
          ctx,
          input.grantRoleIds ?? Object.values(await roleIdsByKey(ctx.db, ['external-dpo'])),
          'grantRoleIds',
        )
      : [];
  const now = nowOf(d);
  const token = randomToken();
  const values = {
    purpose: input.purpose,
    grantRoleIds,
    senderUserId: ctx.userId,
    senderCompanyId: ctx.companyId,
    senderName: `${me.first} ${me.last}`.trim() || me.email,
    companyName: sender.name,
    recipientEmail: email,
    recipientUserId: recipient?.user_id ?? null,
    recipientCompanyId: recipient?.company_id ?? null,
    message: input.message,
    createdAt: now,
    sentAt: now,
    tokenHash: sha256(token),
    expiresAt: validUntil(now),
  };
  const [row] = await ctx.db.insert(invitation).values(values).returning({ id: invitation.id });
  await mail(ctx, d, 'invitation', values, token);
  return load(ctx, d, row!.id);
}

export async function acceptInvitation(ctx: Ctx, d: InvitationDeps, id: string): Promise<InvitationAcceptResult> {
  const inv = await load(ctx, d, id);
  if (inv.role !== 'Recipient') throw notFound();
  requirePending(inv, true);
  if (!inv.rights.accept) throw forbidden();
  await ctx.db.execute(sql`select pc_invitation_accept(${id}::uuid)`);
  // The sender is told in the same transaction (in the app, and by mail per their settings).
  await ctx.db.execute(sql`select pc_notify_invitation_answered(${id}::uuid)`);
  return { purpose: inv.purpose, companyName: inv.companyName };
}

export async function declineInvitation(ctx: Ctx, d: InvitationDeps, id: string) {
  const inv = await load(ctx, d, id);
  if (inv.role !== 'Recipient') throw notFound();
  requirePending(inv, false);
  await ctx.db
    .update(invitation)
    .set({ status: 'Declined', responseDate: nowOf(d), recipientUserId: ctx.userId, recipientCompanyId: ctx.companyId })
    .where(eq(invitation.id, id));
  await ctx.db.execute(sql`select pc_notify_invitation_answered(${id}::uuid)`);
}

/** The sender's actions: other readers (the recipient, a reader of the same company) are refused. */
async function loadAsSender(ctx: Ctx, d: InvitationDeps, id: string) {
  const inv = await load(ctx, d, id);
  if (inv.role !== 'Sender') throw notFound();
  return inv;
}

export async function resendInvitation(ctx: Ctx, d: InvitationDeps, id: string) {
  const inv = await loadAsSender(ctx, d, id);
  if (!inv.rights.resend) {
    requirePending(inv, false);
    throw forbidden();
  }
  const now = nowOf(d);
  const token = randomToken();
  await ctx.db
    .update(invitation)
    .set({ tokenHash: sha256(token), sentAt: now, expiresAt: validUntil(now) })
    .where(eq(invitation.id, id));
  await mail(ctx, d, 'invitation-resend', { ...inv, recipientEmail: inv.recipient, senderName: inv.sender }, token);
  return load(ctx, d, id);
}

export async function withdrawInvitation(ctx: Ctx, d: InvitationDeps, id: string) {
  const inv = await loadAsSender(ctx, d, id);
  if (!inv.rights.withdraw) {
    requirePending(inv, false);
    throw forbidden();
  }
  await ctx.db
    .update(invitation)
    .set({ status: 'Withdrawn', responseDate: nowOf(d) })
    .where(eq(invitation.id, id));
  await mail(ctx, d, 'invitation-withdrawn', { ...inv, recipientEmail: inv.recipient, senderName: inv.sender }, null);
  return load(ctx, d, id);
}

export async function deleteInvitation(ctx: Ctx, d: InvitationDeps, id: string) {
  const inv = await loadAsSender(ctx, d, id);
  if (!inv.rights.delete) {
    if (inv.status === 'Accepted' || inv.status === 'Withdrawn') throw conflict('error.invitationNotDeletable');
    throw forbidden();
  }
  await ctx.db.delete(invitation).where(eq(invitation.id, id));
}
