import {
  initiationCompanyQuerySchema,
  initiationFinishResultSchema,
  initiationInputSchema,
  initiationSchema,
  processTemplatePageSchema,
  processTemplateQuerySchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { finishInitiation, getInitiation, type InitiationDeps, saveInitiation } from './service';
import { listProcessTemplates } from './templates';

/**
 * The first-run wizard. Reading needs a visible company; saving and
 * finishing need write rights on it (decided in the service: 403), so no claim rule here.
 */
export function initiationRoutes(app: FastifyInstance, d: InitiationDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/initiation',
    { schema: { tags: ['initiation'], querystring: initiationCompanyQuerySchema, response: { 200: initiationSchema } } },
    async (req) => getInitiation(ctxOf(req), req.query.companyId),
  );
  r.put(
    '/api/initiation',
    { schema: { tags: ['initiation'], body: initiationInputSchema, response: { 200: initiationSchema } } },
    async (req) => saveInitiation(ctxOf(req), d, req.body),
  );
  r.post(
    '/api/initiation/finish',
    { schema: { tags: ['initiation'], body: initiationInputSchema, response: { 200: initiationFinishResultSchema } } },
    async (req) => finishInitiation(d, ctxOf(req), req.body),
  );
  r.get(
    '/api/process-template',
    {
      schema: {
        tags: ['initiation'],
        summary: 'Processing-activity templates of the wizard, paged',
        querystring: processTemplateQuerySchema,
        response: { 200: processTemplatePageSchema },
      },
    },
    async (req) => listProcessTemplates(req.query, ctxOf(req).locale),
  );
}
