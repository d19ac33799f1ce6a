import { itemTypes, type SummaryBreach, type SummaryRequest, statusHex, trendSummary } from '@pc/shared';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfBase, renderPdf } from '../dynamic-document/pdf';
import { barsSvg, radarSvg, radarTone, sparkSvg } from './charts-svg';
import { germanDate } from './data';
import type { ManagementReport, MonthTime } from './management-data';
import { accent } from './pdf';
import { webTexts } from './web-texts';

const muted = '#5b6770';
const rule = '#c5d3db';
const red = '#c62828';
const green = '#2e7d32';
/** At most this many entries per list; the rest is counted ("… and 12 more"). */
const LIST_LIMIT = 60;

const tableLayout = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === node.table.body.length ? 0.8 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => rule,
  paddingLeft: () => 5,
  paddingRight: () => 5,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

const head = (cells: string[]) => cells.map((c): TableCell => ({ text: c, bold: true, color: '#ffffff', fillColor: accent }));

/** The management report as a PDF: title block, radar, registers, their last 12 weeks, breaches, requests, measures, time; page x of y. */
export function managementDefinition(r: ManagementReport, timeZone: string): TDocumentDefinitions {
  const t = webTexts(r.locale);
  const p = (key: string, vars?: Record<string, string | number>) => t(`managementReport.pdf.${key}`, vars);
  const col = (key: string) => p(`column.${key}`);
  const numberFormat = new Intl.NumberFormat(r.locale === 'en' ? 'en-GB' : 'de-DE', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const hours = (n: number | null) => (n === null ? '–' : numberFormat.format(n));
  const percent = (n: number) => `${numberFormat.format(n).replace(/[.,]00$/, '')} %`;
  const dateTime = (iso: string) => {
    const parts = new Intl.DateTimeFormat('de-DE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
    return parts.replace(',', '');
  };
  const registerName = (type: string) => t(`section.${type}`);
  const code = (type: string) => itemTypes.find((x) => x.key === type)?.code ?? type;
  const title = t('managementReport.title');
  const period = p('period', { from: germanDate(r.from), until: germanDate(r.until) });
  let section = 0;
  const h1 = (text: string): Content => ({ text: `${++section}  ${text}`, style: 'h1', color: accent, margin: [0, 14, 0, 8] });
  const none = (text = p('none')): Content => ({ text, italics: true, color: muted, margin: [0, 0, 0, 8] });
  const more = (count: number): Content[] =>
    count > LIST_LIMIT ? [{ text: p('more', { count: count - LIST_LIMIT }), color: muted, margin: [0, 4, 0, 0] }] : [];

  // Title block.
  const content: Content[] = [
    ...(r.logo
      ? [{ image: `data:image/png;base64,${r.logo.toString('base64')}`, fit: [160, 56], margin: [0, 0, 0, 16] } as Content]
      : []),
    { canvas: [{ type: 'rect', x: 0, y: 0, w: 60, h: 4, color: accent }], margin: [0, 0, 0, 12] },
    { text: title, fontSize: 22, bold: true, color: accent },
    { text: r.company.name, fontSize: 16, bold: true, margin: [0, 6, 0, 2] },
    ...(r.children.length ? [{ text: p('companies', { names: r.children.join(', ') }), color: muted } as Content] : []),
    {
      columns: [
        { text: period, bold: true },
        { text: p('generated', { date: germanDate(r.today) }), alignment: 'right', color: muted },
      ],
      margin: [0, 8, 0, 2],
    },
    ...(r.company.dpoName
      ? [
          {
            text: `${p('dpo')}: ${r.company.dpoName}${r.company.dpoEmail ? ` · ${r.company.dpoEmail}` : ''}`,
            color: muted,
          } as Content,
        ]
      : []),
  ];

  // 1 Radar: chart beside a table of the figures (the chart's text equivalent).
  content.push(h1(p('radar')));
  if (r.radar.length === 0) content.push(none(p('radarNone')));
  else {
    const average = r.radar.reduce((s, e) => s + e.closedPercent, 0) / r.radar.length;
    // The previous quarter's average over the registers that had items then.
    const withPrevious = r.radar.flatMap((e) => (e.previousPercent === null ? [] : [e.previousPercent]));
    content.push(
      {
        text: `${p('radarText', { date: germanDate(r.today), count: r.radar.length, average: Math.round(average) })} ${
          withPrevious.length
            ? p('radarPrevious', {
                date: germanDate(r.previousQuarterUntil),
                average: Math.round(withPrevious.reduce((s, x) => s + x, 0) / withPrevious.length),
              })
            : p('radarPreviousNone', { date: germanDate(r.previousQuarterUntil) })
        }`,
        margin: [0, 0, 0, 8],
      },
      {
        columns: [
          {
            svg: radarSvg(
              r.radar.map((e) => ({ code: code(e.type), progress: e.closedPercent, previous: e.previousPercent })),
              average,
            ),
            width: 230,
          },
          {
            table: {
              headerRows: 1,
              widths: [36, '*', 44, 52],
              body: [
                head([col('code'), col('register'), col('progress'), col('previousQuarter')]),
                ...r.radar.map((e): TableCell[] => [
                  { text: code(e.type), bold: true, color: radarTone(e.closedPercent) },
                  registerName(e.type),
                  { text: percent(e.closedPercent), alignment: 'right' },
                  { text: e.previousPercent === null ? '–' : percent(e.previousPercent), alignment: 'right' },
                ]),
              ],
            },
            layout: tableLayout,
            fontSize: 8.5,
          },
        ],
        columnGap: 16,
      },
    );
  }

  // 2 Open and overdue per register.
  content.push(h1(p('registers')), { text: p('registersText'), color: muted, margin: [0, 0, 0, 6] });
  const rows = r.summary.types.filter((x) => x.created + x.closed + x.openAtEnd + x.overdue > 0);
  if (rows.length === 0) content.push(none());
  else
    content.push({
      table: {
        headerRows: 1,
        widths: ['*', 50, 70, 50, 60],
        body: [
          head([col('register'), col('created'), col('closed'), col('open'), col('overdue')]),
          ...rows.map((x): TableCell[] => [
            registerName(x.type),
            { text: String(x.created), alignment: 'right' },
            { text: String(x.closed), alignment: 'right' },
            { text: String(x.openAtEnd), alignment: 'right' },
            { text: String(x.overdue), alignment: 'right', bold: x.overdue > 0, color: x.overdue > 0 ? red : undefined },
          ]),
        ],
      },
      layout: tableLayout,
      fontSize: 9,
    });

  // 3 The last 12 weeks per register: the dashboard tiles' line chart beside its figures in words.
  content.push(h1(p('trend')));
  const trends = r.trend.filter((x) => x.weeks.some((w) => w.open + w.overdue > 0));
  const since = r.trend[0]?.weeks[0]?.day;
  if (trends.length === 0 || !since) content.push(none());
  else
    content.push(
      { text: p('trendText', { since: germanDate(since), today: germanDate(r.today) }), color: muted, margin: [0, 0, 0, 6] },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [36, '*', 130, 160],
          body: [
            head([col('code'), col('register'), col('trend'), p('column.trendFigures', { since: germanDate(since) })]),
            ...trends.map(({ type, weeks }): TableCell[] => {
              const s = trendSummary(weeks)!;
              // Text cells sit at the chart's middle (pdfmake aligns cells at the top).
              const middle: [number, number, number, number] = [0, 7, 0, 0];
              return [
                { text: code(type), bold: true, margin: middle },
                { text: registerName(type), margin: middle },
                { svg: sparkSvg(weeks, { open: accent, overdue: statusHex.red }), width: 120 },
                { text: p('trendRow', s), margin: middle },
              ];
            }),
          ],
        },
        layout: tableLayout,
        fontSize: 8.5,
      },
    );

  // 4 and 5: breaches and requests with deadlines met or missed.
  const now = new Date(r.generatedAt);
  const breachOutcome = (b: SummaryBreach): [string, 'met' | 'missed' | 'pending' | 'notDue'] => {
    if (b.notifiedWithin72h === true) return [t('items.summaryReport.breach.inTime', { at: dateTime(b.notifiedAt!) }), 'met'];
    if (b.notifiedWithin72h === false) return [t('items.summaryReport.breach.late', { at: dateTime(b.notifiedAt!) }), 'missed'];
    // Art. 33(1): no notification is due when the breach is unlikely to result in a risk.
    if (b.riskLevel === 'none') return [t('items.summaryReport.breach.noRisk'), 'notDue'];
    return new Date(b.deadline) < now
      ? [t('items.summaryReport.breach.missed', { deadline: dateTime(b.deadline) }), 'missed']
      : [t('items.summaryReport.breach.pending', { deadline: dateTime(b.deadline) }), 'pending'];
  };
  const requestOutcome = (q: SummaryRequest): [string, 'met' | 'missed' | 'pending'] => {
    if (q.answeredInTime === true)
      return [t('items.summaryReport.request.inTime', { date: germanDate(q.respondedDate!) }), 'met'];
    if (q.answeredInTime === false)
      return [t('items.summaryReport.request.late', { date: germanDate(q.respondedDate!) }), 'missed'];
    return q.deadline < r.today
      ? [t('items.summaryReport.request.missed', { deadline: germanDate(q.deadline) }), 'missed']
      : [t('items.summaryReport.request.pending', { deadline: germanDate(q.deadline) }), 'pending'];
  };
  const verdict = (v: 'met' | 'missed' | 'pending' | 'notDue'): TableCell => ({
    text: p(v),
    bold: true,
    color: v === 'met' ? green : v === 'missed' ? red : muted,
  });
  const deadlineList = <T extends { number: string; name: string; deadline: string }>(
    heading: string,
    list: T[] | null,
    at: (x: T) => string,
    atLabel: string,
    deadline: (x: T) => string,
    outcomeLabel: string,
    outcome: (x: T) => [string, 'met' | 'missed' | 'pending' | 'notDue'],
  ) => {
    content.push(h1(heading));
    if (list === null || list.length === 0) {
      content.push(none(list === null ? p('noAccess') : undefined));
      return;
    }
    const judged = list.map((x) => [x, ...outcome(x)] as const);
    const count = (v: string) => judged.filter(([, , o]) => o === v).length;
    const due = judged.filter(([, , o]) => o !== 'notDue').length;
    content.push({
      text: p('deadlines', { met: count('met'), count: due, missed: count('missed'), open: count('pending') }),
      margin: [0, 0, 0, 6],
    });
    content.push({
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: ['*', 62, 62, 142, 62],
        body: [
          head([col('item'), atLabel, col('deadline'), outcomeLabel, col('verdict')]),
          ...judged
            .slice(0, LIST_LIMIT)
            .map(([x, text, o]): TableCell[] => [`${x.number} ${x.name}`, at(x), deadline(x), text, verdict(o)]),
        ],
      },
      layout: tableLayout,
      fontSize: 8.5,
    });
    content.push(...more(list.length));
  };
  deadlineList(
    p('breaches'),
    r.summary.dataBreaches,
    (b) => dateTime(b.discoveredAt),
    col('discovered'),
    (b) => dateTime(b.deadline),
    col('notification'),
    breachOutcome,
  );
  deadlineList(
    p('requests'),
    r.summary.privacyRequests,
    (q) => germanDate(q.receivedDate),
    col('received'),
    (q) => germanDate(q.deadline),
    col('response'),
    requestOutcome,
  );

  // 6 Measures done.
  content.push(h1(p('measures')));
  if (r.measuresDone === null) content.push(none(p('noAccess')));
  else if (r.measuresDone.length === 0) content.push(none());
  else
    content.push(
      { text: p('measuresText', { count: r.measuresDone.length }), margin: [0, 0, 0, 6] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 80],
          body: [
            head([col('item'), col('closedOn')]),
            ...r.measuresDone.slice(0, LIST_LIMIT).map((m): TableCell[] => [`${m.number} ${m.name}`, germanDate(m.closedOn)]),
          ],
        },
        layout: tableLayout,
        fontSize: 8.5,
      },
      ...more(r.measuresDone.length),
    );

  // 7 Time booked against budget: bars and the table they draw.
  content.push(h1(p('time')));
  if (r.time === null) content.push(none(p('noTimeAccess')));
  else if (r.time.length === 0) content.push(none(p('noTime')));
  else {
    const months = r.time;
    const sum = (pick: (m: MonthTime) => number | null) =>
      months.some((m) => pick(m) !== null) ? months.reduce((s, m) => s + (pick(m) ?? 0), 0) : null;
    const booked = sum((m) => m.booked) ?? 0;
    const planned = sum((m) => m.planned);
    const budget = sum((m) => m.budget);
    const share = (b: number, of: number | null) =>
      of ? `${numberFormat.format((100 * b) / of).replace(/[.,]00$/, '')} %` : '–';
    const monthLabel = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
    content.push(
      { text: p('timeText', { booked: hours(booked), planned: hours(planned), budget: hours(budget) }), margin: [0, 0, 0, 6] },
      {
        svg: barsSvg(
          r.time.map((m) => ({ label: monthLabel(m.month), values: [m.booked, m.planned, m.budget] })),
          [
            { name: col('booked'), colour: accent },
            { name: col('planned'), colour: '#7fb3c8' },
            { name: col('budget'), colour: '#c9a227' },
          ],
          (n) => numberFormat.format(n).replace(/[.,]00$/, ''),
        ),
        width: 495,
        margin: [0, 0, 0, 8],
      },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['*', 70, 70, 70, 70],
          body: [
            head([col('month'), col('booked'), col('planned'), col('budget'), col('ofBudget')]),
            ...r.time.map((m): TableCell[] => [
              monthLabel(m.month),
              { text: hours(m.booked), alignment: 'right' },
              { text: hours(m.planned), alignment: 'right' },
              { text: hours(m.budget), alignment: 'right' },
              { text: share(m.booked, m.budget), alignment: 'right' },
            ]),
            [
              { text: p('total'), bold: true },
              { text: hours(booked), alignment: 'right', bold: true },
              { text: hours(planned), alignment: 'right', bold: true },
              { text: hours(budget), alignment: 'right', bold: true },
              { text: share(booked, budget), alignment: 'right', bold: true },
            ],
          ],
        },
        layout: tableLayout,
        fontSize: 8.5,
      },
    );
  }

  return {
    ...pdfBase,
    pageMargins: [50, 50, 50, 55],
    content: keepSectionsTogether(content),
    info: { title: `${title} ${r.company.name}`, author: r.company.dpoName || r.company.name, subject: period },
    footer: (page, pages) => ({
      columns: [
        { text: `${r.company.name} · ${title} · ${period}`, fontSize: 8, color: muted },
        { text: p('page', { page, pages }), fontSize: 8, color: muted, width: 90, alignment: 'right' },
      ],
      margin: [50, 18, 50, 0],
    }),
  };
}

