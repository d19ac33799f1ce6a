import { z } from 'zod';
import { companyRightsSchema, companyTypeSchema } from './company';
import { recordVersion } from './error-body';
import { notificationChannelSchema } from './notification';
import { calendarDate, text } from './scalars';
import { languageSchema } from './user';
import { vatNumberFits, vatNumberRefinement, vatNumberTextSchema } from './vat/validate';

const optionalText = (max = 300) => text.trim().max(max, 'validation.tooLong').optional().default('');

/** A company as created or edited: its initiation data plus type, parent, flags and security settings. */
export const companyInputSchema = z.object({
  name: text.trim().min(1, 'validation.required').max(300, 'validation.tooLong'),
  type: companyTypeSchema.default('Company'),
  parentCompanyId: z.uuid().nullable().optional().default(null),
  isActive: z.boolean().default(true),
  isResponsibleParty: z.boolean().default(true),
  isDataProcessor: z.boolean().default(false),
  isDataPrivacyAgency: z.boolean().default(false),
  addressLine1: optionalText(),
  addressLine2: optionalText(),
  country: text.trim().length(2, 'validation.country').default('DE'),
  zipCode: optionalText(20),
  city: optionalText(),
  phoneNumber: optionalText(50),
  faxNumber: optionalText(50),
  url: optionalText(500),
  emailAddress: z
    .union([z.literal(''), z.email('validation.email')])
    .optional()
    .default(''),
  registrationAuthority: optionalText(),
  registrationNumber: optionalText(100),
  /**
   * Empty or a valid VAT identification number (vat/validate.ts), kept as typed; one valid only
   * with the company's country prefix is accepted and stored with it (the company service).
   */
  vatNumber: vatNumberTextSchema.optional().default(''),
  dataPrivacyAgentFirstname: optionalText(),
  dataPrivacyAgentLastname: optionalText(),
  dataPrivacyAgentAddressLine1: optionalText(),
  dataPrivacyAgentAddressLine2: optionalText(),
  dataPrivacyAgentCountry: text.trim().length(2, 'validation.country').default('DE'),
  dataPrivacyAgentZipCode: optionalText(20),
  dataPrivacyAgentCity: optionalText(),
  dataPrivacyAgentPhoneNumber: optionalText(50),
  dataPrivacyAgentEmailAddress: z
    .union([z.literal(''), z.email('validation.email')])
    .optional()
    .default(''),
  /** The user who acts as data protection officer, when the DPO has an account here. */
  dataPrivacyAgentId: z.uuid().nullable().optional().default(null),
  ipAllowList: z.array(z.cidrv4().or(z.cidrv6())).max(100).default([]),
  passwordExpiryDays: z.number().int().min(0).max(3650).default(0),
});
export type CompanyInput = z.infer<typeof companyInputSchema>;

/**
 * The company form and the API body: the fields above, with the VAT number read with the
 * company's country. A separate schema, so screens may still pick fields of the plain one.
 */
export const companyFormSchema = companyInputSchema.refine(
  (c) => vatNumberFits(c?.vatNumber, c?.country),
  vatNumberRefinement('vatNumber'),
);

