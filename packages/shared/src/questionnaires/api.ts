import { z } from 'zod';
import { calendarDate, dateTime, text } from '../scalars';
import { languageSchema } from '../user';
import { allQuestions, type Question, type QuestionnaireTemplate, questionTypes } from './templates';

/** A text answer holds at most this many characters. */
export const ANSWER_TEXT_MAX = 10_000;
/** Files per file question. */
export const ANSWER_FILES_MAX = 10;

const bilingual = z.object({ de: z.string(), en: z.string() });
export const questionSchema = z.object({
  id: z.string(),
  type: z.enum(questionTypes),
  label: bilingual,
  required: z.boolean(),
  options: z.array(z.object({ key: z.string(), label: bilingual })).optional(),
});
export const questionnaireTemplateSchema = z.object({
  key: z.string(),
  name: bilingual,
  description: bilingual,
  sections: z.array(z.object({ id: z.string(), title: bilingual, questions: z.array(questionSchema) })),
});

/** One answer: its form depends on the question's type (see answerValueSchema). */
export const answerValueSchema = z.union([z.string(), z.boolean(), z.array(z.string())]).nullable();
export type AnswerValue = z.infer<typeof answerValueSchema>;
export const answersSchema = z.record(z.string().max(100), answerValueSchema);
export type Answers = z.infer<typeof answersSchema>;

const valueSchemaFor = (question: Question) => {
  const keys = (question.options ?? []).map((o) => o.key);
  switch (question.type) {
    case 'text':
      return text.max(ANSWER_TEXT_MAX, 'validation.tooLong');
    case 'yesNo':
      return z.boolean();
    case 'singleChoice':
      return z.string().refine((v) => keys.includes(v), 'validation.invalidOption');
    case 'multipleChoice':
      return z.array(z.string().refine((v) => keys.includes(v), 'validation.invalidOption')).max(keys.length);
    case 'date':
      return calendarDate;
    case 'file':
      return z.array(z.uuid()).max(ANSWER_FILES_MAX, 'validation.tooMany');
  }
};

/** Whether an answer counts as given (a required question needs one). */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * Checks answers against the questions of a template: every answer has its question's form;
 * unknown questions are refused; with `complete` every required question must be answered.
 * Errors per `answers.<questionId>`, as the API's 422 carries them, so the public form and
 * the server say the same.
 */
export function checkAnswers(
  template: Pick<QuestionnaireTemplate, 'sections'>,
  answers: Answers,
  complete: boolean,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const questions = new Map(allQuestions(template).map((q) => [q.id, q]));
  for (const id of Object.keys(answers)) {
    if (!questions.has(id)) errors[`answers.${id}`] = ['validation.unknownQuestion'];
  }
  for (const question of questions.values()) {
    const value = answers[question.id];
    if (!isAnswered(value ?? null)) {
      if (complete && question.required) errors[`answers.${question.id}`] = ['validation.required'];
      continue;
    }
    const parsed = valueSchemaFor(question).safeParse(value);
    if (!parsed.success) errors[`answers.${question.id}`] = [parsed.error.issues[0]?.message ?? 'validation.invalid'];
  }
  return errors;
}

export const questionnaireStates = ['open', 'submitted', 'expired'] as const;
export type QuestionnaireState = (typeof questionnaireStates)[number];

export const questionnaireFileSchema = z.object({
  id: z.uuid(),
  questionId: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type QuestionnaireFile = z.infer<typeof questionnaireFileSchema>;

export const questionnaireRightsSchema = z.object({ write: z.boolean() });

/** A sent questionnaire as the list shows it. */
export const questionnaireSummarySchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  templateKey: z.string(),
  title: z.string(),
  recipientEmail: z.string(),
  language: languageSchema,
  dueDate: z.string(),
  expiresAt: z.string(),
  state: z.enum(questionnaireStates),
  sentAt: z.string(),
  submittedAt: z.string().nullable(),
  itemId: z.uuid().nullable(),
  itemType: z.string().nullable(),
  itemNumber: z.string().nullable(),
  itemName: z.string().nullable(),
  rights: questionnaireRightsSchema,
});
export type QuestionnaireSummary = z.infer<typeof questionnaireSummarySchema>;

/** One questionnaire with the template it was sent with and the answers (a draft's only after submission). */
export const questionnaireDetailSchema = questionnaireSummarySchema.extend({
  template: questionnaireTemplateSchema,
  answers: answersSchema,
  files: z.array(questionnaireFileSchema),
});
export type QuestionnaireDetail = z.infer<typeof questionnaireDetailSchema>;

export const questionnaireSendSchema = z.object({
  templateKey: z.string().min(1, 'validation.required'),
  recipientEmail: z.email('validation.email').max(254),
  dueDate: calendarDate,
  itemId: z.uuid('validation.required'),
  language: languageSchema,
});
export type QuestionnaireSendInput = z.infer<typeof questionnaireSendSchema>;

export const questionnaireListQuerySchema = z.object({ itemId: z.uuid().optional() });

/** What the public page gets for a key: the questions and draft while open, otherwise only the state. */
export const publicQuestionnaireSchema = z.object({
  state: z.enum(questionnaireStates),
  companyName: z.string(),
  hasLogo: z.boolean(),
  language: languageSchema,
  title: z.string(),
  dueDate: z.string(),
  template: questionnaireTemplateSchema.nullable(),
  answers: answersSchema,
  files: z.array(questionnaireFileSchema),
  savedAt: dateTime.nullable(),
});
export type PublicQuestionnaire = z.infer<typeof publicQuestionnaireSchema>;

export const publicAnswersSchema = z.object({ answers: answersSchema });
export const responseKeyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
