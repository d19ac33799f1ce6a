import { securityEvent } from '../db/schema/index';
import type { Db } from '../db/types';

export type SecurityEventType = typeof import('@pc/shared').securityEventTypes[number];

export async function logSecurityEvent(
  db: Db,
  e: {
    type: SecurityEventType;
    userId?: string | null;
    email?: string | null;
    ip?: string | null;
    detail?: Record<string, unknown>;
    /** A company other than the user's own whose log the event belongs to as well (a grant's). */
    companyId?: string | null;
  },
) {
  await db.insert(securityEvent).values({
    type: e.type,
    userId: e.userId ?? null,
    email: e.email ?? null,
    ip: e.ip ?? null,
    detail: e.detail ?? null,
    companyId: e.companyId ?? null,
  });
}
