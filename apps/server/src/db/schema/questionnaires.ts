import { bigint, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser, company } from './identity';
import { item } from './items';

/**
 * A questionnaire sent to a recipient outside the product: a copy of the template it
 * was sent with, the answers (a draft until submitted) and the hash of the key in the mailed
 * link — the key itself is never stored.
 */
export const questionnaireResponse = pgTable(
  'questionnaire_response',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => item.id, { onDelete: 'set null' }),
    templateKey: text('template_key').notNull(),
    template: jsonb('template').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    language: text('language', { enum: ['de', 'en'] }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    keyHash: text('key_hash').notNull().unique(),
    answers: jsonb('answers').notNull().default({}),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    sentBy: uuid('sent_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questionnaire_response_company_idx').on(t.companyId, t.createdAt),
    index('questionnaire_response_item_idx').on(t.itemId),
  ],
);

/** A file the recipient uploaded for a file question. */
export const questionnaireFile = pgTable(
  'questionnaire_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => questionnaireResponse.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questionnaire_file_response_idx').on(t.responseId)],
);
