import {
  ANSWER_FILES_MAX,
  type Answers,
  ATTACHMENT_MAX_BYTES,
  allowedAttachmentMimeTypes,
  logoQuerySchema,
  publicAnswersSchema,
  publicQuestionnaireSchema,
  type QuestionnaireTemplate,
  questionnaireFileSchema,
  responseKeyParams,
  text,
} from '@pc/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { company, questionnaireFile, questionnaireResponse } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { sha256 } from '../../platform/auth/tokens';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { openTenantTransaction } from '../../platform/tenancy';
import { readUpload, uploadOf } from '../../platform/upload';
import { companyLogo } from '../company/service';
import { notify } from '../notification/service';
import { checkResponseAnswers, filesOf, stateOf } from './service';

type Response = typeof questionnaireResponse.$inferSelect;

const closed = (state: string) => new AppError(409, 'conflict', 'error.questionnaireClosed', { reason: state });

/**
 * The public fill link: the key in the mailed link is the credential. The owner
 * connection is used for one thing only — finding the response by the key's hash; everything
 * else runs in a tenant transaction opened for that response's company alone, so row-level
 * security holds as for any request.
 */
async function withResponse<T>(owner: OwnerDb, key: string, fn: (db: Db, r: Response) => Promise<T>, lock = false): Promise<T> {
  const [found] = await owner
    .select({ id: questionnaireResponse.id, companyId: questionnaireResponse.companyId })
    .from(questionnaireResponse)
    .where(eq(questionnaireResponse.keyHash, sha256(key)));
  if (!found) throw notFound();
  const tx = await openTenantTransaction(owner, { userId: '', companyIds: [found.companyId] });
  try {
    const q = tx.db.select().from(questionnaireResponse).where(eq(questionnaireResponse.id, found.id));
    const [r] = lock ? await q.for('update') : await q;
    if (!r) throw notFound();
    const result = await fn(tx.db, r);
    await tx.end(true);
    return result;
  } catch (e) {
    await tx.end(false).catch(() => undefined);
    throw e;
  }
}

export function questionnairePublicRoutes(
  app: FastifyInstance,
  d: { db: OwnerDb; storage: Storage; rateLimit: number; now: () => Date },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public and limited per IP like the other public calls (LOGIN_RATE_LIMIT a minute).
  const config = { public: true, rateLimit: { max: d.rateLimit, timeWindow: '1 minute' } };
  const tags = ['questionnaire-fill'];

  r.get(
    '/api/questionnaire/fill/:key',
    { config, schema: { tags, params: responseKeyParams, response: { 200: publicQuestionnaireSchema } } },
    async (req) =>
      withResponse(d.db, req.params.key, async (db, row) => {
        const [c] = await db
          .select({ name: company.name, logo: company.logoHash })
          .from(company)
          .where(eq(company.id, row.companyId));
        const state = stateOf(row, d.now());
        const template = row.template as QuestionnaireTemplate;
        const open = state === 'open';
        return {
          state,
          companyName: c?.name ?? '',
          hasLogo: !!c?.logo,
          language: row.language,
          title: template.name[row.language],
          dueDate: row.dueDate,
          template: open ? template : null,
          answers: open ? (row.answers as Answers) : {},
          files: open ? await filesOf(db, row.id) : [],
          savedAt: open ? (row.savedAt?.toISOString() ?? null) : null,
        };
      }),
  );

  r.get(
    '/api/questionnaire/fill/:key/logo',
    { config, schema: { tags, params: responseKeyParams, querystring: logoQuerySchema } },
    async (req, reply) => {
      const { body } = await withResponse(d.db, req.params.key, (db, row) =>
        companyLogo(
          d.storage,
          { db, claims: new Set<string>(), companyId: row.companyId },
          row.companyId,
          req.query.width,
          req.query.height,
        ),
      );
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
    async (req) =>
      withResponse(
        d.db,
        req.params.key,
        async (db, row) => {
          const state = stateOf(row, d.now());
          if (state !== 'open') throw closed(state);
          await checkResponseAnswers(db, row.id, row.template as QuestionnaireTemplate, req.body.answers, false);
          const savedAt = d.now();
          await db
            .update(questionnaireResponse)
            .set({ answers: req.body.answers, savedAt })
            .where(eq(questionnaireResponse.id, row.id));
          return { savedAt: savedAt.toISOString() };
        },
        true,
      ),
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
    async (req) =>
      withResponse(
        d.db,
        req.params.key,
        async (db, row) => {
          const state = stateOf(row, d.now());
          if (state !== 'open') throw closed(state);
          await checkResponseAnswers(db, row.id, row.template as QuestionnaireTemplate, req.body.answers, true);
          const submittedAt = d.now();
          await db
            .update(questionnaireResponse)
            .set({ answers: req.body.answers, savedAt: submittedAt, submittedAt })
            .where(eq(questionnaireResponse.id, row.id));
          // The sender learns it in the same transaction (in the app, and by mail per their settings).
          await notify(db, {
            companyId: row.companyId,
            itemId: null,
            kind: 'questionnaire_answered',
            threshold: row.id,
            recipientIds: [row.sentBy],
            data: { subject: row.recipientEmail, link: `/questionnaire/${row.id}` },
          });
          return { submittedAt: submittedAt.toISOString() };
        },
        true,
      ),
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
    async (req, reply) => {
      const file = uploadOf(req);
      if (!text.max(255).safeParse(file.filename).success) throw validationFailed({ file: ['validation.text'] });
      const created = await withResponse(
        d.db,
        req.params.key,
        async (db, row) => {
          const state = stateOf(row, d.now());
          if (state !== 'open') throw closed(state);
          const template = row.template as QuestionnaireTemplate;
          const question = template.sections.flatMap((s) => s.questions).find((q) => q.id === req.query.questionId);
          if (question?.type !== 'file') throw validationFailed({ questionId: ['validation.unknownQuestion'] });
          const [n] = await db
            .select({ n: count() })
            .from(questionnaireFile)
            .where(and(eq(questionnaireFile.responseId, row.id), eq(questionnaireFile.questionId, question.id)));
          if (Number(n?.n ?? 0) >= ANSWER_FILES_MAX) throw validationFailed({ file: ['validation.tooMany'] });
          const fileHash = await d.storage.put(file.data);
          const [f] = await db
            .insert(questionnaireFile)
            .values({
              companyId: row.companyId,
              responseId: row.id,
              questionId: question.id,
              fileHash,
              fileName: file.filename,
              mimeType: file.mimetype,
              size: file.data.length,
            })
            .returning();
          return { id: f!.id, questionId: f!.questionId, fileName: f!.fileName, mimeType: f!.mimeType, size: Number(f!.size) };
        },
        true,
      );
      return reply.code(201).send(created);
    },
  );
}
