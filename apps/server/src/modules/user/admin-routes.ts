import { userLookupSchema } from '@pc/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { appUser, company } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { notFound } from '../../platform/errors';

export function userAdminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Owner and assignee pickers: active users of the companies in scope.
  r.get('/api/user/lookup', { schema: { tags: ['user'], response: { 200: z.array(userLookupSchema) } } }, async (req) => {
    const ctx = ctxOf(req);
    const rows = await db
      .select({
        id: appUser.id,
        name: sql<string>`coalesce(nullif(trim(${appUser.firstname} || ' ' || ${appUser.lastname}), ''), ${appUser.email})`,
        firstname: appUser.firstname,
        lastname: appUser.lastname,
        email: appUser.email,
        companyId: appUser.companyId,
        companyName: company.name,
      })
      .from(appUser)
      .innerJoin(company, eq(company.id, appUser.companyId))
      .where(and(inArray(appUser.companyId, [...ctx.companyIds]), eq(appUser.isActive, true)))
      .orderBy(asc(appUser.lastname), asc(appUser.firstname));
    return rows;
  });

  // The next request of that user answers 412 PasswordExpired until they choose a new password.
  r.post(
    '/api/user/:id/force-password-change',
    { config: { claims: { all: ['User.Write'] } }, schema: { tags: ['user'], params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const [u] = await db.select({ companyId: appUser.companyId }).from(appUser).where(eq(appUser.id, req.params.id));
      if (!u || !ctx.companyIds.includes(u.companyId)) throw notFound();
      await db.update(appUser).set({ mustChangePassword: true }).where(eq(appUser.id, req.params.id));
      return reply.code(204).send();
    },
  );
}
