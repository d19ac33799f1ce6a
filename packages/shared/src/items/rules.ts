import { startOfToday } from './status';

/** Art. 33(1): the supervisory authority must be told within 72 hours of discovery. */
export const BREACH_NOTIFICATION_HOURS = 72;

export function breachDeadline(discoveredAt: string | Date): Date {
  return new Date(new Date(discoveredAt).getTime() + BREACH_NOTIFICATION_HOURS * 3_600_000);
}

export interface BreachClock {
  deadline: Date;
  /** Milliseconds left (negative when overdue). */
  remainingMs: number;
  overdue: boolean;
  notified: boolean;
}

export function breachClock(
  data: { discoveredAt: string | null; notifiedAt: string | null },
  now = new Date(),
): BreachClock | null {
  if (!data.discoveredAt) return null;
  const deadline = breachDeadline(data.discoveredAt);
  const notified = !!data.notifiedAt;
  const remainingMs = deadline.getTime() - now.getTime();
  const late = notified ? new Date(data.notifiedAt!).getTime() > deadline.getTime() : remainingMs < 0;
  return { deadline, remainingMs, overdue: late, notified };
}

/** Adds calendar months to a YYYY-MM-DD date, clamping to the month's last day (31.01. + 1 → 28./29.02.). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const targetMonth = m! - 1 + months;
  const last = new Date(Date.UTC(y!, targetMonth + 1, 0)).getUTCDate();
  const res = new Date(Date.UTC(y!, targetMonth, Math.min(d!, last)));
  return res.toISOString().slice(0, 10);
}

/** Art. 12(3): answer within one month of receipt; extendable by two further months. */
export function privacyRequestDeadline(receivedDate: string, extended: boolean): string {
  return addMonths(receivedDate, extended ? 3 : 1);
}

export type RiskLevel = 'low' | 'medium' | 'high' | 'veryHigh';

/** 4×4 likelihood × severity matrix (1–4 each), as in the DSK short paper no. 18. */
export function riskLevel(likelihood: number, severity: number): RiskLevel {
  const score = likelihood * severity;
  if (score <= 2) return 'low';
  if (score <= 4) return 'medium';
  if (score <= 8) return 'high';
  return 'veryHigh';
}

const order: RiskLevel[] = ['low', 'medium', 'high', 'veryHigh'];

/** The highest level among an assessment's risks, or null without risks. */
export function overallRisk(risks: readonly { likelihood: number; severity: number }[]): RiskLevel | null {
  let max = -1;
  for (const r of risks) max = Math.max(max, order.indexOf(riskLevel(r.likelihood, r.severity)));
  return max < 0 ? null : order[max]!;
}

export type PdcaPhase = 'plan' | 'do' | 'check' | 'act' | 'finished';

export interface PdcaCycleData {
  phase: PdcaPhase;
  planEnd: string | null;
  doEnd: string | null;
  checkEnd: string | null;
  actEnd: string | null;
}

/** The end date of the phase a cycle is in. */
export function pdcaPhaseEnd(c: PdcaCycleData): string | null {
  switch (c.phase) {
    case 'plan':
      return c.planEnd;
    case 'do':
      return c.doEnd;
    case 'check':
      return c.checkEnd;
    case 'act':
      return c.actEnd;
    default:
      return null;
  }
}

export function pdcaOverdue(c: PdcaCycleData, now = new Date()): boolean {
  const end = pdcaPhaseEnd(c);
  if (!end) return false;
  const [y, m, d] = end.split('-').map(Number);
  return new Date(y!, m! - 1, d!) < startOfToday(now);
}

/** PDCA progress: total, onSchedule, onSchedulePercentage, overdue. */
export function pdcaProgress(cycles: readonly PdcaCycleData[], now = new Date()) {
  const total = cycles.length;
  const overdue = cycles.filter((c) => pdcaOverdue(c, now)).length;
  const onSchedule = total - overdue;
  return { total, onSchedule, onSchedulePercentage: total === 0 ? 0 : Math.round((onSchedule / total) * 100), overdue };
}

/** What a register's completeness check reports about one item (derived.findings). */
export type ItemFinding = 'art9BasisMissing';

/**
 * Gaps a DPO checks first. Special categories of personal data (Art. 9(1) GDPR) may only be
 * processed on one of the exceptions of Art. 9(2); an Art. 6 basis alone is not enough.
 */
export function itemFindings(type: string, data: Record<string, unknown>): ItemFinding[] {
  const findings: ItemFinding[] = [];
  if (type === 'process' && data.specialCategories === true) {
    const bases = Array.isArray(data.legalBases) ? data.legalBases : [];
    if (!bases.includes('art9_2')) findings.push('art9BasisMissing');
  }
  return findings;
}
