import { and, eq, gt, isNull } from 'drizzle-orm';
import { appUser, mailOptOut, passwordResetToken } from '../../db/schema/index';
import { sha256 } from '../../platform/auth/tokens';
import { AppError, validationFailed } from '../../platform/errors';
import type { AuthDeps } from './deps';

/**
 * What the links in mails do without a login, on the owner connection: the link is the
 * credential (a signature or a one-time token), so there is no tenant to act in.
 */
export async function unsubscribe(d: AuthDeps, email: string, category: string, signature: string) {
  if (!d.mailer.verifyUnsubscribe(email, category, signature)) {
    throw new AppError(400, 'validation_failed', 'error.unsubscribeInvalid');
  }
  await d.db.insert(mailOptOut).values({ email: email.toLowerCase(), category }).onConflictDoNothing();
}

/** Takes the pending address of the user once the token mailed to it comes back. */
export async function confirmEmailChange(d: AuthDeps, userId: string, token: string) {
  const used = await d.db
    .update(passwordResetToken)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetToken.userId, userId),
        eq(passwordResetToken.tokenHash, sha256(token)),
        eq(passwordResetToken.purpose, 'email'),
        isNull(passwordResetToken.usedAt),
        gt(passwordResetToken.expiresAt, new Date()),
      ),
    )
    .returning({ id: passwordResetToken.id });
  const [u] = used.length ? await d.db.select({ pending: appUser.pendingEmail }).from(appUser).where(eq(appUser.id, userId)) : [];
  if (!u?.pending) throw new AppError(400, 'validation_failed', 'error.resetLinkInvalid');
  try {
    await d.db.update(appUser).set({ email: u.pending, pendingEmail: null }).where(eq(appUser.id, userId));
  } catch {
    throw validationFailed({ email: ['validation.duplicate'] });
  }
}
