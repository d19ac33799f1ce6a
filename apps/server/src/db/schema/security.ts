import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser, company, role } from './identity';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const recoveryCode = pgTable(
  'recovery_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_code_user_idx').on(t.userId)],
);

export const passwordResetToken = pgTable(
  'password_reset_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'reset' from forgot-password, 'invite' when an administrator creates the user. */
    purpose: text('purpose', { enum: ['reset', 'invite', 'email'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_token_hash_uq').on(t.tokenHash), index('password_reset_token_user_idx').on(t.userId)],
);

export const termsOfUse = pgTable('terms_of_use', {
  id: uuid('id').primaryKey().defaultRandom(),
  releaseDate: timestamp('release_date', { withTimezone: true }).notNull(),
  contentDe: text('content_de').notNull(),
  contentEn: text('content_en').notNull(),
  publishedBy: uuid('published_by').references(() => appUser.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const termsOfUseAgreement = pgTable(
  'terms_of_use_agreement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    termsOfUseId: uuid('terms_of_use_id')
      .notNull()
      .references(() => termsOfUse.id, { onDelete: 'cascade' }),
    isRevoked: boolean('is_revoked').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('terms_agreement_user_idx').on(t.userId, t.termsOfUseId)],
);

/** Every mail goes here first; without SMTP it stays here (and in the log) for a developer to read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: jsonb('attempts').$type<{ at: string; error: string }[]>().notNull().default([]),
    /**
     * A server process is handing the mail to SMTP until then (docs/decisions/0016): no other
     * process takes it meanwhile; once it passes, an unsent mail is free for a retry.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * For a mail whose text a user chose (invitations, questionnaires): the sending user's own
     * company, whose volume is limited per hour and shown to the operator.
     */
    senderCompanyId: uuid('sender_company_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_unsent_idx').on(t.sentAt, t.createdAt),
    index('mail_outbox_sender_idx').on(t.senderCompanyId, t.createdAt),
  ],
);

/** Optional mail categories a recipient turned off. */
export const mailOptOut = pgTable(
  'mail_opt_out',
  {
    email: text('email').notNull(),
    category: text('category').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_opt_out_uq').on(t.email, t.category)],
);

export const securityEvent = pgTable(
  'security_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    /** The login name tried, also for unknown users. */
    email: text('email'),
    type: text('type').notNull(),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** The company (other than the user's own) whose log the event also belongs to: a grant's. */
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('security_event_created_idx').on(t.createdAt), index('security_event_user_idx').on(t.userId)],
);

/**
 * Fixed-window rate-limit counters every server process shares (docs/decisions/0016): one row
 * per key (`token-ip:…`, `token-account:…`, `token-session:…`, `route:…`); a row whose window has
 * ended counts as empty and is swept now and then. No company data; pc_app has no access.
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    key: text('key').primaryKey(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_window_end_idx').on(t.windowEnd)],
);

/**
 * An account's single sign-on provider (OpenID Connect). The client secret is sealed like the
 * authenticator seeds (platform/auth/secret-box); `domains` are the e-mail domains it covers.
 */
export const ssoConfig = pgTable('sso_config', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => company.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
  defaultRoleId: uuid('default_role_id')
    .notNull()
    .references(() => role.id, { onDelete: 'restrict' }),
  passwordLoginDisabled: boolean('password_login_disabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
