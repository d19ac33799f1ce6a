import { diagramPdfQuerySchema, diagramQuerySchema, diagramSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { sendDownload } from '../report/service';
import { diagramPdf } from './pdf';
import { diagramOf } from './service';

export function diagramRoutes(app: FastifyInstance, d: { timeZone: string }) {
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

  r.get(
    '/api/diagram/pdf',
    {
      config: { claims: { all: ['Diagram.Read'] } },
      schema: {
        tags: ['diagram'],
        summary: 'Organisation diagram as a one-page PDF in A4 or A3 landscape, with title, company, date and legend',
        querystring: diagramPdfQuerySchema,
      },
    },
    async (req, reply) => {
      const pdf = await diagramPdf(ctxOf(req), req.query, d.timeZone);
      return sendDownload(reply, { contentType: pdf.contentType, fileName: pdf.fileName, body: pdf.body });
    },
  );
}
