import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { appUser, company } from './identity';
import { item } from './items';

/**
 * A project of a client company that time is booked on: its validity (a record after
 * `valid_until` falls in a closed month), the budget in hours per month or for the whole project,
 * the flat rate in € per month and the hourly rate.
 */
export const project = pgTable(
  'project',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until'),
    budgetHours: numeric('budget_hours', { precision: 10, scale: 2, mode: 'number' }),
    budgetPeriod: text('budget_period', { enum: ['Month', 'Project'] })
      .notNull()
      .default('Month'),
    flatRate: numeric('flat_rate', { precision: 12, scale: 2, mode: 'number' }),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('project_company_idx').on(t.companyId)],
);

/** A person-specific hourly rate on a project. */
export const projectRate = pgTable(
  'project_rate',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/** Planned hours of a project in one month (`month` is the month's first day). */
export const projectPlannedHours = pgTable(
  'project_planned_hours',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    hours: numeric('hours', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.month] })],
);

/** Time booked by a user on a project (and optionally an item such as an issue) on one day. */
export const timeRecord = pgTable(
  'time_record',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'restrict' }),
    day: date('day').notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    hours: numeric('hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    itemId: uuid('item_id').references(() => item.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    billable: boolean('billable').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // Migration 0024 adds INCLUDE (project_id, item_id, user_id, hours) for the time comparison
    // and statistics on the keys (drizzle's index builder has no INCLUDE).
    index('time_record_company_day_idx').on(t.companyId, t.day),
    index('time_record_user_day_idx').on(t.userId, t.day),
    index('time_record_project_idx').on(t.projectId),
  ],
);

/**
 * The time records summed per company, project, issue, person and day, kept by triggers on
 * `time_record` (migration 0027): the time comparison reads these sums instead of every record
 * (decision 0023). Written only by the trigger function; `pc_app` may read its tenant's rows.
 */
export const timeRecordDay = pgTable(
  'time_record_day',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    itemId: uuid('item_id'),
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    hours: numeric('hours', { mode: 'number' }).notNull(),
    records: integer('records').notNull(),
  },
  (t) => [unique('time_record_day_key').on(t.companyId, t.day, t.projectId, t.itemId, t.userId).nullsNotDistinct()],
);
