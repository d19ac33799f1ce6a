import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser, company } from './identity';
import { item } from './items';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Help pages per route URL and language (locale, index, content). */
export const helpContent = pgTable(
  'help_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    route: text('route').notNull(),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    index: integer('index').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_content_route_idx').on(t.route, t.locale, t.index)],
);

/** Per-user settings such as hidden dashboard tiles. */
export const userSetting = pgTable(
  'user_setting',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const appointment = pgTable(
  'appointment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    attendees: text('attendees').notNull().default(''),
    itemId: uuid('item_id').references(() => item.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('appointment_company_start_idx').on(t.companyId, t.startsAt)],
);
