import {
  documentPlaceholderKeys,
  documentPlaceholderSchema,
  documentPlaceholderValuesSchema,
  placeholderToken,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { ItemDeps } from '../items/service';
import { documentPdf, documentValues } from './service';

const idParams = z.object({ id: z.uuid() });
const read = { claims: { all: ['DynamicDocument.Read'] } };
const tags = ['dynamic-document'];

export function dynamicDocumentRoutes(app: FastifyInstance, d: ItemDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dynamic-document/placeholders',
    {
      config: read,
      schema: { tags, summary: 'Placeholders a template may use', response: { 200: z.array(documentPlaceholderSchema) } },
    },
    async () => documentPlaceholderKeys.map((key) => ({ key, token: placeholderToken(key) })),
  );

  r.get(
    '/api/dynamic-document/:id/placeholders',
    {
      config: read,
      schema: {
        tags,
        summary: "The placeholder values of one document's company",
        params: idParams,
        response: { 200: documentPlaceholderValuesSchema },
      },
    },
    async (req) => documentValues(d, ctxOf(req), req.params.id),
  );

  r.get(
    '/api/dynamic-document/:id/pdf',
    { config: read, schema: { tags, summary: 'The filled template as PDF', params: idParams } },
    async (req, reply) => {
      const { pdf, fileName } = await documentPdf(d, ctxOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
