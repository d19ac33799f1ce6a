import { z } from 'zod';

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
