import { summaryReportQuerySchema, summaryReportSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { ItemDeps } from '../items/service';
import { summaryReport } from './service';

export function summaryRoutes(app: FastifyInstance, d: ItemDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/summary/report',
    {
      config: { claims: { all: ['Summary.Read'] } },
      schema: {
        tags: ['summary'],
        summary: 'DPO activity report of a period, from the items the caller may read',
        querystring: summaryReportQuerySchema,
        response: { 200: summaryReportSchema },
      },
    },
    async (req) => summaryReport(d, ctxOf(req), req.query),
  );
}
