import { securityLogPageSchema, securityLogQuerySchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { listSecurityEvents } from './service';

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
}
