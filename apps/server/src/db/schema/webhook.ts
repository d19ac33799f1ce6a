import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser, company } from './identity';

/**
 * An address a company's administrators registered for events (row-level security: the
 * companies of the request). The secret is kept sealed (secret box), so the worker can sign.
 */
export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoint_company_idx').on(t.companyId)],
);

/** One event for one endpoint: the queue the worker claims from, and the endpoint's delivery log. */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    /** The exact JSON sent (and signed); a resend sends it again byte for byte. */
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    /**
     * What makes an event happen once per endpoint when it is raised by a pass that may run again
     * (a deadline alert: kind, item and step); null for events of a change, which happen once anyway,
     * and for resends.
     */
    eventKey: text('event_key'),
  },
  (t) => [
    index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_delivery_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('webhook_delivery_once_uq').on(t.endpointId, t.eventKey).where(sql`${t.eventKey} is not null`),
  ],
);
