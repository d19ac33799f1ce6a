import { z } from 'zod';
import { text } from './scalars';

/** An e-mail domain a single sign-on provider covers: lower-case host name, no "@". */
const domain = text
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'validation.domain');

/** The account's single sign-on settings as administrators edit them; the secret is write-only. */
export const ssoConfigFormSchema = z.object({
  issuer: text.trim().min(1).max(500),
  clientId: text.trim().min(1).max(500),
  /** Empty keeps the stored secret. */
  clientSecret: text.max(2000).optional(),
  domains: z.array(domain).min(1).max(50),
  defaultRoleId: z.uuid(),
  passwordLoginDisabled: z.boolean(),
});
export type SsoConfigForm = z.infer<typeof ssoConfigFormSchema>;

export const ssoConfigSchema = z.object({
  configured: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  defaultRoleId: z.uuid().nullable(),
  passwordLoginDisabled: z.boolean(),
  /** Where the provider must send users back (its "redirect URI"). */
  redirectUri: z.string(),
  roles: z.array(z.object({ id: z.uuid(), name: z.string() })),
  rights: z.object({ write: z.boolean() }),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

export const ssoTestResultSchema = z.object({
  ok: z.boolean(),
  authorizationEndpoint: z.string().optional(),
  error: z.string().optional(),
});
export type SsoTestResult = z.infer<typeof ssoTestResultSchema>;

export const ssoDiscoverQuerySchema = z.object({ email: text.max(320) });
export const ssoDiscoverSchema = z.object({ sso: z.boolean(), url: z.string().optional() });
export type SsoDiscover = z.infer<typeof ssoDiscoverSchema>;
