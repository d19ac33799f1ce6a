import { z } from 'zod';
import { dateTime, text } from './scalars';

/** Password rules: checked identically in the browser and on the server. */
export const passwordCriteria = {
  minLength: (p: string) => p.length >= 8,
  uppercase: (p: string) => /\p{Lu}/u.test(p),
  lowercase: (p: string) => /\p{Ll}/u.test(p),
  digit: (p: string) => /\d/.test(p),
  special: (p: string) => /[^\p{L}\d\s]/u.test(p),
} as const;
export type PasswordCriterion = keyof typeof passwordCriteria;
export const passwordCriterionKeys = Object.keys(passwordCriteria) as PasswordCriterion[];

export function unmetPasswordCriteria(password: string): PasswordCriterion[] {
  return passwordCriterionKeys.filter((k) => !passwordCriteria[k](password));
}

export const passwordSchema = text.max(256, 'password.tooLong').superRefine((p, ctx) => {
  for (const k of unmetPasswordCriteria(p)) ctx.addIssue({ code: 'custom', message: `password.criteria.${k}` });
});

/** An empty repetition says 'required' rather than 'does not match'. */
const required = text.min(1, 'validation.required').max(256);

export const repeated = <T extends z.ZodRawShape>(shape: T, a: keyof T & string, b: keyof T & string) =>
  z.object(shape).refine(
    (v) => {
      const r = v as Record<string, unknown>;
      // An empty repetition is already 'required'; saying 'does not match' as well would only confuse.
      return r[b] === '' || r[a] === r[b];
    },
    {
      message: 'password.mismatch',
      path: [b],
    },
  );

export const changePasswordSchema = repeated(
  {
    existingPassword: text.min(1, 'validation.required').max(256),
    newPassword: passwordSchema,
    newPasswordRepeated: required,
  },
  'newPassword',
  'newPasswordRepeated',
);
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** Resetting a password: the mailed token, the user and the new password twice. */
export const resetPasswordSchema = repeated(
  { token: text.min(1).max(200), userId: z.uuid(), password: passwordSchema, passwordRepeated: required },
  'password',
  'passwordRepeated',
);
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const validateResetTokenSchema = z.object({ userId: z.uuid(), token: text.min(1).max(200) });
/** A valid link also names the address it went to (the login after the new password is filled with it). */
export const validateResetTokenResponseSchema = z.object({ valid: z.boolean(), email: z.string().optional() });

/** Second-factor verification. */
export const mfaVerifySchema = z.object({
  code: text.trim().min(1, 'validation.required').max(64),
  isRecoveryCode: z.boolean().default(false),
});

export const twoFactorSetupRequestSchema = z.object({ password: text.min(1, 'validation.required').max(256) });
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** PNG data URL of the otpauth QR code. */
  qrCode: z.string(),
});
export const twoFactorEnableSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'mfa.codeFormat'),
});
export const twoFactorEnabledSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export const twoFactorDisableSchema = z.object({
  password: text.min(1, 'validation.required').max(256),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'mfa.codeFormat'),
});

/** A release of the terms of use. */
export const termsOfUseSchema = z.object({ id: z.uuid(), releaseDate: z.iso.datetime({ offset: true }), content: z.string() });
export type TermsOfUse = z.infer<typeof termsOfUseSchema>;
export const publishTermsOfUseSchema = z.object({
  releaseDate: dateTime,
  contentDe: text.trim().min(1, 'validation.required').max(200_000, 'validation.tooLong'),
  contentEn: text.trim().min(1, 'validation.required').max(200_000, 'validation.tooLong'),
});
export const termsOfUseVersionSchema = z.object({
  id: z.uuid(),
  releaseDate: z.iso.datetime({ offset: true }),
  contentDe: z.string(),
  contentEn: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  agreements: z.number().int(),
});

export const unsubscribeSchema = z.object({ email: z.email(), category: text.min(1).max(100), signature: text.min(1).max(200) });

export const securityEventTypes = [
  'login.success',
  'login.failure',
  'login.locked',
  'login.ipBlocked',
  'mfa.success',
  'mfa.failure',
  'mfa.enabled',
  'mfa.disabled',
  'mfa.recoveryCodeUsed',
  'password.changed',
  'password.resetRequested',
  'password.reset',
  'user.unlocked',
  'session.refreshReuse',
  'terms.accepted',
  'grant.created',
  'grant.changed',
  'grant.revoked',
  'grant.suspended',
  'grant.resumed',
  'email.changeRequested',
  'apiToken.created',
  'apiToken.revoked',
  'apiToken.refused',
  'sso.login',
  'sso.userCreated',
  'sso.refused',
  'sso.configured',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
] as const;

export const securityEventSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  type: z.string(),
  userId: z.uuid().nullable(),
  email: z.string().nullable(),
  userFullName: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export const securityLogPageSchema = z.object({ items: z.array(securityEventSchema), total: z.number().int() });
export const securityLogQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  userId: z.uuid().optional(),
  type: text.max(100).optional(),
});

export const companySecuritySchema = z.object({
  ipAllowList: z.array(z.cidrv4().or(z.cidrv6())).max(100),
  passwordExpiryDays: z.number().int().min(0).max(3650),
});
