import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser, company } from './identity';
import { item } from './items';

/**
 * One message to one user about one company's item (row-level security: the recipient reads
 * their own). The unique key (item, kind, threshold, recipient) makes every notification happen
 * once, however often an event or a scheduler pass runs.
 */
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => item.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    threshold: text('threshold').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set for kinds mailed at once; a pass queues the mail in the outbox and clears it. */
    mailPending: boolean('mail_pending').notNull().default(false),
    /** False when the recipient turned the category off in the app: kept for the key, not listed. */
    inApp: boolean('in_app').notNull().default(true),
  },
  (t) => [
    // NULLS NOT DISTINCT in the migration: a notification without an item is also once.
    uniqueIndex('notification_once_uq').on(t.itemId, t.kind, t.threshold, t.recipientId),
    index('notification_list_idx').on(t.recipientId, t.createdAt).where(sql`${t.inApp}`),
    index('notification_mail_pending_idx').on(t.createdAt).where(sql`${t.mailPending}`),
    index('notification_unread_idx').on(t.recipientId, t.companyId).where(sql`${t.readAt} is null and ${t.inApp}`),
  ],
);

/**
 * Per category, in-app on/off and e-mail off / at once / in the weekly digest: a user's own
 * choice (userId set) or their company's default for its users (userId null).
 */
export const notificationSetting = pgTable(
  'notification_setting',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    inApp: boolean('in_app').notNull(),
    email: text('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_setting_user_uq').on(t.userId, t.category).where(sql`${t.userId} is not null`),
    uniqueIndex('notification_setting_company_uq').on(t.companyId, t.category).where(sql`${t.userId} is null`),
  ],
);
