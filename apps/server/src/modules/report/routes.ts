import { itemTypeKeySchema, managementReportQuerySchema } from '@pc/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { registerKinds } from './data';
import {
  attachmentHeader,
  itemReport,
  itemReportFormats,
  managementReport,
  processingRegister,
  type ReportDeps,
  reportFormats,
} from './service';

const registerQuery = z.object({
  companyId: z.uuid(),
  kind: z.enum(registerKinds),
  format: z.enum(reportFormats),
});

export function reportRoutes(app: FastifyInstance, d: ReportDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/report/processing-register',
    {
      // The claim depends on the kind (Process.Read, ServiceAgreementWithClient.Read): checked by the service.
      config: { writes: true },
      schema: {
        tags: ['report'],
        summary: 'Record of processing activities (Art. 30(1) controller, 30(2) processor) as PDF, XLSX or DOCX',
        querystring: registerQuery,
      },
    },
    async (req, reply) => send(reply, await processingRegister(d, ctxOf(req), req.query)),
  );

  r.get(
    '/api/report/item/:type/:id',
    {
      // The read claim of the item's type: checked by the service.
      config: { writes: true },
      schema: {
        tags: ['report'],
        summary: 'One item as a PDF or DOCX report: every field, linked items by number and name, a summary of its history',
        params: z.object({ type: itemTypeKeySchema, id: z.uuid() }),
        querystring: z.object({ format: z.enum(itemReportFormats).default('pdf') }),
      },
    },
    async (req, reply) => send(reply, await itemReport(d, ctxOf(req), req.params.type, req.params.id, req.query.format)),
  );

  r.get(
    '/api/report/management',
    {
      // Summary.Read (the DPO's activity report); each register's figures need its read claim, time TimeRecords.ReadAll.
      config: { writes: true, claims: { all: ['Summary.Read'] } },
      schema: {
        tags: ['report'],
        summary:
          'Management report of a company for a period as PDF: privacy radar, open and overdue items per register, breaches and requests with deadlines met or missed, measures done, time booked against budget',
        querystring: managementReportQuerySchema,
      },
    },
    async (req, reply) => send(reply, await managementReport(d, ctxOf(req), req.query)),
  );
}

/** A generated file as a download; `x-document-id` names the copy kept under the company's documents. */
function send(reply: FastifyReply, r: { body: Buffer; contentType: string; fileName: string; documentId: string }) {
  return reply
    .header('content-type', r.contentType)
    .header('content-disposition', attachmentHeader(r.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-document-id', r.documentId)
    .send(r.body);
}
