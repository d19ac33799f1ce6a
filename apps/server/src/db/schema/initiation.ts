import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { company } from './identity';

const emptyList = () => sql`'{}'::text[]`;

/**
 * The first-run wizard's state, one row per company. A trigger on
 * company creates it with every company (migration 0017); finishing turns its lists into items.
 */
export const initiation = pgTable('initiation', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => company.id, { onDelete: 'cascade' }),
  step: integer('step').notNull().default(0),
  isFinished: boolean('is_finished').notNull().default(false),
  showReminder: boolean('show_reminder').notNull().default(true),
  dpoType: text('dpo_type', { enum: ['AccountHolder', 'Internal', 'External'] }),
  dpoEmail: text('dpo_email').notNull().default(''),
  processTemplateIds: text('process_template_ids').array().notNull().default(emptyList()),
  processes: text('processes').array().notNull().default(emptyList()),
  serviceAgreements: text('service_agreements').array().notNull().default(emptyList()),
  websites: text('websites').array().notNull().default(emptyList()),
  clients: text('clients').array().notNull().default(emptyList()),
  createDemo: boolean('create_demo').notNull().default(false),
  autoGenerateMeasures: boolean('auto_generate_measures').notNull().default(true),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
