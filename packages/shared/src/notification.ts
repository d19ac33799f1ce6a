import { z } from 'zod';
import { dateTime } from './scalars';

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
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

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
});

export const notificationUnreadCountSchema = z.object({ count: z.number().int() });
export const notificationReadAllSchema = z.object({ marked: z.number().int() });

/** What one run of the notification pass created, per kind; `ran` is false when another instance had the turn. */
export const notificationPassSchema = z.object({
  ran: z.boolean(),
  created: z.partialRecord(notificationKindSchema, z.number().int()),
  mailed: z.number().int(),
});