type Block = Content & { style?: string; table?: { body: unknown[] }; svg?: string; columns?: Block[] };

/** A generous height of a block in points: table rows, drawn charts and lines of text. */
function roughHeight(b: Block): number {
  // A row with a drawn chart is as high as the chart.
  if (b.table) return b.table.body.length * (JSON.stringify(b.table.body).includes('"svg"') ? 34 : 18);
  if (b.svg) return 240;
  if (b.columns) return Math.max(...b.columns.map(roughHeight));
  return 36;
}

/**
 * Each numbered section (from one h1 to the next) as one unbreakable block when it surely fits
 * on a page, so that no heading is left alone at the foot of a page; a longer section flows
 * (pdfmake would drop what of an unbreakable block does not fit on one page).
 */
function keepSectionsTogether(content: Content[]): Content[] {
  const out: Content[] = [];
  let section: Block[] | null = null;
  const flush = () => {
    if (!section) return;
    const height = section.reduce((h, b) => h + roughHeight(b), 0);
    out.push(height < 560 ? { stack: section, unbreakable: true } : { stack: section });
    section = null;
  };
  for (const block of content as Block[]) {
    if (block.style === 'h1') {
      flush();
      section = [block];
    } else if (section) section.push(block);
    else out.push(block);
  }
  flush();
  return out;
}

export const managementPdf = (r: ManagementReport, timeZone: string) => renderPdf(managementDefinition(r, timeZone));
