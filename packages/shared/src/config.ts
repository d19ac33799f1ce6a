import { z } from 'zod';

export const environments = ['Development', 'Test', 'Staging', 'Production'] as const;

/** Public, unauthenticated configuration the web app reads before login. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  /** The operator's logo (LOGO_FILE), null for the built-in mark. */
  logoUrl: z.string().nullable(),
  environment: z.enum(environments),
  languages: z.array(z.string()),
  version: z.string(),
  webcastUrl: z.string().nullable(),
  subscriptionsEnabled: z.boolean(),
  /** Operator switch: the dashboard warns that Internet Explorer is not supported. */
  browserWarning: z.boolean(),
  /** Who direct-debit mandates are given to: the operator's name and SEPA creditor identifier. */
  sepaCreditor: z.object({ name: z.string(), id: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/**
 * GET /api/system/mail-volume (the operator, Platform.Manage): per company, the mails with a
 * text its users chose (invitations, questionnaires) — the relay that is limited per hour.
 */
export const mailVolumeSchema = z.array(
  z.object({
    companyId: z.uuid(),
    companyName: z.string(),
    inTrial: z.boolean(),
    lastHour: z.number().int(),
    lastDay: z.number().int(),
    last30Days: z.number().int(),
  }),
);
export type MailVolume = z.infer<typeof mailVolumeSchema>;
