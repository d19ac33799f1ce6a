import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser, company } from './identity';

/**
 * An invitation between a company and a DPO or an agency and a client. The sender's
 * company and user are named as they were when it was sent, so the recipient, who cannot see the
 * sender's company, reads them without crossing tenants. The mailed link's token is stored as its
 * SHA-256 hash only.
 */
export const invitation = pgTable(
  'invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['AsDpo', 'AsClient'] }).notNull(),
    senderUserId: uuid('sender_user_id').references(() => appUser.id, { onDelete: 'set null' }),
    senderCompanyId: uuid('sender_company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    companyName: text('company_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    recipientUserId: uuid('recipient_user_id').references(() => appUser.id, { onDelete: 'set null' }),
    recipientCompanyId: uuid('recipient_company_id').references(() => company.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    status: text('status', { enum: ['Pending', 'Accepted', 'Declined', 'Withdrawn'] })
      .notNull()
      .default('Pending'),
    responseDate: timestamp('response_date', { withTimezone: true }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The roles an accepted AsDpo invitation grants in the sender's company. */
    grantRoleIds: uuid('grant_role_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    uniqueIndex('invitation_token_hash_uq').on(t.tokenHash),
    index('invitation_sender_company_idx').on(t.senderCompanyId),
    index('invitation_recipient_email_idx').on(sql`lower(${t.recipientEmail})`),
  ],
);
