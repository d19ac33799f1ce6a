import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser, company } from './identity';

/**
 * Items a bulk delete removed, kept for its undo: each row as it was, its attachments, and the
 * rows that pointed at it (children, time records, appointments, questionnaire answers).
 */
export const itemTrash = pgTable(
  'item_trash',
  {
    batchId: uuid('batch_id').notNull(),
    itemId: uuid('item_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
    row: jsonb('row').notNull(),
    attachments: jsonb('attachments').notNull(),
    links: jsonb('links').notNull(),
  },
  (t) => [index('item_trash_batch_idx').on(t.batchId), index('item_trash_deleted_idx').on(t.deletedAt)],
);

/** A user's saved view of a list: filter, sort and columns; at most one default per user and list. */
export const savedView = pgTable(
  'saved_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    register: text('register').notNull(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<Record<string, string>>().notNull(),
    sort: text('sort').notNull(),
    dir: text('dir').notNull(),
    columns: jsonb('columns').$type<{ field: string; hidden: boolean; width: number | null }[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_view_name_uq').on(t.userId, t.register, sql`lower(${t.name})`),
    uniqueIndex('saved_view_default_uq').on(t.userId, t.register).where(sql`${t.isDefault}`),
  ],
);
