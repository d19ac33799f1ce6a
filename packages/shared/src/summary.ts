import { z } from 'zod';
import { itemTypeKeySchema } from './items/api';
import { calendarDate } from './scalars';

/** GET /api/summary/report: a period of calendar days (both included) in the product's time zone. */
export const summaryReportQuerySchema = z
  .object({
    from: calendarDate,
    until: calendarDate,
    /** The company the report is for (with its child companies); defaults to the whole scope. */
    companyId: z.uuid().optional(),
  })
  .refine((q) => q.from <= q.until, { path: ['until'], message: 'validation.periodOrder' });
export type SummaryReportQuery = z.infer<typeof summaryReportQuerySchema>;

/** Activity of one item type in the period. */
export const summaryTypeRowSchema = z.object({
  type: itemTypeKeySchema,
  /** Created within the period. */
  created: z.number().int(),
  /** Moved to a closed status (not applicable, done) within the period. */
  closed: z.number().int(),
  /** Not closed at the end of the period (or now, when the period has not ended yet). */
  openAtEnd: z.number().int(),
  /** Of those, due before that moment. */
  overdue: z.number().int(),
});
export type SummaryTypeRow = z.infer<typeof summaryTypeRowSchema>;

const listedItem = {
  id: z.uuid(),
  number: z.string(),
  name: z.string(),
  status: z.number().int(),
  companyName: z.string(),
};

export const summaryBreachSchema = z.object({
  ...listedItem,
  discoveredAt: z.string(),
  /** Art. 33(1): discovery + 72 h. */
  deadline: z.string(),
  notifiedAt: z.string().nullable(),
  /** null while the authority has not been notified. */
  notifiedWithin72h: z.boolean().nullable(),
  riskLevel: z.string().nullable(),
});
export type SummaryBreach = z.infer<typeof summaryBreachSchema>;

export const summaryRequestSchema = z.object({
  ...listedItem,
  requestType: z.string(),
  receivedDate: z.string(),
  /** Art. 12(3): receipt + 1 month, + 3 when extended. */
  deadline: z.string(),
  respondedDate: z.string().nullable(),
  /** null while unanswered. */
  answeredInTime: z.boolean().nullable(),
});
export type SummaryRequest = z.infer<typeof summaryRequestSchema>;

export const summaryReportSchema = z.object({
  from: calendarDate,
  until: calendarDate,
  generatedAt: z.iso.datetime({ offset: true }),
  /** Only the types the caller may read, in menu order. */
  types: z.array(summaryTypeRowSchema),
  /** Breaches discovered in the period; null when the caller may not read breaches. */
  dataBreaches: z.array(summaryBreachSchema).nullable(),
  /** Requests received in the period; null when the caller may not read requests. */
  privacyRequests: z.array(summaryRequestSchema).nullable(),
});
export type SummaryReport = z.infer<typeof summaryReportSchema>;

/** The longest period a management report covers: three years (a quarter is the usual one). */
export const MANAGEMENT_REPORT_MAX_DAYS = 3 * 366;

const daysBetween = (from: string, until: string) =>
  (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** GET /api/report/management: the management report of one company (with its child companies) for a period. */
export const managementReportQuerySchema = z
  .object({
    companyId: z.uuid(),
    from: calendarDate,
    until: calendarDate,
    format: z.enum(['pdf']).default('pdf'),
  })
  .refine((q) => q.from <= q.until, { path: ['until'], message: 'validation.periodOrder' })
  .refine((q) => daysBetween(q.from, q.until) <= MANAGEMENT_REPORT_MAX_DAYS, {
    path: ['until'],
    message: 'validation.periodTooLong',
  });
export type ManagementReportQuery = z.infer<typeof managementReportQuerySchema>;
