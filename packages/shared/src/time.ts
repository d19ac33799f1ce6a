import { z } from 'zod';
import { recordVersion } from './error-body';
import { calendarDate, text } from './scalars';

/** The caller's rights on a project or time record, decided by the server and sent with it. */
export const timeRightsSchema = z.object({ write: z.boolean(), delete: z.boolean() });
export type TimeRights = z.infer<typeof timeRightsSchema>;

const money = z.number().min(0, 'validation.notNegative').max(10_000_000, 'validation.tooLarge');
const hoursAmount = z.number().min(0, 'validation.notNegative').max(1_000_000, 'validation.tooLarge');
/** "YYYY-MM": a planned month. */
export const yearMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.date')
  .refine((s) => calendarDate.safeParse(`${s}-01`).success, 'validation.date');

export const budgetPeriods = ['Month', 'Project'] as const;

export const projectRateSchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  hourlyRate: z.number(),
});
export const plannedMonthSchema = z.object({ month: yearMonth, hours: z.number() });

/**
 * A project of a client company that time is booked on. Its terms — budget hours, flat rate,
 * hourly rate, the person-specific rates — are left out for a caller who may not see them
 * (Projects.Write or TimeRecords.ReadAll, and not of the client company itself).
 */
export const projectSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  name: z.string(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  budgetPeriod: z.enum(budgetPeriods),
  isActive: z.boolean(),
  plannedHours: z.array(plannedMonthSchema),
  rights: timeRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
  // The terms, last: answers that leave them out are written the same by either serializer.
  budgetHours: z.number().nullable().optional(),
  flatRate: z.number().nullable().optional(),
  hourlyRate: z.number().nullable().optional(),
  rates: z.array(projectRateSchema).optional(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectInputSchema = z
  .object({
    companyId: z.uuid(),
    name: text.trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    validFrom: calendarDate,
    validUntil: calendarDate.nullable().optional().default(null),
    budgetHours: hoursAmount.nullable().optional().default(null),
    budgetPeriod: z.enum(budgetPeriods).default('Month'),
    flatRate: money.nullable().optional().default(null),
    hourlyRate: money.nullable().optional().default(null),
    isActive: z.boolean().default(true),
    rates: z
      .array(z.object({ userId: z.uuid(), hourlyRate: money }))
      .max(200)
      .default([])
      .refine((r) => new Set(r.map((x) => x.userId)).size === r.length, 'validation.duplicate'),
    plannedHours: z
      .array(z.object({ month: yearMonth, hours: hoursAmount }))
      .max(600)
      .default([])
      .refine((r) => new Set(r.map((x) => x.month)).size === r.length, 'validation.duplicate'),
  })
  .refine((p) => !p.validUntil || p.validUntil >= p.validFrom, { message: 'validation.endBeforeStart', path: ['validUntil'] });
export type ProjectInput = z.infer<typeof projectInputSchema>;

export const projectListQuerySchema = z.object({
  companyId: z.uuid().optional(),
  activeOnly: z.enum(['true', 'false']).optional(),
});

/** "HH:mm" on a 24-hour clock; "24:00" ends a day. */
export const clockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'validation.time');
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * Booking input: the day, either start and end (the hours follow from them) or the hours alone,
 * in quarter hours; description required.
 */
export const timeRecordInputSchema = z
  .object({
    day: calendarDate,
    startTime: clockTime.nullable().optional().default(null),
    endTime: clockTime.nullable().optional().default(null),
    hours: z
      .number()
      .min(0.25, 'validation.hoursMin')
      .max(24, 'validation.hoursMax')
      .refine((h) => Number.isInteger(h * 4), 'validation.quarterHours')
      .nullable()
      .optional()
      .default(null),
    projectId: z.uuid(),
    itemId: z.uuid().nullable().optional().default(null),
    description: text.trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
    billable: z.boolean().default(true),
  })
  .superRefine((r, ctx) => {
    if (r.startTime && r.endTime) {
      const d = minutes(r.endTime) - minutes(r.startTime);
      if (d <= 0) ctx.addIssue({ code: 'custom', message: 'validation.endBeforeStart', path: ['endTime'] });
      else if (d % 15 !== 0) ctx.addIssue({ code: 'custom', message: 'validation.quarterHours', path: ['endTime'] });
    } else if (r.startTime || r.endTime) {
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: [r.startTime ? 'endTime' : 'startTime'] });
    } else if (r.hours == null) {
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['hours'] });
    }
  });
