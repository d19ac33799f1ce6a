import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { appUser, passwordResetToken } from '../../db/schema/index';
import { hashPassword } from '../../platform/auth/password';
import { randomToken, sha256 } from '../../platform/auth/tokens';
import { AppError } from '../../platform/errors';
import { type MailQueue, ownerQueue, type RequestMailer } from '../../platform/mail/mailer';
import { logSecurityEvent } from '../../platform/security-log';
import { type AuthDeps, nowOf } from './deps';
import { revokeUserSessions } from './service';
import { passwordLoginBlocked } from './sso';

/**
 * Creates a single-use token and mails the link. Answers the same whether or not the address
 * exists, so the endpoint reveals nothing: the mail is stored in the outbox before the answer,
 * but delivered after it.
 */
export async function requestPasswordReset(
  d: AuthDeps,
  email: string,
  ip: string,
  purpose: 'reset' | 'invite' = 'reset',
  minutesOverride?: number,
) {
  const [user] = await d.db
    .select({
      id: appUser.id,
      firstname: appUser.firstname,
      lastname: appUser.lastname,
      email: appUser.email,
      language: appUser.language,
      isActive: appUser.isActive,
      hasAccount: appUser.hasAccount,
    })
    .from(appUser)
    .where(sql`lower(${appUser.email}) = lower(${email.trim()})`);
  await logSecurityEvent(d.db, { type: 'password.resetRequested', userId: user?.id ?? null, email, ip });
  if (!user?.isActive) return;
  // A user who may only sign in through the provider gets no password to reset.
  if (await passwordLoginBlocked(d, user)) return;
  // Waiting for SMTP would make known addresses answer measurably slower than unknown ones.
  await sendPasswordLink(ownerQueue(d.db), d, user, purpose, minutesOverride ?? d.settings.resetTokenMinutes);
}

/** How long the link to set the first password lasts (sign-up and a user created by an administrator). */
export const INVITE_MINUTES = 7 * 24 * 60;

/**
 * A single-use link to set a password, stored as its hash, with its mail, both in `queue`: the
 * owner connection for the public reset request, the sign-up's transaction, or the request's
 * transaction when an administrator invites a user (the token and the mail then exist only if
 * the user's creation commits).
 */
export async function sendPasswordLink(
  queue: MailQueue,
  d: Pick<AuthDeps, 'now'> & { mailer: RequestMailer },
  user: { id: string; firstname: string; lastname: string; email: string; language: 'de' | 'en' },
  purpose: 'reset' | 'invite',
  minutes: number,
) {
  const token = randomToken();
  await queue.db.insert(passwordResetToken).values({
    userId: user.id,
    tokenHash: sha256(token),
    purpose,
    expiresAt: new Date(nowOf(d).getTime() + minutes * 60_000),
  });
  await d.mailer.send(queue, {
    to: user.email,
    template: purpose === 'invite' ? 'invite' : 'password-reset',
    locale: user.language,
    vars: {
      name: `${user.firstname} ${user.lastname}`.trim() || user.email,
      link: d.mailer.link(`/reset-password/${user.id}?token=${encodeURIComponent(token)}`),
      minutes,
    },
  });
}

async function findToken(d: AuthDeps, userId: string, token: string) {
  const [row] = await d.db
    .select({ id: passwordResetToken.id, email: appUser.email })
    .from(passwordResetToken)
    .innerJoin(appUser, eq(appUser.id, passwordResetToken.userId))
    .where(
      and(
        eq(passwordResetToken.userId, userId),
        eq(passwordResetToken.tokenHash, sha256(token)),
        inArray(passwordResetToken.purpose, ['reset', 'invite']),
        isNull(passwordResetToken.usedAt),
        gt(passwordResetToken.expiresAt, nowOf(d)),
      ),
    );
  return row ?? null;
}

/**
 * Whether the link still sets a password, and then the address it was mailed to: the holder of
 * the link has read that mailbox, and the page fills the login with it once the password is set.
 */
export async function resetTokenStatus(d: AuthDeps, userId: string, token: string) {
  const row = await findToken(d, userId, token);
  return row ? { valid: true, email: row.email } : { valid: false };
}

export async function resetPassword(d: AuthDeps, input: { userId: string; token: string; password: string; ip: string }) {
  const hash = await hashPassword(input.password);
  const ok = await d.db.transaction(async (tx) => {
    // Marking the token used in the same statement that finds it makes it single-use under races.
    const used = await tx
      .update(passwordResetToken)
      .set({ usedAt: nowOf(d) })
      .where(
        and(
          eq(passwordResetToken.userId, input.userId),
          eq(passwordResetToken.tokenHash, sha256(input.token)),
          // An e-mail-change token must never set a password.
          inArray(passwordResetToken.purpose, ['reset', 'invite']),
          isNull(passwordResetToken.usedAt),
          gt(passwordResetToken.expiresAt, nowOf(d)),
        ),
      )
      .returning({ id: passwordResetToken.id });
    if (used.length !== 1) return false;
    // Every other outstanding link of this user dies with it.
    await tx
      .update(passwordResetToken)
      .set({ usedAt: nowOf(d) })
      .where(and(eq(passwordResetToken.userId, input.userId), isNull(passwordResetToken.usedAt)));
    await tx
      .update(appUser)
      .set({
        passwordHash: hash,
        passwordChangedAt: nowOf(d),
        mustChangePassword: false,
        failedLogins: 0,
        failedLoginWindowStart: null,
        lockedUntil: null,
      })
      .where(eq(appUser.id, input.userId));
    return true;
  });
  if (!ok) throw new AppError(400, 'validation_failed', 'error.resetLinkInvalid');
  await revokeUserSessions(d.db, input.userId);
  await logSecurityEvent(d.db, { type: 'password.reset', userId: input.userId, ip: input.ip });
}
