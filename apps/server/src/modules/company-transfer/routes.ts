import { companyImportQuerySchema, companyImportResultSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { readUpload, uploadOf } from '../../platform/upload';
import { downloadResponse, sendDownload } from '../report/service';
import { exportCompany, importCompany, type TransferDeps } from './service';

/** The largest company archive an import takes. */
export const COMPANY_ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
const archiveTypes = [
  'application/zip',
  'application/x-zip-compressed',
  'application/x-zip',
  'application/octet-stream',
] as const;

/**
 * Moving a company between installations: its archive (ZIP) for the company's administrators,
 * and a new company from such an archive for the operator and account holders. Rights are the
 * company policy's, checked by the service.
 */
export function companyTransferRoutes(app: FastifyInstance, d: TransferDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/:id/export',
    {
      schema: {
        tags: ['company'],
        summary: 'The company as a ZIP: a JSON file per entity, the registers as XLSX, the files (docs/company-export.md)',
        params: z.object({ id: z.uuid() }),
        response: { 200: downloadResponse('application/zip', 'The company archive') },
      },
    },
    async (req, reply) => {
      const f = await exportCompany(d, ctxOf(req), req.params.id);
      return sendDownload(reply, { contentType: 'application/zip', fileName: f.fileName, body: f.stream });
    },
  );

  r.post(
    '/api/company/import',
    {
      schema: {
        tags: ['company'],
        summary: 'Creates a company from a company archive (new ids, links remapped, numbers kept)',
        querystring: companyImportQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 201: companyImportResultSchema },
      },
      preValidation: readUpload({
        maxBytes: COMPANY_ARCHIVE_MAX_BYTES,
        types: archiveTypes,
        typeError: 'validation.companyArchiveType',
      }),
    },
    async (req, reply) => {
      const result = await importCompany(d, ctxOf(req), uploadOf(req), req.query);
      return reply.code(201).send(result);
    },
  );
}
