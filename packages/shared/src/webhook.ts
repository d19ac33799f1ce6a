import { z } from 'zod';
import { dateTime } from './scalars';

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'item.created',
  'item.updated',
  'item.status_changed',
  'data_breach.created',
  'privacy_request.received',
  /** A deadline alert of the notifications: a breach's 72 hours (at 24, 48, 66) or a request's answer (7 days, 1 day before). */
  'deadline.reached',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Every endpoint's secret starts with this, so a leaked one is recognised. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const webhookInputSchema = z.strictObject({
  companyId: z.uuid(),
  url: z.string().trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
  events: z.array(webhookEventSchema).min(1, 'validation.webhook.eventsRequired').max(WEBHOOK_EVENTS.length),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/**
 * A change of an endpoint: its address, its events, paused or not. The company and the secret
 * stay; every field is optional, so a script changes one without repeating the others.
 */
export const webhookUpdateSchema = webhookInputSchema.pick({ url: true, events: true }).extend({ paused: z.boolean() }).partial();
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** The answer to a creation: the secret is shown this once. */
export const webhookCreatedSchema = z.object({ id: z.uuid(), secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: dateTime,
  /** Set once the endpoint failed too often in a row; a resend starts it again. */
  pausedAt: dateTime.nullable(),
  consecutiveFailures: z.number().int(),
  rights: z.object({ update: z.boolean(), delete: z.boolean(), resend: z.boolean() }),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({
  items: z.array(webhookSchema),
  rights: z.object({ create: z.boolean() }),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  event: webhookEventSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  createdAt: dateTime,
  lastAttemptAt: dateTime.nullable(),
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt: dateTime.nullable(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  rights: z.object({ resend: z.boolean() }),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({ items: z.array(webhookDeliverySchema), total: z.number().int() });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveryQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
