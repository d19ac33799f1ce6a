import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { registerKinds } from './data';
import { attachmentHeader, processingRegister, type ReportDeps, reportFormats } from './service';

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
      schema: {
        tags: ['report'],
        summary: 'Record of processing activities (Art. 30(1) controller, 30(2) processor) as PDF or XLSX',
        querystring: registerQuery,
      },
    },
    async (req, reply) => {
      const { body, contentType, fileName } = await processingRegister(d, ctxOf(req), req.query);
      return reply
        .header('content-type', contentType)
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
