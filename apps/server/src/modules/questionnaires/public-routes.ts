import {
  ATTACHMENT_MAX_BYTES,
  allowedAttachmentMimeTypes,
  logoQuerySchema,
  publicAnswersSchema,
  publicQuestionnaireSchema,
  questionnaireFileSchema,
  responseKeyParams,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUpload, uploadOf } from '../../platform/upload';
import {
  addAnswerFile,
  type PublicFillDeps,
  publicLogo,
  publicQuestionnaire,
  saveAnswers,
  submitAnswers,
} from './public-service';

/** The recipient's fill link; the key in the mailed link is the credential. */
export function questionnairePublicRoutes(app: FastifyInstance, d: PublicFillDeps & { rateLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public and limited per IP like the other public calls (LOGIN_RATE_LIMIT a minute).
  const config = { public: true, rateLimit: { max: d.rateLimit, timeWindow: '1 minute' } };
  const tags = ['questionnaire-fill'];

  r.get(
    '/api/questionnaire/fill/:key',
    { config, schema: { tags, params: responseKeyParams, response: { 200: publicQuestionnaireSchema } } },
    async (req) => publicQuestionnaire(d, req.params.key),
  );

  r.get(
    '/api/questionnaire/fill/:key/logo',
    { config, schema: { tags, params: responseKeyParams, querystring: logoQuerySchema } },
    async (req, reply) => {
      const { body } = await publicLogo(d, req.params.key, req.query.width, req.query.height);
      return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=3600').send(body);
    },
  );

  r.put(
    '/api/questionnaire/fill/:key',
    {
      config,
      schema: {
        tags,
        summary: 'Save the answers as a draft (forms checked, required ones not yet)',
        params: responseKeyParams,
        body: publicAnswersSchema,
        response: { 200: z.object({ savedAt: z.string() }) },
      },
    },
    async (req) => saveAnswers(d, req.params.key, req.body.answers),
  );

  r.post(
    '/api/questionnaire/fill/:key/submit',
    {
      config,
      schema: {
        tags,
        summary: 'Submit the answers once; every required question must be answered',
        params: responseKeyParams,
        body: publicAnswersSchema,
        response: { 200: z.object({ submittedAt: z.string() }) },
      },
    },
    async (req) => submitAnswers(d, req.params.key, req.body.answers),
  );

  r.post(
    '/api/questionnaire/fill/:key/file',
    {
      config,
      schema: {
        tags,
        summary: 'Upload a file for a file question (the limits and types of attachments)',
        params: responseKeyParams,
        querystring: z.object({ questionId: z.string().min(1).max(100) }),
        consumes: ['multipart/form-data'],
        response: { 201: questionnaireFileSchema },
      },
      preValidation: readUpload({
        maxBytes: ATTACHMENT_MAX_BYTES,
        types: allowedAttachmentMimeTypes,
        typeError: 'validation.fileType',
      }),
    },
    async (req, reply) => reply.code(201).send(await addAnswerFile(d, req.params.key, req.query.questionId, uploadOf(req))),
  );
}
