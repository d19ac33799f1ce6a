import { setLanguageSchema, setScopeSchema, userMeSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ctxOf } from '../../platform/auth/plugin';
import { getMe, setLanguage, setScope } from './service';

export function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Answers while locked too, so the app learns the lock reason at start-up.
  r.get(
    '/api/user/me',
    { config: { allowLock: 'all' }, schema: { tags: ['user'], response: { 200: userMeSchema } } },
    async (req) => getMe(db, ctxOf(req)),
  );

  r.put(
    '/api/user/scope',
    {
      config: { claims: { all: ['User.SwitchCompany'] }, allowLock: 'all' },
      schema: { tags: ['user'], body: setScopeSchema, response: { 200: userMeSchema } },
    },
    async (req) => {
      const ctx = ctxOf(req);
      await setScope(db, ctx, req.body.companyId);
      return getMe(db, ctx);
    },
  );

  r.put(
    '/api/user/language',
    { config: { allowLock: 'all' }, schema: { tags: ['user'], body: setLanguageSchema, response: { 200: userMeSchema } } },
    async (req) => {
      const ctx = ctxOf(req);
      await setLanguage(db, ctx, req.body.language);
      return getMe(db, ctx);
    },
  );
}
