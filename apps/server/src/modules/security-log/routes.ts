import { companySecuritySchema, securityLogPageSchema, securityLogQuerySchema } from '@pc/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { company } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';
import { notFound } from '../../platform/errors';
import { listSecurityEvents, unlockUser } from './service';

export function securityLogRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/security-log',
    {
      config: { claims: { all: ['Administration.Access'] } },
      schema: { tags: ['security'], querystring: securityLogQuerySchema, response: { 200: securityLogPageSchema } },
    },
    async (req) => listSecurityEvents(db, ctxOf(req), req.query),
  );

  r.post(
    '/api/user/:id/unlock',
    { config: { claims: { all: ['User.Write'] } }, schema: { tags: ['security'], params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      await unlockUser(db, ctxOf(req), req.params.id, req.ip);
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
      if (!ctxOf(req).companyIds.includes(req.params.id)) throw notFound();
      await db.update(company).set(req.body).where(eq(company.id, req.params.id));
      return reply.code(204).send();
    },
  );
}
