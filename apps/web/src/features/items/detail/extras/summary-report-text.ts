import type { SummaryBreach, SummaryReport, SummaryRequest } from '@pc/shared';
import { itemStatuses } from '@pc/shared';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, toDay } from '../../../../lib/format';
import { optionLabel, typePlural } from '../../labels';

const statusLabel = (t: TFunction, status: number) => t(`status.${itemStatuses.find((s) => s.code === status)?.name ?? 'done'}`);

/** Rows that did something in the period; a register with nothing but zeros says nothing. */
export const activeRows = (report: SummaryReport) =>
  report.types.filter((r) => r.created + r.closed + r.openAtEnd + r.overdue > 0);

export function breachNotification(t: TFunction, b: SummaryBreach, now: Date): string {
  if (b.notifiedWithin72h === true) return t('items.summaryReport.breach.inTime', { at: formatDateTime(b.notifiedAt) });
  if (b.notifiedWithin72h === false) return t('items.summaryReport.breach.late', { at: formatDateTime(b.notifiedAt) });
  // Art. 33(1): no notification is due when the breach is unlikely to result in a risk.
  if (b.riskLevel === 'none') return t('items.summaryReport.breach.noRisk');
  return new Date(b.deadline) < now
    ? t('items.summaryReport.breach.missed', { deadline: formatDateTime(b.deadline) })
    : t('items.summaryReport.breach.pending', { deadline: formatDateTime(b.deadline) });
}

export function requestAnswer(t: TFunction, r: SummaryRequest, today: string): string {
  if (r.answeredInTime === true) return t('items.summaryReport.request.inTime', { date: formatDate(r.respondedDate) });
  if (r.answeredInTime === false) return t('items.summaryReport.request.late', { date: formatDate(r.respondedDate) });
  return r.deadline < today
    ? t('items.summaryReport.request.missed', { deadline: formatDate(r.deadline) })
    : t('items.summaryReport.request.pending', { deadline: formatDate(r.deadline) });
}

/**
 * The report as plain text for the summary's `report` field, in the user's language. Lines
 * starting with "- " read as a list both as plain text and as Markdown.
 */
export function summaryReportText(t: TFunction, report: SummaryReport): string {
  const now = new Date(report.generatedAt);
  const today = toDay(now);
  const lines: string[] = [
    t('items.summaryReport.text.title', { from: formatDate(report.from), until: formatDate(report.until) }),
    t('items.summaryReport.text.generated', { date: formatDate(now) }),
    '',
    t('items.summaryReport.text.activity'),
  ];
  const rows = activeRows(report);
  if (rows.length === 0) lines.push(`- ${t('items.summaryReport.noActivity')}`);
  for (const r of rows) lines.push(`- ${typePlural(t, r.type)}: ${t('items.summaryReport.text.counts', { ...r })}`);

  // A register's section: its heading with the count, then one line per entry, or "none".
  const section = <E>(
    entries: readonly E[] | null | undefined,
    heading: (count: number) => string,
    line: (entry: E) => string,
  ) => {
    if (!entries) return;
    lines.push('', heading(entries.length));
    if (entries.length === 0) lines.push(`- ${t('items.summaryReport.none')}`);
    for (const entry of entries) lines.push(`- ${line(entry)}`);
  };
  section(
    report.dataBreaches,
    (count) => t('items.summaryReport.text.breaches', { type: typePlural(t, 'data-breach'), count }),
    (b) => {
      const discovered = t('items.summaryReport.breach.discovered', { at: formatDateTime(b.discoveredAt) });
      return `${b.number} ${b.name} – ${discovered} – ${breachNotification(t, b, now)} – ${statusLabel(t, b.status)}`;
    },
  );
  section(
    report.privacyRequests,
    (count) => t('items.summaryReport.text.requests', { type: typePlural(t, 'privacy-request'), count }),
    (r) => {
      const kind = r.requestType ? `${optionLabel(t, 'requestType', r.requestType)} – ` : '';
      const received = t('items.summaryReport.request.received', { date: formatDate(r.receivedDate) });
      return `${r.number} ${r.name} – ${kind}${received} – ${requestAnswer(t, r, today)} – ${statusLabel(t, r.status)}`;
    },
  );
  return lines.join('\n');
}
