import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const company = pgTable(
  'company',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', { enum: ['Company', 'Group'] })
      .notNull()
      .default('Company'),
    parentId: uuid('parent_id').references((): any => company.id, { onDelete: 'restrict' }),
    /** The data privacy agency that looks after this company (a client relation). */
    agencyId: uuid('agency_id').references((): any => company.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    isDemo: boolean('is_demo').notNull().default(false),
    isResponsibleParty: boolean('is_responsible_party').notNull().default(true),
    isDataProcessor: boolean('is_data_processor').notNull().default(false),
    isDataPrivacyAgency: boolean('is_data_privacy_agency').notNull().default(false),
    logoHash: text('logo_hash'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    country: text('country').notNull().default('DE'),
    zipCode: text('zip_code'),
    city: text('city'),
    phoneNumber: text('phone_number'),
    faxNumber: text('fax_number'),
    url: text('url'),
    emailAddress: text('email_address'),
    registrationAuthority: text('registration_authority'),
    registrationNumber: text('registration_number'),
    vatNumber: text('vat_number'),
    dpaFirstname: text('dpa_firstname'),
    dpaLastname: text('dpa_lastname'),
    dpaAddressLine1: text('dpa_address_line1'),
    dpaAddressLine2: text('dpa_address_line2'),
    dpaCountry: text('dpa_country').notNull().default('DE'),
    dpaZipCode: text('dpa_zip_code'),
    dpaCity: text('dpa_city'),
    dpaPhoneNumber: text('dpa_phone_number'),
    dpaEmailAddress: text('dpa_email_address'),
    /** The user acting as DPO, if they have an account; cleared when that user goes. */
    dataPrivacyAgentId: uuid('data_privacy_agent_id').references((): AnyPgColumn => appUser.id, { onDelete: 'set null' }),
    /** CIDR ranges logins must come from; empty = anywhere. */
    ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
    /** Days until a password expires; 0 = never. */
    passwordExpiryDays: integer('password_expiry_days').notNull().default(0),
    createdAt: createdAt(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('company_parent_idx').on(t.parentId), index('company_agency_idx').on(t.agencyId)],
);

export const appUser = pgTable(
  'app_user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    language: text('language', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    scopeCompanyId: uuid('scope_company_id').references(() => company.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /** The account holder of a subscription (spec: hasAccount). */
    hasAccount: boolean('has_account').notNull().default(false),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Set by an administrator: the next login must change the password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Confirmed authenticator secret (encrypted, see platform/auth/secret-box). */
    totpSecret: text('totp_secret'),
    /** Secret shown during set-up, not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** Last accepted TOTP time step, so a code cannot be replayed within its window. */
    totpLastStep: integer('totp_last_step'),
    /** Uploaded avatar (storage hash); none = generated initials. */
    avatarHash: text('avatar_hash'),
    /** Requested new e-mail address, confirmed through a mailed link. */
    pendingEmail: text('pending_email'),
    failedLogins: integer('failed_logins').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The single sign-on identity (issuer and subject) this user signs in with, once known. */
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
    createdAt: createdAt(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('app_user_email_uq').on(sql`lower(${t.email})`),
    index('app_user_company_idx').on(t.companyId),
    uniqueIndex('app_user_sso_subject_uq').on(t.ssoIssuer, t.ssoSubject),
  ],
);

export const role = pgTable(
  'role',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key of a built-in role; null for roles administrators create. */
    key: text('key'),
    name: text('name').notNull(),
    /** The company (tenant) a custom role belongs to; null for built-in roles. */
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('role_key_uq').on(t.key)],
);

export const roleClaim = pgTable(
  'role_claim',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    claim: text('claim').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.claim] })],
);

export const userRole = pgTable(
  'user_role',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/**
 * Companies a user is granted. Visibility expands from these grants to children (groups) and
 * clients (agencies); see platform/tenancy.
 */
export const userCompany = pgTable(
  'user_company',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('user_company_company_idx').on(t.companyId)],
);

/**
 * A person of another tenant granted a company (an accepted DPO invitation): the roles the
 * granting company chose for them there, which replace their home roles in that company and its
 * children (docs/decisions/0033).
 */
export const companyGrant = pgTable(
  'company_grant',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    roleIds: uuid('role_ids').array().notNull().default(sql`'{}'::uuid[]`),
    grantedBy: uuid('granted_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when the home tenant reset the person's password, second factor or address. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('company_grant_company_idx').on(t.companyId)],
);

export const authSession = pgTable(
  'auth_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** True until the second factor is verified. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

/** Every refresh token ever issued, so that reuse of a rotated one can be detected. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSession.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_token_hash_uq').on(t.tokenHash), index('refresh_token_session_idx').on(t.sessionId)],
);

/** Small key/value store for server state such as the token signing secret. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A personal API token: a session of its user that a script holds; only its hash is kept. */
export const apiToken = pgTable(
  'api_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSession.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    access: text('access').$type<'read' | 'write'>().notNull(),
    companyIds: uuid('company_ids').array(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_token_hash_uq').on(t.tokenHash), index('api_token_user_idx').on(t.userId)],
);
