import {
  type BreachClock,
  breachClock,
  type ItemTypeKey,
  itemFindings,
  overallRisk,
  type PdcaCycleData,
  pdcaOverdue,
  pdcaPhaseEnd,
  privacyRequestDeadline,
  riskLevel,
} from '@pc/shared';
import { dateIn } from '../../platform/dates';

type Data = Record<string, unknown>;

/** Due dates that follow from the law rather than from the user. */
export function ruledDueDate(type: ItemTypeKey, data: Data, given: string | null, timeZone: string): string | null {
  if (type === 'data-breach' && typeof data.discoveredAt === 'string') {
    const clock = breachClock({ discoveredAt: data.discoveredAt, notifiedAt: null }) as BreachClock;
    return dateIn(timeZone, clock.deadline);
  }
  if (type === 'privacy-request' && typeof data.receivedDate === 'string') {
    return privacyRequestDeadline(data.receivedDate, data.extended === true);
  }
  if (type === 'issue' && !given && typeof data.assignedDueDate === 'string') return data.assignedDueDate;
  return given;
}

/** Values the server derives for display; computed at read time so they follow the clock. */
export function derived(type: ItemTypeKey, data: Data, now: Date): Record<string, unknown> {
  switch (type) {
    case 'data-breach': {
      const clock = breachClock({
        discoveredAt: (data.discoveredAt as string) ?? null,
        notifiedAt: (data.notifiedAt as string) ?? null,
      });
      return clock
        ? {
            authorityDeadline: clock.deadline.toISOString(),
            overdue: clock.overdue,
            notified: clock.notified,
          }
        : {};
    }
    case 'privacy-request':
      return typeof data.receivedDate === 'string'
        ? { deadline: privacyRequestDeadline(data.receivedDate, data.extended === true) }
        : {};
    case 'impact-assessment': {
      const risks = (Array.isArray(data.risks) ? data.risks : []) as { likelihood: number; severity: number }[];
      return { riskLevel: overallRisk(risks), riskLevels: risks.map((r) => riskLevel(r.likelihood, r.severity)) };
    }
    case 'pdca-list': {
      const c = data as unknown as PdcaCycleData;
      return { phaseEnd: pdcaPhaseEnd(c), overdue: pdcaOverdue(c, now) };
    }
    case 'process': {
      const findings = itemFindings(type, data);
      return findings.length ? { findings } : {};
    }
    default:
      return {};
  }
}
