import { z } from 'zod';
import { dateTime, text } from './scalars';

/** What a notification is about; the kinds the server writes. */
export const NOTIFICATION_KINDS = [
  'assigned',
  'due_soon',
  'due_tomorrow',
  'overdue',
  'breach_created',
  'breach_deadline',
  'request_received',
  'request_deadline',
  'webhook_paused',
  'invitation_accepted',
  'invitation_declined',
  'questionnaire_answered',
  'trial_ending',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** The groups of kinds a user switches on and off, each with its own unsubscribe link. */
export const NOTIFICATION_CATEGORIES = [
  'breach',
  'request',
  'assigned',
  'due',
  'invitation',
  'questionnaire',
  'trial',
  'webhook',
] as const;
export const notificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof notificationCategorySchema>;

export const notificationCategoryOf: Record<NotificationKind, NotificationCategory> = {
  assigned: 'assigned',
  due_soon: 'due',
  due_tomorrow: 'due',
  overdue: 'due',
  breach_created: 'breach',
  breach_deadline: 'breach',
  request_received: 'request',
  request_deadline: 'request',
  invitation_accepted: 'invitation',
  invitation_declined: 'invitation',
  questionnaire_answered: 'questionnaire',
  trial_ending: 'trial',
  webhook_paused: 'webhook',
};

/** E-mail per category: none, one mail per notification at once, or a line in the weekly digest. */
export const notificationEmailSchema = z.enum(['off', 'immediately', 'digest']);
export type NotificationEmail = z.infer<typeof notificationEmailSchema>;

export const notificationChannelSchema = z.object({
  category: notificationCategorySchema,
  inApp: z.boolean(),
  email: notificationEmailSchema,
});
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/**
 * What applies when neither the user nor their company chose otherwise: the legal deadlines of
 * breaches and privacy requests by e-mail at once, assignments and due reminders in the digest.
 */
export const NOTIFICATION_DEFAULTS: readonly NotificationChannel[] = NOTIFICATION_CATEGORIES.map((category) => ({
  category,
  inApp: true,
  email: category === 'assigned' || category === 'due' ? 'digest' : 'immediately',
}));

/** A company's defaults for its users, with the caller's right to change them. */
export const notificationDefaultsSchema = z.object({
  categories: z.array(notificationChannelSchema),
  rights: z.object({ write: z.boolean() }),
});
export const notificationDefaultsInputSchema = z.object({ categories: z.array(notificationChannelSchema).max(20) });

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  companyId: z.uuid(),
  companyName: z.string(),
  /** The item it links to; null when the item is gone. */
  item: z
    .object({ id: z.uuid(), type: z.string(), numberLabel: z.string(), name: z.string(), dueDate: z.string().nullable() })
    .nullable(),
  /** Which step of a deadline (e.g. "24" hours of a breach, a due date); empty for events. */
  threshold: z.string(),
  /** For kinds without an item: what it is about (an invitation's partner, a questionnaire's title). */
  subject: z.string().nullable(),
  /** Where the entry leads in the web app: the item, or the screen of the kind. */
  link: z.string().nullable(),
  createdAt: dateTime,
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({ items: z.array(notificationSchema), total: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
  kind: notificationKindSchema.optional(),
  /** Quick search in the item's number and name, the subject and the company's name. */
  q: text.max(200).optional(),
});

/** Unread entries are counted up to this; more show as "99+". */
export const UNREAD_CAP = 100;
export const notificationUnreadCountSchema = z.object({ count: z.number().int().max(UNREAD_CAP) });
export const notificationReadAllSchema = z.object({ marked: z.number().int() });

/** What one run of the notification pass created, per kind; `ran` is false when another instance had the turn. */
export const notificationPassSchema = z.object({
  ran: z.boolean(),
  created: z.partialRecord(notificationKindSchema, z.number().int()),
  mailed: z.number().int(),
  /** Weekly digests among the mails (Monday from 07:00 in the installation's time zone). */
  digests: z.number().int(),
});