export type TimeRecordInput = z.infer<typeof timeRecordInputSchema>;

/** The hours a booking counts: from start and end when given, else the hours entered. */
export function bookedHours(r: Pick<TimeRecordInput, 'startTime' | 'endTime' | 'hours'>): number {
  if (r.startTime && r.endTime) return (minutes(r.endTime) - minutes(r.startTime)) / 60;
  return r.hours ?? 0;
}

export const timeRecordSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  userId: z.uuid(),
  userName: z.string(),
  day: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  hours: z.number(),
  itemId: z.uuid().nullable(),
  itemType: z.string().nullable(),
  itemName: z.string().nullable(),
  description: z.string(),
  billable: z.boolean(),
  rights: timeRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
});
export type TimeRecord = z.infer<typeof timeRecordSchema>;

export const timeRecordSortFields = ['day', 'hours', 'company', 'project', 'user', 'description'] as const;

/** The time record list: a day range (either bound open), filters, sorted and paged on the server. */
export const timeRecordPageQuerySchema = z.object({
  from: calendarDate.optional(),
  until: calendarDate.optional(),
  companyId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  userId: z.uuid().optional(),
  itemId: z.uuid().optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.enum(timeRecordSortFields).default('day'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type TimeRecordPageQuery = z.infer<typeof timeRecordPageQuerySchema>;

/** A page of records with the sums over every record the filter matches (the grid's footer). */
export const timeRecordPageSchema = z.object({
  items: z.array(timeRecordSchema),
  total: z.number().int(),
  sumHours: z.number(),
  sumBillableHours: z.number(),
});
export type TimeRecordPage = z.infer<typeof timeRecordPageSchema>;

/** How the time comparison groups: by what was booked for, by whom and by date. */
export const bookedForGroupings = ['Global', 'Company', 'Issue'] as const;
export const bookedByGroupings = ['Global', 'User'] as const;
export const dateGroupings = ['Year', 'Month', 'Week', 'Day'] as const;

/** How the time comparison groups and which records it takes. */
const timeComparisonFilterFields = z.object({
  bookedFor: z.enum(bookedForGroupings).default('Company'),
  bookedBy: z.enum(bookedByGroupings).default('Global'),
  dateGrouping: z.enum(dateGroupings).default('Month'),
  from: calendarDate,
  until: calendarDate,
  companyId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  userId: z.uuid().optional(),
});
/** The range's end on or after its start, else the until field says so. */
const endNotBeforeStart = (q: { from: string; until: string }) => q.until >= q.from;
const endBeforeStart = { message: 'validation.endBeforeStart', path: ['until'] };

/** The time comparison's chart's query parameters: the grid's without its page (the chart sums every row). */
export const timeComparisonFilterSchema = timeComparisonFilterFields.refine(endNotBeforeStart, endBeforeStart);
export type TimeComparisonFilter = z.infer<typeof timeComparisonFilterSchema>;

/** The time comparison's query parameters; page size 14 (options 14, 30, 45). */
export const timeComparisonQuerySchema = timeComparisonFilterFields
  .extend({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(500).default(14),
  })
  .refine(endNotBeforeStart, endBeforeStart);
export type TimeComparisonQuery = z.infer<typeof timeComparisonQuerySchema>;

/** A time comparison row (formulas: docs/decisions/0023). */
export const timeComparisonRowSchema = z.object({
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  parentCompanyId: z.uuid().nullable(),
  parentCompanyName: z.string().nullable(),
  projectId: z.uuid().nullable(),
  projectName: z.string().nullable(),
  issueId: z.uuid().nullable(),
  issueNumber: z.string().nullable(),
  issueName: z.string().nullable(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  referenceDate: z.string(),
  year: z.number().int(),
  month: z.number().int().nullable(),
  week: z.number().int().nullable(),
  budget: z.number().nullable(),
  plannedTime: z.number().nullable(),
  futurePlannedTime: z.number().nullable(),
  bookedTime: z.number(),
  projectedTime: z.number(),
  delta: z.number().nullable(),
  projectedDelta: z.number().nullable(),
  bookedPlannedPercentage: z.number().nullable(),
  plannedBudgetPercentage: z.number().nullable(),
  bookedBudgetPercentage: z.number().nullable(),
  bookedTimeOfPlannedHoursByProject: z.number().nullable(),
});
export type TimeComparisonRow = z.infer<typeof timeComparisonRowSchema>;
/** A page of comparison rows with the hours summed over every row the filter matches (the grid's totals). */
export const timeComparisonPageSchema = z.object({
  items: z.array(timeComparisonRowSchema),
  total: z.number().int(),
  sums: z.object({
    budget: z.number().nullable(),
    plannedTime: z.number().nullable(),
    futurePlannedTime: z.number().nullable(),
    bookedTime: z.number(),
  }),
});
export type TimeComparisonPage = z.infer<typeof timeComparisonPageSchema>;
export type TimeComparisonSums = TimeComparisonPage['sums'];

/** What the comparison's chart stacks by: one series (Global), companies or persons. */
export const chartStackings = ['Global', 'Company', 'User'] as const;

/**
 * The time comparison's chart: booked, planned and budget hours per period of every row the
 * filter matches, one series per company or person (the grouping's), the six with the most
 * booked hours by name and the rest summed in one series without a key.
 */
export const timeComparisonChartSchema = z.object({
  stackedBy: z.enum(chartStackings),
  periods: z.array(
    z.object({
      /** The period's first day. */
      referenceDate: z.iso.date(),
      year: z.number().int(),
      month: z.number().int().min(1).max(12).nullable(),
      /** The ISO week (with weeks and days). */
      week: z.number().int().min(1).max(53).nullable(),
    }),
  ),
  series: z.array(
    z.object({
      key: z.uuid().nullable(),
      label: z.string().nullable(),
      booked: z.array(z.number()),
      planned: z.array(z.number().nullable()),
      budget: z.array(z.number().nullable()),
    }),
  ),
});
export type TimeComparisonChart = z.infer<typeof timeComparisonChartSchema>;

/**
 * A time budget element row: one per project and person-specific rate (or one without).
 * The amounts are left out where the caller may not see the project's terms (as on the project).
 */
export const timeBudgetElementSchema = z.object({
  projectId: z.uuid(),
  companyName: z.string(),
  projectName: z.string(),
  fullname: z.string().nullable(),
  budget: z.number().nullable().optional(),
  flatRate: z.number().nullable().optional(),
  hourlyRate: z.number().nullable().optional(),
  personSpecificHourlyRate: z.number().nullable().optional(),
});
export type TimeBudgetElement = z.infer<typeof timeBudgetElementSchema>;

/**
 * The dashboard's time tile: this month's hours in the scope. With
 * `TimeRecords.ReadAll` the booked hours are everyone's and are set against the plan; with only
 * `TimeRecords.Read` they are the caller's own (`ownOnly`), next to the scope's plan for context.
 */
export const timeMonthSummarySchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  ownOnly: z.boolean(),
  activeProjects: z.number().int(),
  bookedTime: z.number(),
  plannedTime: z.number().nullable(),
  bookedPlannedPercentage: z.number().nullable(),
});
export type TimeMonthSummary = z.infer<typeof timeMonthSummarySchema>;
