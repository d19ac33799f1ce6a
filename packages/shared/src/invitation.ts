import { z } from 'zod';
import { passwordSchema, repeated } from './account';
import { text } from './scalars';

/** What accepting an invitation makes of the recipient. */
export const invitationPurposes = ['AsDpo', 'AsClient'] as const;
export const invitationPurposeSchema = z.enum(invitationPurposes);
export type InvitationPurpose = z.infer<typeof invitationPurposeSchema>;

export const invitationStatuses = ['Pending', 'Accepted', 'Declined', 'Withdrawn'] as const;
export const invitationStatusSchema = z.enum(invitationStatuses);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** How the reader stands to an invitation. */
export const invitationRoleSchema = z.enum(['None', 'Sender', 'Recipient']);
export type InvitationRole = z.infer<typeof invitationRoleSchema>;

/** Invitation links stay valid for 14 days from the last sending. */
export const INVITATION_VALID_DAYS = 14;
/** The longest message the create dialog accepts. */
export const INVITATION_MESSAGE_MAX = 4000;

/** The reader's rights on one invitation, decided by the server and sent with it. */
export const invitationRightsSchema = z.object({
  accept: z.boolean(),
  decline: z.boolean(),
  resend: z.boolean(),
  withdraw: z.boolean(),
  delete: z.boolean(),
});
export type InvitationRights = z.infer<typeof invitationRightsSchema>;

/** An invitation. */
export const invitationSchema = z.object({
  id: z.uuid(),
  role: invitationRoleSchema,
  purpose: invitationPurposeSchema,
  /** The sending company. */
  companyName: z.string(),
  /** The sending user's name. */
  sender: z.string(),
  /** The recipient's e-mail address. */
  recipient: z.string(),
  message: z.string(),
  creationDate: z.iso.datetime({ offset: true }),
  sentDate: z.iso.datetime({ offset: true }).nullable(),
  status: invitationStatusSchema,
  responseDate: z.iso.datetime({ offset: true }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Pending and past its expiry: it can no longer be accepted (the sender may resend it). */
  expired: z.boolean(),
  /** AsDpo: the roles accepting grants in the sending company (ids for the sender only). */
  grantRoleIds: z.array(z.uuid()),
  grantRoleNames: z.array(z.string()),
  rights: invitationRightsSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/invitation: recipient required, message optional. */
export const invitationInputSchema = z.object({
  purpose: invitationPurposeSchema,
  recipient: text.trim().min(1, 'validation.required').max(254, 'validation.tooLong').pipe(z.email('validation.email')),
  message: text.max(INVITATION_MESSAGE_MAX, 'validation.tooLong').optional().default(''),
  /**
   * AsDpo: the roles the DPO will hold in the inviting company (built-in or the company's own);
   * without them, the built-in external DPO role.
   */
  grantRoleIds: z.array(z.uuid()).min(1, 'validation.required').max(10).optional(),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** A role an inviting company may grant (GET /api/invitation/grant-roles). */
export const grantableRoleSchema = z.object({ id: z.uuid(), key: z.string().nullable(), name: z.string() });
export type GrantableRole = z.infer<typeof grantableRoleSchema>;

/** What accepting changed: the company the recipient is now DPO of, or the agency now looking after them. */
export const invitationAcceptResultSchema = z.object({ purpose: invitationPurposeSchema, companyName: z.string() });
export type InvitationAcceptResult = z.infer<typeof invitationAcceptResultSchema>;

/** GET /api/invitation/token/{token}: the mailed link's public check. */
export const invitationTokenInfoSchema = z.object({
  purpose: invitationPurposeSchema,
  companyName: z.string(),
  sender: z.string(),
  recipient: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** No user has this address yet: the link first sets up their access (company and password). */
  passwordRequired: z.boolean(),
});
export type InvitationTokenInfo = z.infer<typeof invitationTokenInfoSchema>;

export const invitationTokenParamsSchema = z.object({ token: text.min(20).max(200) });

/**
 * POST /api/invitation/token/{token}/register: a recipient without a user sets up their access,
 * with the name the inviting company and every list will show (a DPO is a named person).
 */
export const invitationRegisterSchema = repeated(
  {
    firstname: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    lastname: text.trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    companyName: text.trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    password: passwordSchema,
    passwordRepeated: text.min(1, 'validation.required').max(256),
  },
  'password',
  'passwordRepeated',
);
export type InvitationRegister = z.infer<typeof invitationRegisterSchema>;
