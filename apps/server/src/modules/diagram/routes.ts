import { diagramQuerySchema, diagramSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { diagramOf } from './service';

export function diagramRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/diagram',
    {
      config: { claims: { all: ['Diagram.Read'] } },
      schema: {
        tags: ['diagram'],
        summary: 'Organisation diagram of a company and its child companies, from what the caller may read',
        querystring: diagramQuerySchema,
        response: { 200: diagramSchema },
      },
    },
    async (req) => diagramOf(ctxOf(req), req.query),
  );
}
