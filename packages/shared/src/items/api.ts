import { z } from 'zod';
import { recordVersion } from '../error-body';
import type { ItemTypeKey } from '../item-types';
import { itemTypes } from '../item-types';
import { calendarDate, localDateTime, text } from '../scalars';
import { itemTypeDefs } from './definitions';
import { dataSchema } from './fields';

export const itemTypeKeySchema = z.enum(itemTypes.map((t) => t.key) as [ItemTypeKey, ...ItemTypeKey[]]);

export const userRefSchema = z.object({ id: z.uuid(), name: z.string() });
export const tagRefSchema = z.object({ id: z.uuid(), name: z.string(), type: z.string() });

/** The caller's rights on an item, decided by the server's policy and sent with it. */
export const itemRightsSchema = z.object({ write: z.boolean(), delete: z.boolean() });
export type ItemRights = z.infer<typeof itemRightsSchema>;

/** An item as the API answers it. */
export const itemSchema = z.object({
  id: z.uuid(),
  type: itemTypeKeySchema,
  companyId: z.uuid(),
  companyName: z.string(),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.number().int(),
  dueDate: z.string().nullable(),
  owner: userRefSchema.nullable(),
  assignee: userRefSchema.nullable(),
  parentType: itemTypeKeySchema.nullable(),
  parentId: z.uuid().nullable(),
  tags: z.array(tagRefSchema),
  data: z.record(z.string(), z.unknown()),
  /** Values the server derives (deadlines, risk level); never sent by clients. */
  derived: z.record(z.string(), z.unknown()),
  attachmentCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  rights: itemRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
});
export type Item = z.infer<typeof itemSchema>;

const coreInput = {
  name: text.trim().min(1, 'validation.required').max(300, 'validation.tooLong'),
  description: text.max(20_000, 'validation.tooLong').optional().default(''),
  status: z.number().int().min(0, 'validation.min').max(4, 'validation.max').optional().default(0),
  dueDate: calendarDate.nullable().optional().default(null),
  ownerId: z.uuid().nullable().optional().default(null),
  assigneeId: z.uuid().nullable().optional().default(null),
  parentType: itemTypeKeySchema.nullable().optional().default(null),
  parentId: z.uuid().nullable().optional().default(null),
};

/** Create/update body of one type; `companyId` only on create (defaults to the scope). */
export function itemInputSchema(type: ItemTypeKey) {
  return z.object({
    ...coreInput,
    companyId: z.uuid().optional(),
    data: dataSchema(itemTypeDefs[type].fields)
      .optional()
      .default({} as never),
  });
}
export type ItemInput = z.infer<ReturnType<typeof itemInputSchema>>;

export const itemSortFields = ['number', 'name', 'status', 'dueDate', 'createdAt', 'updatedAt', 'companyName'] as const;

/** "YYYY-MM-DD HH:mm:ss", the format the grid's date-range filter sends. */
export const gridDateTime = localDateTime(' ');

export const itemListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  sort: z.enum(itemSortFields).default('number'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  q: text.trim().max(200).optional(),
  status: z
    .string()
    .regex(/^[0-4](,[0-4])*$/)
    .optional(),
  open: z.enum(['true', 'false']).optional(),
  assigneeId: z.uuid().optional(),
  tagId: z.uuid().optional(),
  dateField: z.enum(['dueDate', 'createdAt', 'updatedAt']).default('dueDate'),
  from: gridDateTime.optional(),
  until: gridDateTime.optional(),
  /** Children of one item (the detail page's linked entries); the type alone narrows to parents of that type. */
  parentType: itemTypeKeySchema.optional(),
  parentId: z.uuid().optional(),
});

/** The three kinds of service agreement, listed together on /service-agreement. */
export const serviceAgreementKinds = [
  'service-agreement-with-client',
  'service-agreement-with-provider',
  'service-agreement-with-shared-responsibility',
] as const satisfies readonly ItemTypeKey[];
export const serviceAgreementListQuerySchema = itemListQuerySchema.extend({ kind: z.enum(serviceAgreementKinds).optional() });

export type ItemListQuery = z.infer<typeof itemListQuerySchema>;

export const itemPageSchema = z.object({ items: z.array(itemSchema), total: z.number().int() });

export const itemHistoryEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  action: z.enum(['created', 'updated', 'deleted', 'imported', 'restored']),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});

/** The status categories of an item type. */
export const statusCategorySchema = z.object({
  itemType: itemTypeKeySchema,
  type: z.string(),
  total: z.number().int(),
  open: z.number().int(),
  red: z.number().int(),
  yellow: z.number().int(),
  /**
   * Open and due within the next 24 hours or already overdue: for a data breach not yet notified
   * whose 72-hour authority deadline ends within 24 hours, for other types a due date whose day
   * ends within 24 hours. The sidebar shows it as the red badge.
   */
  urgent: z.number().int(),
  closedPercent: z.number(),
});

/**
 * Open and overdue items of a type at the end of each of the last 12 weeks (the last point is
 * now), oldest first: the dashboard tiles' trend (rule: docs/decisions/0073).
 */
export const itemTrendSchema = z.object({
  itemType: itemTypeKeySchema,
  weeks: z.array(z.object({ day: z.iso.date(), open: z.number().int(), overdue: z.number().int() })),
});
export type ItemTrend = z.infer<typeof itemTrendSchema>;

/** The status categories' closed share of a type at the end of the previous quarter (the radar's comparison). */
export const previousQuarterSchema = z.object({
  /** The quarter's last day (YYYY-MM-DD); the figures are those at its end. */
  until: z.iso.date(),
  types: z.array(
    z.object({ itemType: itemTypeKeySchema, total: z.number().int(), open: z.number().int(), closedPercent: z.number() }),
  ),
});
export type PreviousQuarter = z.infer<typeof previousQuarterSchema>;

/** A due issue in the list of due issues. */
export const dueIssueSchema = z.object({
  id: z.uuid(),
  priority: z.enum(['High', 'Low']),
  number: z.string(),
  companyName: z.string(),
  name: z.string(),
  assignedUserId: z.uuid().nullable(),
  assignedUserName: z.string().nullable(),
  ownerId: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  dueDate: z.string().nullable(),
  assignedDueDate: z.string().nullable(),
});

export const pdcaProgressSchema = z.object({
  total: z.number().int(),
  onSchedule: z.number().int(),
  onSchedulePercentage: z.number(),
  overdue: z.number().int(),
});

export const formatItemNumber = (prefix: string, n: number) => `${prefix}-${String(n).padStart(4, '0')}`;
