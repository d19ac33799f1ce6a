import {
  type Answers,
  findTemplate,
  formatItemNumber,
  type ItemTypeKey,
  itemTypeDefs,
  itemTypes,
  type QuestionnaireDetail,
  type QuestionnaireFile,
  type QuestionnaireSendInput,
  type QuestionnaireState,
  type QuestionnaireSummary,
  type QuestionnaireTemplate,
  questionnaireLinkTypes,
} from '@pc/shared';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { company, item, questionnaireFile, questionnaireResponse } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { randomToken, sha256 } from '../../platform/auth/tokens';
import { notFound, validationFailed } from '../../platform/errors';
import type { RequestMailer } from '../../platform/mail/mailer';
import type { Storage } from '../../platform/storage';
import { inScope } from '../../platform/tenancy';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'claims' | 'scopeCompanyIds' | 'afterCommit' | 'locale'>;

const claimOf = (type: string) => itemTypes.find((t) => t.key === type)?.claim;

/** Link types whose items the caller may read (questionnaires follow their audit or agreement). */
export function readableLinkTypes(claims: ReadonlySet<string>): ItemTypeKey[] {
  return questionnaireLinkTypes.filter((t) => claims.has(`${claimOf(t)}.Read`));
}
const mayWrite = (claims: ReadonlySet<string>, type: string | null) =>
  !!type && claims.has(`${claimOf(type)}.Read`) && claims.has(`${claimOf(type)}.Write`);

/** The link stays valid through the seventh day after the due date (UTC). */
export const expiryOf = (dueDate: string) => new Date(Date.parse(`${dueDate}T00:00:00Z`) + 8 * 86_400_000);

export function stateOf(r: { submittedAt: Date | null; expiresAt: Date }, now: Date): QuestionnaireState {
  if (r.submittedAt) return 'submitted';
  return now.getTime() >= r.expiresAt.getTime() ? 'expired' : 'open';
}

const titleOf = (template: QuestionnaireTemplate, language: 'de' | 'en') => template.name[language];

type Row = {
  r: typeof questionnaireResponse.$inferSelect;
  companyName: string;
  itemType: string | null;
  itemNumber: number | null;
  itemName: string | null;
};

const select = {
  r: questionnaireResponse,
  companyName: company.name,
  itemType: item.type,
  itemNumber: item.number,
  itemName: item.name,
};

function toSummary(ctx: Pick<Ctx, 'claims'>, row: Row, now: Date): QuestionnaireSummary {
  const template = row.r.template as QuestionnaireTemplate;
  return {
    id: row.r.id,
    companyId: row.r.companyId,
    companyName: row.companyName,
    templateKey: row.r.templateKey,
    title: titleOf(template, row.r.language),
    recipientEmail: row.r.recipientEmail,
    language: row.r.language,
    dueDate: row.r.dueDate,
    expiresAt: row.r.expiresAt.toISOString(),
    state: stateOf(row.r, now),
    sentAt: row.r.createdAt.toISOString(),
    submittedAt: row.r.submittedAt?.toISOString() ?? null,
    itemId: row.r.itemId,
    itemType: row.itemType,
    itemNumber:
      row.itemType && row.itemNumber !== null
        ? formatItemNumber(itemTypeDefs[row.itemType as ItemTypeKey].prefix, row.itemNumber)
        : null,
    itemName: row.itemName,
    rights: { write: mayWrite(ctx.claims, row.itemType) },
  };
}

/**
 * Questionnaires of the scope whose linked item the caller may read; one whose item was deleted
 * stays visible to everyone who may read one of the link types.
 */
function visible(ctx: Ctx): SQL {
  const types = readableLinkTypes(ctx.claims);
  return and(
    inScope(questionnaireResponse.companyId, ctx.scopeCompanyIds),
    types.length ? or(inArray(item.type, types), isNull(item.id)) : sql`false`,
  )!;
}

const query = (ctx: Ctx) =>
  ctx.db
    .select(select)
    .from(questionnaireResponse)
    .innerJoin(company, eq(company.id, questionnaireResponse.companyId))
    .leftJoin(item, eq(item.id, questionnaireResponse.itemId));

/** Sent questionnaires, newest first; with `itemId` those of one audit or agreement. */
export async function listQuestionnaires(ctx: Ctx, now: Date, itemId?: string) {
  const where = itemId ? and(visible(ctx), eq(questionnaireResponse.itemId, itemId)) : visible(ctx);
  const rows = await query(ctx).where(where).orderBy(desc(questionnaireResponse.createdAt)).limit(1000);
  return rows.map((r) => toSummary(ctx, r, now));
}

