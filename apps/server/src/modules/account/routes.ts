import {
  changePasswordSchema,
  twoFactorDisableSchema,
  twoFactorEnabledSchema,
  twoFactorEnableSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  unsubscribeSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailOptOut } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { AppError } from '../../platform/errors';
import type { AuthDeps } from '../auth/deps';
import { changePassword, disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './service';

export function accountRoutes(app: FastifyInstance, d: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/user/change-password',
    { config: { allowLock: ['PasswordExpired'] }, schema: { tags: ['account'], body: changePasswordSchema } },
    async (req, reply) => {
      await changePassword(d, ctxOf(req), req.body, req.ip);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/user/two-factor/setup',
    { schema: { tags: ['account'], body: twoFactorSetupRequestSchema, response: { 200: twoFactorSetupSchema } } },
    async (req) => startTwoFactorSetup(d, ctxOf(req), req.body.password),
  );

  r.post(
    '/api/user/two-factor/enable',
    { schema: { tags: ['account'], body: twoFactorEnableSchema, response: { 200: twoFactorEnabledSchema } } },
    async (req) => enableTwoFactor(d, ctxOf(req), req.body.code, req.ip),
  );

  r.post('/api/user/two-factor/disable', { schema: { tags: ['account'], body: twoFactorDisableSchema } }, async (req, reply) => {
    await disableTwoFactor(d, ctxOf(req), req.body, req.ip);
    return reply.code(204).send();
  });

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
}
