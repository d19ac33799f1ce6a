import { z } from 'zod';

/** The longest a personal API token may live: a forgotten script must not hold access for ever. */
export const API_TOKEN_MAX_DAYS = 366;

export const apiTokenAccess = ['read', 'write'] as const;

export const apiTokenInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  expiresAt: z.iso.datetime({ offset: true }),
  access: z.enum(apiTokenAccess),
  companyIds: z.array(z.uuid()).max(1000).optional(),
});
export type ApiTokenInput = z.infer<typeof apiTokenInputSchema>;

export const apiTokenCreatedSchema = z.object({ id: z.uuid(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  access: z.enum(apiTokenAccess),
  companyIds: z.array(z.uuid()).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);