export async function filesOf(db: Db, responseId: string): Promise<QuestionnaireFile[]> {
  const rows = await db
    .select()
    .from(questionnaireFile)
    .where(eq(questionnaireFile.responseId, responseId))
    .orderBy(asc(questionnaireFile.createdAt));
  return rows.map((f) => ({
    id: f.id,
    questionId: f.questionId,
    fileName: f.fileName,
    mimeType: f.mimeType,
    size: Number(f.size),
  }));
}

/** One questionnaire; the recipient's answers only once submitted (a draft is theirs until then). */
export async function getQuestionnaire(ctx: Ctx, id: string, now: Date): Promise<QuestionnaireDetail> {
  const [row] = await query(ctx).where(and(visible(ctx), eq(questionnaireResponse.id, id)));
  if (!row) throw notFound();
  const submitted = !!row.r.submittedAt;
  return {
    ...toSummary(ctx, row, now),
    template: row.r.template as QuestionnaireTemplate,
    answers: submitted ? (row.r.answers as Answers) : {},
    files: submitted ? await filesOf(ctx.db, id) : [],
  };
}

/**
 * Sends a questionnaire: a random key goes into the mailed link, only its hash is stored. The
 * questionnaire belongs to the linked item's company; sending needs the right to change that item.
 */
export async function sendQuestionnaire(ctx: Ctx, mailer: RequestMailer, input: QuestionnaireSendInput, now: Date) {
  const template = findTemplate(input.templateKey);
  if (!template) throw validationFailed({ templateKey: ['validation.unknownReference'] });
  const [target] = await ctx.db
    .select({ id: item.id, type: item.type, companyId: item.companyId, companyName: company.name })
    .from(item)
    .innerJoin(company, eq(company.id, item.companyId))
    .where(
      and(
        eq(item.id, input.itemId),
        inArray(item.type, [...questionnaireLinkTypes]),
        inScope(item.companyId, ctx.scopeCompanyIds),
      ),
    );
  if (!target || !mayWrite(ctx.claims, target.type)) throw validationFailed({ itemId: ['validation.unknownReference'] });
  const today = now.toISOString().slice(0, 10);
  if (input.dueDate < today) throw validationFailed({ dueDate: ['validation.dateInPast'] });
  const key = randomToken(32);
  const [created] = await ctx.db
    .insert(questionnaireResponse)
    .values({
      companyId: target.companyId,
      itemId: target.id,
      templateKey: template.key,
      template,
      recipientEmail: input.recipientEmail,
      language: input.language,
      dueDate: input.dueDate,
      expiresAt: expiryOf(input.dueDate),
      keyHash: sha256(key),
      sentBy: ctx.userId,
    })
    .returning({ id: questionnaireResponse.id });
  const [y, m, d] = input.dueDate.split('-');
  await mailer.send(
    ctx,
    {
      to: input.recipientEmail,
      template: 'questionnaire',
      locale: input.language,
      vars: {
        name: target.companyName,
        title: titleOf(template, input.language),
        dueDate: input.language === 'de' ? `${d}.${m}.${y}` : input.dueDate,
        link: mailer.link(`/questionnaire/fill/${key}`),
      },
    },
    // Sent on a user's request to any address: limited per company, the footer names the company.
    { relay: { companyName: target.companyName } },
  );
  return getQuestionnaire(ctx, created!.id, now);
}

/** A file the recipient uploaded, for users who may read its questionnaire (submitted only). */
export async function downloadFile(ctx: Ctx, storage: Storage, fileId: string) {
  const [f] = await ctx.db
    .select({ f: questionnaireFile })
    .from(questionnaireFile)
    .innerJoin(questionnaireResponse, eq(questionnaireResponse.id, questionnaireFile.responseId))
    .leftJoin(item, eq(item.id, questionnaireResponse.itemId))
    .where(and(eq(questionnaireFile.id, fileId), visible(ctx), sql`${questionnaireResponse.submittedAt} is not null`));
  if (!f) throw notFound();
  const body = await storage.get(f.f.fileHash);
  if (!body) throw notFound();
  return { fileName: f.f.fileName, mimeType: f.f.mimeType, body };
}
