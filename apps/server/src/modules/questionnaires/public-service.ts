import {
  ANSWER_FILES_MAX,
  type Answers,
  checkAnswers,
  type PublicQuestionnaire,
  type QuestionnaireFile,
  type QuestionnaireTemplate,
  text,
} from '@pc/shared';
import { and, count, eq } from 'drizzle-orm';
import type { OwnerDb } from '../../db/client';
import { company, questionnaireFile, questionnaireResponse } from '../../db/schema/index';
import type { Db } from '../../db/types';
import { sha256 } from '../../platform/auth/tokens';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { openTenantTransaction } from '../../platform/tenancy';
import type { Upload } from '../../platform/upload';
import { companyLogo } from '../company/service';
import { notify } from '../notification/service';
import { filesOf, stateOf } from './service';

/** What the public fill link needs: the owner connection only to find a response by its key. */
export interface PublicFillDeps {
  db: OwnerDb;
  storage: Storage;
  now: () => Date;
}

type Response = typeof questionnaireResponse.$inferSelect;

const templateOf = (row: Response) => row.template as QuestionnaireTemplate;

/**
 * The public fill link: the key in the mailed link is the credential. The owner connection is
 * used for one thing only — finding the response by the key's hash; everything else runs in a
 * tenant transaction opened for that response's company alone, so row-level security holds as
 * for any request.
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

/** A change to a response: only while it is open (409 with its state otherwise), under its row lock. */
function withOpenResponse<T>(d: PublicFillDeps, key: string, fn: (db: Db, r: Response, now: Date) => Promise<T>) {
  return withResponse(
    d.db,
    key,
    (db, row) => {
      const now = d.now();
      const state = stateOf(row, now);
      if (state !== 'open') throw new AppError(409, 'conflict', 'error.questionnaireClosed', { reason: state });
      return fn(db, row, now);
    },
    true,
  );
}

/** What the recipient sees: the form and the draft while open, otherwise only its state. */
export function publicQuestionnaire(d: PublicFillDeps, key: string): Promise<PublicQuestionnaire> {
  return withResponse(d.db, key, async (db, row) => {
    const [c] = await db
      .select({ name: company.name, logo: company.logoHash })
      .from(company)
      .where(eq(company.id, row.companyId));
    const state = stateOf(row, d.now());
    const template = templateOf(row);
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
  });
}

/** The sending company's logo, as the fill page shows it. */
export function publicLogo(d: PublicFillDeps, key: string, width: number, height: number) {
  return withResponse(d.db, key, (db, row) =>
    companyLogo(d.storage, { db, claims: new Set<string>(), companyId: row.companyId }, row.companyId, width, height),
  );
}

/**
 * Checks and stores the answers of an open response: a draft needs its forms right, a
 * submission every required answer too; file ids must be this response's own.
 */
async function storeAnswers(db: Db, row: Response, answers: Answers, at: Date, submit: boolean) {
  const template = templateOf(row);
  const errors = checkAnswers(template, answers, submit);
  const fileQuestions = template.sections.flatMap((s) => s.questions).filter((q) => q.type === 'file');
  const files = fileQuestions.length ? await filesOf(db, row.id) : [];
  for (const q of fileQuestions) {
    const ids = answers[q.id];
    if (!Array.isArray(ids) || errors[`answers.${q.id}`]) continue;
    if (!ids.every((id) => files.some((f) => f.id === id && f.questionId === q.id))) {
      errors[`answers.${q.id}`] = ['validation.unknownReference'];
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  await db
    .update(questionnaireResponse)
    .set({ answers, savedAt: at, ...(submit ? { submittedAt: at } : {}) })
    .where(eq(questionnaireResponse.id, row.id));
}

/** Saves the answers as a draft. */
export function saveAnswers(d: PublicFillDeps, key: string, answers: Answers) {
  return withOpenResponse(d, key, async (db, row, now) => {
    await storeAnswers(db, row, answers, now, false);
    return { savedAt: now.toISOString() };
  });
}

/** Submits the answers, once; the sender learns it in the same transaction (in the app, and by mail per their settings). */
export function submitAnswers(d: PublicFillDeps, key: string, answers: Answers) {
  return withOpenResponse(d, key, async (db, row, now) => {
    await storeAnswers(db, row, answers, now, true);
    await notify(db, {
      companyId: row.companyId,
      itemId: null,
      kind: 'questionnaire_answered',
      threshold: row.id,
      recipientIds: [row.sentBy],
      data: { subject: row.recipientEmail, link: `/questionnaire/${row.id}` },
    });
    return { submittedAt: now.toISOString() };
  });
}

/** Stores a file for a file question of an open response, up to ANSWER_FILES_MAX per question. */
export async function addAnswerFile(
  d: PublicFillDeps,
  key: string,
  questionId: string,
  file: Upload,
): Promise<QuestionnaireFile> {
  if (!text.max(255).safeParse(file.filename).success) throw validationFailed({ file: ['validation.text'] });
  return withOpenResponse(d, key, async (db, row) => {
    const question = templateOf(row)
      .sections.flatMap((s) => s.questions)
      .find((q) => q.id === questionId);
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
  });
}
