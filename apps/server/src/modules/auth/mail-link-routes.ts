import { emailChangeConfirmSchema, unsubscribeSchema } from '@pc/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appUser, mailOptOut, passwordResetToken } from '../../db/schema/index';
import { sha256 } from '../../platform/auth/tokens';
import { AppError, validationFailed } from '../../platform/errors';
import type { AuthDeps } from './deps';

/** Links in mails that work without a login; they act on the owner connection. */
export function mailLinkRoutes(app: FastifyInstance, d: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public: the link in a mail is the credential; its signature proves it was ours.
  r.post(
    '/api/mail/unsubscribe',
    { config: { public: true }, schema: { tags: ['account'], body: unsubscribeSchema } },
    async (req, reply) => {
      const { email, category, signature } = req.body;
      if (!d.mailer.verifyUnsubscribe(email, category, signature)) {
        throw new AppError(400, 'validation_failed', 'error.unsubscribeInvalid');
      }
      await d.db.insert(mailOptOut).values({ email: email.toLowerCase(), category }).onConflictDoNothing();
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/user/email-change/confirm',
    { config: { public: true }, schema: { tags: ['profile'], body: emailChangeConfirmSchema } },
    async (req, reply) => {
      const { userId, token } = req.body;
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
      const [u] = used.length
        ? await d.db.select({ pending: appUser.pendingEmail }).from(appUser).where(eq(appUser.id, userId))
        : [];
      if (!u?.pending) throw new AppError(400, 'validation_failed', 'error.resetLinkInvalid');
      try {
        await d.db.update(appUser).set({ email: u.pending, pendingEmail: null }).where(eq(appUser.id, userId));
      } catch {
        throw validationFailed({ email: ['validation.duplicate'] });
      }
      return reply.code(204).send();
    },
  );
}
