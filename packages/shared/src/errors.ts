// No zod in this module: the login screen's bundle reads it (docs/decisions/0027).

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
  /** 409: an update sent If-Match with a version that is no longer the current one; the body holds `current`. */
  'version_conflict',
  'precondition_failed',
  'rate_limited',
  'payload_too_large',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const lockReasons = ['PasswordExpired', 'AccountExpired', 'TermsOfUseConsentRequired'] as const;
export type LockReason = (typeof lockReasons)[number];

/** Where the web app goes for each HTTP 412 reason. */
export const lockRoutes: Record<LockReason, string> = {
  PasswordExpired: '/change-password',
  AccountExpired: '/account',
  TermsOfUseConsentRequired: '/terms-of-use',
};

/** A locked account answers login_failed like an unknown address (docs/decisions/0010). */
export const loginErrorDescriptions = ['login_failed', 'ip_not_allowed'] as const;
export type LoginErrorDescription = (typeof loginErrorDescriptions)[number];
