import { z } from 'zod';

/** Stable machine codes carried by every error body. */
export const errorCodes = [
  'validation_failed',
  /** 422: a right second-factor code that was already used; the next one will do. */
  'mfa_code_reused',
  'unauthorized',
  'forbidden',
  'scope_forbidden',
  'not_found',
  'conflict',
  'precondition_failed',
  'rate_limited',
  'payload_too_large',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Per-field messages for 422 answers, keyed by dotted path. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** Present on 412 answers. */
  reason: z.string().optional(),
  /** Why a contract call failed (account.error.{details}), with the provider's message. */
  details: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const lockReasons = ['PasswordExpired', 'AccountExpired', 'TermsOfUseConsentRequired'] as const;
export type LockReason = (typeof lockReasons)[number];

/** Where the web app goes for each HTTP 412 reason (spec 000 §8). */
export const lockRoutes: Record<LockReason, string> = {
  PasswordExpired: '/change-password',
  AccountExpired: '/account',
  TermsOfUseConsentRequired: '/terms-of-use',
};
