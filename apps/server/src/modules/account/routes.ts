import {
  changePasswordSchema,
  twoFactorDisableSchema,
  twoFactorEnabledSchema,
  twoFactorEnableSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { AccountDeps } from '../auth/deps';
import { changePassword, disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './service';

export function accountRoutes(app: FastifyInstance, d: AccountDeps) {
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
}
