import { ssoConfigFormSchema, ssoConfigSchema, ssoTestResultSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { getSsoConfig, putSsoConfig, type SsoDeps, testSsoConfig } from './sso-service';

export function ssoConfigRoutes(app: FastifyInstance, d: SsoDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The account's administrators: they manage its users, so they decide how those sign in.
  const admins = { claims: { all: ['Administration.Access', 'User.Write'] } };

  r.get(
    '/api/account/sso',
    {
      config: admins,
      schema: { tags: ['account'], summary: "The account's single sign-on", response: { 200: ssoConfigSchema } },
    },
    async (req) => getSsoConfig(d, ctxOf(req)),
  );

  r.put(
    '/api/account/sso',
    { config: admins, schema: { tags: ['account'], body: ssoConfigFormSchema, response: { 200: ssoConfigSchema } } },
    async (req) => {
      await putSsoConfig(d, ctxOf(req), req.body, req.ip);
      return getSsoConfig(d, ctxOf(req));
    },
  );

  r.post(
    '/api/account/sso/test',
    {
      config: admins,
      schema: {
        tags: ['account'],
        summary: "Fetch the stored provider's discovery document",
        response: { 200: ssoTestResultSchema },
      },
    },
    async (req) => testSsoConfig(d, ctxOf(req)),
  );
}
