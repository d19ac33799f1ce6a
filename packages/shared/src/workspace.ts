import { z } from 'zod';
import { recordVersion } from './error-body';
import { dateTime, text } from './scalars';

/** The longest search query the server takes (the search field stops there too). */
export const SEARCH_QUERY_MAX = 200;

/** A search result. */
export const searchableItemSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  /** The item's status; for an attachment (type 'document') its item's, null when it hangs on none. */
  status: z.number().int().nullable(),
  parentType: z.string().nullable(),
  parentId: z.uuid().nullable(),
});
export type SearchableItem = z.infer<typeof searchableItemSchema>;

/** An entry of the timeline. */
export const timelineItemSchema = z.object({
  id: z.string(),
  hasHappened: z.boolean(),
  entity: z.string(),
  action: z.string(),
  referenceDate: z.string(),
  name: z.string(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  userFullName: z.string().nullable(),
  companyId: z.uuid(),
  companyName: z.string(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/** Entities the timeline never shows. */
export const timelineExcludedEntities = ['Initiation', 'DataCategory', 'PersonGroup', 'HrManagement', 'Response'] as const;
/** Timeline names are cut at 80 characters with an ellipsis. */
export const TIMELINE_NAME_MAX = 80;
export const truncateTimelineName = (name: string) =>
  name.length > TIMELINE_NAME_MAX ? `${name.slice(0, TIMELINE_NAME_MAX)}…` : name;

/** A help page: locale, index, content (markdown). */
export const helpContentSchema = z.object({
  id: z.uuid(),
  route: z.string(),
  locale: z.enum(['de', 'en']),
  index: z.number().int(),
  content: z.string(),
});
export const helpContentInputSchema = z.object({
  route: text
    .trim()
    .max(300, 'validation.tooLong')
    .regex(/^\/[a-z0-9/$-]*$/, 'validation.route'),
  locale: z.enum(['de', 'en']),
  index: z.number().int().min(0).max(999),
  content: text.trim().min(1, 'validation.required').max(50_000, 'validation.tooLong'),
});

export const changeLogEntrySchema = z.object({
  version: z.string(),
  date: z.string(),
  notes: z.object({ de: z.array(z.string()), en: z.array(z.string()) }),
});
export const latestVersionSchema = z.object({ version: z.string(), date: z.string() });

/** The item types with a progress tile on the dashboard, in tile order. */
export const progressTileTypes = [
  'process',
  'impact-assessment',
  'training',
  'audit',
  'measure',
  'website',
  'hr',
  'concept',
  'standard-process',
  'privacy-request',
] as const;

/** Dashboard tile keys that a user may hide. */
export const dashboardTileKeys = [
  'twoFactor',
  'changeLog',
  'myDpo',
  'invitation',
  'ServiceAgreement',
  'PdcaCycle',
  'Timeline',
  'Issue',
  'TimeRecord',
  'diagram',
  ...progressTileTypes,
] as const;
export const dashboardSettingsSchema = z.object({
  hiddenTiles: z.array(z.enum(dashboardTileKeys)).max(dashboardTileKeys.length),
});

/** The caller's rights on an appointment, decided by the server's policy and sent with it. */
export const appointmentRightsSchema = z.object({ write: z.boolean(), delete: z.boolean() });
export type AppointmentRights = z.infer<typeof appointmentRightsSchema>;

export const appointmentSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  title: z.string(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  attendees: z.string(),
  itemId: z.uuid().nullable(),
  itemType: z.string().nullable(),
  itemName: z.string().nullable(),
  rights: appointmentRightsSchema,
  /** Raised on every update; sent back as If-Match. */
  version: recordVersion.optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
export const appointmentPageSchema = z.object({ items: z.array(appointmentSchema), total: z.number().int() });
export const appointmentSortFields = ['start', 'end', 'title', 'company', 'attendees'] as const;

/** The appointment list: a date range, sorted and paged on the server. */
export const appointmentPageQuerySchema = z.object({
  from: dateTime.optional(),
  until: dateTime.optional(),
  q: text.trim().max(200).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.enum(appointmentSortFields).default('start'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type AppointmentPageQuery = z.infer<typeof appointmentPageQuerySchema>;

export const appointmentInputSchema = z
  .object({
    title: text.trim().min(1, 'validation.required').max(300, 'validation.tooLong'),
    start: dateTime,
    end: dateTime,
    attendees: text.max(2000, 'validation.tooLong').optional().default(''),
    itemId: z.uuid().nullable().optional().default(null),
    companyId: z.uuid().optional(),
  })
  .refine((a) => new Date(a.end) >= new Date(a.start), { message: 'validation.endBeforeStart', path: ['end'] });