export const companyDetailSchema = companyInputSchema.extend({
  id: z.uuid(),
  parentCompanyName: z.string().nullable(),
  agencyCompanyId: z.uuid().nullable(),
  agencyCompanyName: z.string().nullable(),
  isDemo: z.boolean(),
  hasLogo: z.boolean(),
  creationDate: z.iso.datetime({ offset: true }),
  children: z.array(z.object({ id: z.uuid(), name: z.string() })),
  numberOfChildCompanies: z.number().int(),
  /** The DPO user acts here through a grant of another tenant: clearing the field ends it. */
  dataPrivacyAgentGranted: z.boolean(),
  rights: companyRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** The caller's rights on a role: built-in roles are never changed. */
export const roleRightsSchema = z.object({ write: z.boolean(), delete: z.boolean() });
export type RoleRights = z.infer<typeof roleRightsSchema>;

export const roleSchema = z.object({
  id: z.uuid(),
  key: z.string().nullable(),
  name: z.string(),
  builtIn: z.boolean(),
  companyId: z.uuid().nullable(),
  claims: z.array(z.string()),
  userCount: z.number().int(),
  rights: roleRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleInputSchema = z.object({
  name: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  claims: z.array(text.max(100)).max(200),
  companyId: z.uuid().optional(),
});

/**
 * The caller's rights on a user: `write` covers editing, (de)activating and the account actions.
 * Users are deactivated, never deleted.
 */
/** `deactivate`: write on someone else; nobody deactivates their own user (they would lock themselves out). */
/** write: edit and run account actions; deactivate; grant: change or revoke an external person's grant. */
export const adminUserRightsSchema = z.object({ write: z.boolean(), deactivate: z.boolean(), grant: z.boolean() });
export type AdminUserRights = z.infer<typeof adminUserRightsSchema>;

/** Why a grant is suspended: the person's home tenant reset their password, second factor or address. */
export const grantSuspendReasons = ['passwordLink', 'secondFactorReset', 'emailChange'] as const;

/** A company of the caller's that granted a person of another tenant access, with the roles it chose. */
export const externalGrantSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  roleIds: z.array(z.uuid()),
  roleNames: z.array(z.string()),
  grantedAt: z.iso.datetime({ offset: true }),
  suspendedAt: z.iso.datetime({ offset: true }).nullable(),
  suspendedReason: z.enum(grantSuspendReasons).nullable(),
});
export type ExternalGrant = z.infer<typeof externalGrantSchema>;

/** PUT /api/user/{id}/grant: the roles a granting company gives the person (resumes a suspended grant). */
export const grantInputSchema = z.object({
  companyId: z.uuid(),
  roleIds: z.array(z.uuid()).min(1, 'validation.roleRequired').max(10),
});
export const grantQuerySchema = z.object({ companyId: z.uuid() });

export const adminUserSchema = z.object({
  id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  language: languageSchema,
  companyId: z.uuid(),
  companyName: z.string(),
  isActive: z.boolean(),
  roleIds: z.array(z.uuid()),
  roleNames: z.array(z.string()),
  companyIds: z.array(z.uuid()),
  validUntil: z.string().nullable(),
  lockedUntil: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
  hasPassword: z.boolean(),
  /** A new address the user still has to confirm. */
  pendingEmail: z.string().nullable(),
  /**
   * A person of another tenant whom the caller's companies granted access: their home company,
   * last sign-in and the grants (their home roles and companies are not the caller's to see).
   */
  external: z
    .object({
      homeCompanyName: z.string(),
      lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
      grants: z.array(externalGrantSchema),
    })
    .nullable(),
  rights: adminUserRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserInputSchema = z.object({
  firstname: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  lastname: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  email: z.email('validation.email').max(254),
  language: languageSchema.default('de'),
  companyId: z.uuid(),
  roleIds: z.array(z.uuid()).min(1, 'validation.roleRequired').max(20),
  companyIds: z.array(z.uuid()).max(500).default([]),
  validUntil: calendarDate.nullable().default(null),
  isActive: z.boolean().default(true),
});

export const profileInputSchema = z.object({
  firstname: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  lastname: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  language: languageSchema,
});
export const emailChangeSchema = z.object({ email: z.email('validation.email').max(254) });
export const emailChangeConfirmSchema = z.object({ userId: z.uuid(), token: text.min(1).max(200) });
/** The profile's notification card: security notices, and per category in-app and e-mail. */
export const notificationSettingsSchema = z.object({
  securityNotices: z.boolean(),
  categories: z.array(notificationChannelSchema),
});
/** What the card saves: the categories it sends are changed, the others stay as they are. */
export const notificationSettingsInputSchema = z.object({
  securityNotices: z.boolean(),
  categories: z.array(notificationChannelSchema).max(20).optional(),
});
