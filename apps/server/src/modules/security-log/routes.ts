import { companySecuritySchema, securityLogPageSchema, securityLogQuerySchema } from '@pc/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { company } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { notFound } from '../../platform/errors';
import { listSecurityEvents, unlockUser } from './service';

export function securityLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/security-log',
    {
      config: { claims: { all: ['Administration.Access'] } },
      schema: { tags: ['security'], querystring: securityLogQuerySchema, response: { 200: securityLogPageSchema } },
    },
    async (req) => listSecurityEvents(ctxOf(req), req.query),
  );

  r.post(
    '/api/user/:id/unlock',
    { config: { claims: { all: ['User.Write'] } }, schema: { tags: ['security'], params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      await unlockUser(ctxOf(req), req.params.id, req.ip);
      return reply.code(204).send();
    },
  );

  r.put(
    '/api/company/:id/security',
    {
      config: { claims: { all: ['Company.Write'] } },
      schema: { tags: ['security'], params: z.object({ id: z.uuid() }), body: companySecuritySchema },
    },
    async (req, reply) => {
      const done = await ctxOf(req)
        .db.update(company)
        .set(req.body)
        .where(eq(company.id, req.params.id))
        .returning({ id: company.id });
      if (!done.length) throw notFound();
      return reply.code(204).send();
    },
  );
}
