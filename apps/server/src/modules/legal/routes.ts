import { languageSchema, legalDocumentSchema, legalDocumentTypeSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { legalDocument } from './service';

/** Legal documents (service.ts). Public: the login page links to them. */
export function legalRoutes(app: FastifyInstance, { db, legalDir }: { db: OwnerDb; legalDir: string | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/legal/:type/:language',
    {
      config: { public: true },
      schema: {
        tags: ['legal'],
        params: z.object({ type: legalDocumentTypeSchema, language: languageSchema }),
        response: { 200: legalDocumentSchema },
      },
    },
    async (req) => legalDocument(db, legalDir, req.params.type, req.params.language),
  );
}
