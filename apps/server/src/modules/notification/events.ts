import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { queryRows } from '../../db/types';
import { type NotificationEvent, notify, notifyMany } from './service';

interface ItemState {
  id: string;
  companyId: string;
  type: string;
  ownerId: string | null;
  assigneeId: string | null;
}

/** The company's users holding `claim` there, and its DPO user (a null claim: the DPO user only). */
async function claimHolders(db: Db, companyId: string, claim: string | null): Promise<string[]> {
  const [row] = await queryRows<{ ids: string[] | string }>(
    db,
    sql`select pc_notify_claim_holders(${companyId}::uuid, ${claim}::text) as ids`,
  );
  const ids = row?.ids ?? [];
  // PGlite and node-postgres both parse uuid[]; a driver that does not gives the literal.
  return Array.isArray(ids) ? ids : ids.replace(/[{}]/g, '').split(',').filter(Boolean);
}

/**
 * Event notifications of a created or changed item, to be written in the transaction of the
 * change: a new owner or assignee is told (never the person who made the change about
 * themselves); a new data breach reaches its owner, the company's DPO user and everyone who may
 * write breaches, the recorder included; a new privacy request reaches its owner and the DPO user.
 */
export async function itemChangeEvents(
  db: Db,
  actorId: string,
  at: Date,
  before: Pick<ItemState, 'ownerId' | 'assigneeId'> | null,
  after: ItemState,
): Promise<NotificationEvent[]> {
  const events: NotificationEvent[] = [];
  const assigned = (['ownerId', 'assigneeId'] as const)
    .filter((key) => after[key] && after[key] !== actorId && after[key] !== before?.[key])
    .map((key) => after[key]);
  if (assigned.length) {
    events.push({
      companyId: after.companyId,
      itemId: after.id,
      kind: 'assigned',
      threshold: at.toISOString(),
      recipientIds: assigned,
    });
  }
  if (before) return events;
  if (after.type === 'data-breach') {
    events.push({
      companyId: after.companyId,
      itemId: after.id,
      kind: 'breach_created',
      threshold: '',
      recipientIds: [after.ownerId, actorId, ...(await claimHolders(db, after.companyId, 'DataBreach.Write'))],
    });
  } else if (after.type === 'privacy-request') {
    events.push({
      companyId: after.companyId,
      itemId: after.id,
      kind: 'request_received',
      threshold: '',
      recipientIds: [after.ownerId, ...(await claimHolders(db, after.companyId, null))],
    });
  }
  return events;
}

/** Writes the notifications of one item's change (see itemChangeEvents). */
export async function notifyItemChange(
  db: Db,
  actorId: string,
  at: Date,
  before: Pick<ItemState, 'ownerId' | 'assigneeId'> | null,
  after: ItemState,
): Promise<void> {
  await notifyMany(db, await itemChangeEvents(db, actorId, at, before, after));
}

/**
 * An endpoint paused after failing too often in a row: the company's administrators (and its
 * DPO user) are told in the product. The endpoint and the moment make the notification's key.
 */
export async function notifyWebhookPaused(
  db: Db,
  e: { companyId: string; endpointId: string; url: string; at: Date },
): Promise<void> {
  await notify(db, {
    companyId: e.companyId,
    itemId: null,
    kind: 'webhook_paused',
    threshold: `${e.endpointId}@${e.at.toISOString()}`,
    data: { subject: e.url, link: '/administration/webhooks' },
    recipientIds: await claimHolders(db, e.companyId, 'Administration.Access'),
  });
}
