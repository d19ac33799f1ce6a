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
  /** Present on 409 version_conflict answers: the record as it stands now. */
  current: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * The version of a record a form edits, raised on every update. Sent in the body (also by lists,
 * whose rows the forms of roles, tags, text modules, projects, time records and appointments
 * edit) and as the ETag of a record's GET and PUT; an update sends it back as If-Match.
 */
export const recordVersion = z.number().int().min(1);

/** The If-Match header of an update: the ETag (`"7"`) of the version the change is based on. */
export const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .max(200)
    .optional()
    .describe(
      'The ETag of the version this change is based on. When it is not the current one, nothing is changed and the answer is 409 version_conflict with the current record. Without it, the update applies to whatever version is current.',
    ),
});

/**
 * The 409 answer of an update: `version_conflict` when If-Match names an older version (with the
 * record as it is now), or another conflict of the update with the current state (`conflict`).
 */
export function versionConflictSchema<T extends z.ZodType>(current: T) {
  return apiErrorSchema
    .extend({ current: current.optional() })
    .describe(
      'code version_conflict: the If-Match version is not the current one, nothing was changed; `current` is the record as it is now and its version is also the ETag header. code conflict: the change conflicts with the current state otherwise (the message says why).',
    );
}
