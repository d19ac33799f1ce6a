import { setLanguageSchema, setScopeSchema, userMeSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { getMe, setLanguage, setScope } from './service';

export function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Answers while locked too, so the app learns the lock reason at start-up.
  r.get(
    '/api/user/me',
    { config: { allowLock: 'all', storedScope: true }, schema: { tags: ['user'], response: { 200: userMeSchema } } },
    async (req) => getMe(ctxOf(req)),
  );

  // Sent with the new scope as X-Tenant (none for all companies), so the answer holds the claims
  // that hold there. Who may switch is decided in the service: a person granted a company of
  // another tenant may always move between it and their own.
  r.put(
    '/api/user/scope',
    {
      config: { allowLock: 'all' },
      schema: { tags: ['user'], body: setScopeSchema, response: { 200: userMeSchema } },
    },
    async (req) => {
      const ctx = ctxOf(req);
      await setScope(ctx, req.body.companyId);
      return getMe(ctx);
    },
  );

  r.put(
    '/api/user/language',
    { config: { allowLock: 'all' }, schema: { tags: ['user'], body: setLanguageSchema, response: { 200: userMeSchema } } },
    async (req) => {
      const ctx = ctxOf(req);
      await setLanguage(ctx, req.body.language);
      return getMe(ctx);
    },
  );
}
