import { z } from 'zod';
import { text } from './scalars';

export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  username: text.trim().min(1).max(254),
  password: text.min(1).max(256),
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  /** Optional for browsers, which send the httpOnly cookie instead. */
  refresh_token: text.max(500).optional(),
});

export const tokenRequestSchema = z.discriminatedUnion('grant_type', [passwordGrantSchema, refreshGrantSchema]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  /** 'none' for a full session; 'authenticator' while the second factor is still owed. */
  mfa_required: z.enum(['none', 'authenticator']),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const tokenErrorSchema = z.object({
  error: z.enum(['invalid_grant', 'invalid_request', 'unsupported_grant_type']),
  error_description: z.string(),
});
export type TokenError = z.infer<typeof tokenErrorSchema>;
