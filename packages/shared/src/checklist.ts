import { z } from 'zod';

/**
 * The getting-started checklist of a company's dashboard, in the order a new customer works
 * through it: company data, the data protection officer, first processing activities,
 * processors, technical and organisational measures, colleagues.
 */
export const checklistStepKeys = ['companyData', 'dpo', 'activities', 'processors', 'measures', 'colleagues'] as const;
export type ChecklistStepKey = (typeof checklistStepKeys)[number];

export const checklistStepSchema = z.object({
  key: z.enum(checklistStepKeys),
  done: z.boolean(),
  /** What the step counted (activities, agreements, measures, users); 0 for the company's own data. */
  count: z.number().int(),
  /** Whether the caller may do this step (the server's policy); the web links it only then. */
  canAct: z.boolean(),
});
export type ChecklistStep = z.infer<typeof checklistStepSchema>;

export const checklistSchema = z.object({
  /** The company the checklist is about: the scope company, or the user's only one; null when neither. */
  companyId: z.uuid().nullable(),
  companyName: z.string(),
  /** The caller dismissed it for this company. */
  dismissed: z.boolean(),
  /** The dashboard shows it: a company of its own that is responsible party, steps left, not dismissed. */
  show: z.boolean(),
  steps: z.array(checklistStepSchema),
});
export type Checklist = z.infer<typeof checklistSchema>;

export const checklistDismissSchema = z.object({ dismissed: z.boolean() });
export type ChecklistDismiss = z.infer<typeof checklistDismissSchema>;
