import {
  itemTypes,
  questionnaireDetailSchema,
  questionnaireLinkTypes,
  questionnaireListQuerySchema,
  questionnaireSendSchema,
  questionnaireSummarySchema,
  questionnaireTemplateSchema,
  questionnaireTemplates,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { RequestMailer } from '../../platform/mail/mailer';
import type { Storage } from '../../platform/storage';
import { downloadFile, getQuestionnaire, listQuestionnaires, sendQuestionnaire } from './service';

/** RFC 6266 filename with a plain-ASCII fallback. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Questionnaires of the scope. They follow their linked audit or service agreement:
 * reading needs the read claim of one of those types (the service narrows to the types held),
 * sending needs read and write of the linked item's type (decided in the service).
 */
export function questionnaireRoutes(app: FastifyInstance, d: { mailer: RequestMailer; storage: Storage; now: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const linkRead = questionnaireLinkTypes.map((t) => `${itemTypes.find((x) => x.key === t)!.claim}.Read`);
  const read = { claims: { any: linkRead } };
  const tags = ['questionnaire'];

  r.get(
    '/api/questionnaire/template',
    { config: read, schema: { tags, response: { 200: z.array(questionnaireTemplateSchema) } } },
    async () => questionnaireTemplates,
  );

  r.get(
    '/api/questionnaire',
    {
      config: read,
      schema: { tags, querystring: questionnaireListQuerySchema, response: { 200: z.array(questionnaireSummarySchema) } },
    },
    async (req) => listQuestionnaires(ctxOf(req), d.now(), req.query.itemId),
  );

  r.get(
    '/api/questionnaire/:id',
    { config: read, schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: questionnaireDetailSchema } } },
    async (req) => getQuestionnaire(ctxOf(req), req.params.id, d.now()),
  );

  r.post(
    '/api/questionnaire',
    {
      config: read,
      schema: {
        tags,
        summary: 'Send a questionnaire: mails a link with a random key to the recipient',
        body: questionnaireSendSchema,
        response: { 201: questionnaireDetailSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await sendQuestionnaire(ctxOf(req), d.mailer, req.body, d.now())),
  );

  r.get(
    '/api/questionnaire/file/:id/download',
    { config: read, schema: { tags, params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      const file = await downloadFile(ctxOf(req), d.storage, req.params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', disposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
