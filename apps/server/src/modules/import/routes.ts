import { importPreviewSchema, importResultSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { answerWithProgress, type Progress, wantsProgress, withProgressResponse } from '../../platform/progress-answer';
import { readUpload, uploadOf } from '../../platform/upload';
import type { ItemDeps } from '../items/service';
import { sendDownload } from '../report/service';
import { IMPORT_MAX_BYTES } from './parse';
import { commitImport, importErrors, importTemplate, previewImport, remapImport } from './service';

/** What browsers and office suites send for a spreadsheet or CSV; the content is checked when read. */
const importTypes = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'text/plain',
  'text/comma-separated-values',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;

const registerParams = z.object({ register: z.string().max(60) });
const companyQuery = z.object({ companyId: z.uuid().optional() });

/**
 * Import of a register from XLSX or CSV: a template to fill in, a preview (dry run) that keeps the
 * checked file, and the commit of that preview. The claims are the register's Read and Write,
 * checked by the service (the commit knows its register only from the stored import).
 */
export function importRoutes(app: FastifyInstance, d: ItemDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/import/:register/template',
    {
      schema: {
        tags: ['import'],
        summary: 'An XLSX or CSV template for a register: a column per form field, allowed values, an example row',
        params: registerParams,
        querystring: companyQuery.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
      },
    },
    async (req, reply) => {
      const f = await importTemplate(ctxOf(req), req.params.register, req.query.format, req.query.companyId);
      return sendDownload(reply, f);
    },
  );

  r.post(
    '/api/import/:register/preview',
    {
      schema: {
        tags: ['import'],
        summary: 'Reads an XLSX or CSV file, maps its columns and checks every row without writing items',
        params: registerParams,
        querystring: companyQuery,
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewSchema },
      },
      preValidation: readUpload({ maxBytes: IMPORT_MAX_BYTES, types: importTypes, typeError: 'validation.importFileType' }),
    },
    async (req) => previewImport(ctxOf(req), req.params.register, uploadOf(req), req.query.companyId),
  );

  const mappingBody = z.array(z.string().max(60).nullable()).max(500);

  r.post(
    '/api/import/:register/mapping',
    {
      schema: {
        tags: ['import'],
        summary: 'Checks a previewed import again with another column mapping, keeps it and remembers it for the next import',
        // The path segment is the import id the preview answered.
        params: z.object({ register: z.uuid() }),
        body: z.object({ mapping: mappingBody }),
        response: { 200: importPreviewSchema },
      },
    },
    async (req) => remapImport(ctxOf(req), req.params.register, req.body.mapping),
  );

  r.get(
    '/api/import/:register/errors',
    {
      schema: {
        tags: ['import'],
        summary: "A previewed import's rows with errors as XLSX: the cells as read, a column naming the problems, and a list",
        params: z.object({ register: z.uuid() }),
      },
    },
    async (req, reply) => {
      const f = await importErrors(ctxOf(req), req.params.register);
      return sendDownload(reply, f);
    },
  );

  r.post(
    '/api/import/:register/commit',
    {
      schema: {
        tags: ['import'],
        summary: 'Writes a previewed import in one transaction (or nothing when a row has an error)',
        // The path segment is the import id the preview answered.
        params: z.object({ register: z.uuid() }),
        body: z.object({ mapping: mappingBody.optional() }).optional().default({}),
        response: { 200: withProgressResponse(importResultSchema, 'What was written') },
      },
    },
    // A client that accepts NDJSON (the wizard) is told how many rows are written as they are.
    async (req, reply) => {
      const commit = (progress?: Progress) => commitImport(d, ctxOf(req), req.params.register, req.body.mapping, progress);
      if (!wantsProgress(req)) return commit();
      await answerWithProgress(req, reply, commit);
    },
  );
}
