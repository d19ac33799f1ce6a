import type { SummaryReport } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { catalogT } from '../../../../test-support';
import { summaryReportText } from './summary-report-text';

const zero = { created: 0, closed: 0, openAtEnd: 0, overdue: 0 };
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

// Local noon keeps the dates the same in every time zone the test may run in.
const at = (day: string, time = '12:00') => new Date(`${day}T${time}:00`).toISOString();

const report: SummaryReport = {
  from: '2026-01-01',
  until: '2026-03-31',
  generatedAt: at('2026-04-02'),
  types: [
    { type: 'issue', created: 3, closed: 1, openAtEnd: 2, overdue: 1 },
    { type: 'process', ...zero },
    { type: 'data-breach', created: 2, closed: 1, openAtEnd: 1, overdue: 0 },
  ],
  dataBreaches: [
    {
      id: id(1),
      number: 'DP-0001',
      name: 'Laptop verloren',
      status: 4,
      companyName: 'Bäckerei Schmidt',
      discoveredAt: at('2026-01-10', '09:00'),
      deadline: at('2026-01-13', '09:00'),
      notifiedAt: at('2026-01-11', '15:30'),
      notifiedWithin72h: true,
      riskLevel: 'risk',
    },
    {
      id: id(2),
      number: 'DP-0002',
      name: 'Fehlversand',
      status: 0,
      companyName: 'Bäckerei Schmidt',
      discoveredAt: at('2026-03-30', '08:00'),
      deadline: at('2026-04-02', '08:00'),
      notifiedAt: null,
      notifiedWithin72h: null,
      riskLevel: null,
    },
  ],
  privacyRequests: [
    {
      id: id(3),
      number: 'BA-0001',
      name: 'Auskunft Meier',
      status: 1,
      companyName: 'Bäckerei Schmidt',
      requestType: 'access',
      receivedDate: '2026-03-20',
      deadline: '2026-04-20',
      respondedDate: null,
      answeredInTime: null,
    },
  ],
};

describe('summaryReportText', () => {
  it('renders the period, the active types, breaches and requests in German', async () => {
    const t = await catalogT('de');
    expect(summaryReportText(t, report).split('\n')).toEqual([
      'Tätigkeitsbericht für den Zeitraum 01.01.2026 – 31.03.2026',
      'Erstellt am 02.04.2026 aus den Einträgen.',
      '',
      'Einträge nach Art',
      '- Aufgaben: 3 neu, 1 abgeschlossen, 2 am Ende offen, davon 1 überfällig',
      '- Datenpannen: 2 neu, 1 abgeschlossen, 1 am Ende offen, davon 0 überfällig',
      '',
      'Datenpannen im Zeitraum (2)',
      '- DP-0001 Laptop verloren – entdeckt 10.01.2026 09:00 – fristgerecht gemeldet am 11.01.2026 15:30 (innerhalb von 72 h) – Erledigt',
      '- DP-0002 Fehlversand – entdeckt 30.03.2026 08:00 – nicht gemeldet, Frist abgelaufen am 02.04.2026 08:00 – Offen',
      '',
      'Betroffenenanfragen im Zeitraum (1)',
      '- BA-0001 Auskunft Meier – Auskunft (Art. 15 DSGVO) – eingegangen 20.03.2026 – offen, Frist bis 20.04.2026 – In Bearbeitung',
    ]);
  });

  it('renders English, says when nothing happened and leaves out registers the user may not read', async () => {
    const t = await catalogT('en');
    const quiet: SummaryReport = {
      ...report,
      types: [{ type: 'issue', ...zero }],
      dataBreaches: [],
      privacyRequests: null,
    };
    expect(summaryReportText(t, quiet).split('\n')).toEqual([
      'Activity report for the period 01.01.2026 – 31.03.2026',
      'Generated on 02.04.2026 from the items.',
      '',
      'Items by type',
      '- No new, closed or open items in the period.',
      '',
      'Data breaches in the period (0)',
      '- None',
    ]);
  });
});
