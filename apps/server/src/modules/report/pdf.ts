import { statusColour, statusHex, statusTextHex } from '@pc/shared';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfBase, renderPdf } from '../dynamic-document/pdf';
import type { Cell, Contact, Register, RegisterRow } from './data';
import { germanDate } from './data';

/** The product's primary colour: headings and the cover's rule. */
export const accent = '#0d5673';
const labelFill = '#eef3f6';
const rule = '#c5d3db';
const muted = '#5b6770';

/** A value: a list of two or more entries as bullets, one entry or a text as it is, nothing as "–". */
function value(c: Cell): Content {
  if (Array.isArray(c)) {
    if (c.length === 0) return { text: '–', color: muted };
    if (c.length === 1) return { text: c[0]! };
    return { ul: c, margin: [0, 0, 0, 0] };
  }
  return c ? { text: c } : { text: '–', color: muted };
}

/** Thin horizontal rules between rows, none at the sides: reads as a form, prints light. */
const formLayout = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === node.table.body.length ? 0.8 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => rule,
  paddingLeft: () => 6,
  paddingRight: () => 6,
  paddingTop: () => 4,
  paddingBottom: () => 4,
};

/**
 * A status in the screens' status colours, as a text with a background rather than a nested
 * table: a table per status cell doubles the layout time of a register of 1,000 activities.
 */
function statusChip(status: number, name: string): TableCell {
  const colour = statusColour(status);
  return {
    text: `\u00a0${name}\u00a0`,
    color: statusTextHex[colour],
    background: colour === 'white' ? '#e9eef1' : statusHex[colour],
    fontSize: 8.5,
    bold: true,
  };
}

function contactBlock(title: string, c: Contact, texts: Register['texts']): Content {
  const lines = (
    [
      [texts.contact.name, c.name],
      [texts.contact.address, c.address],
      [texts.contact.email, c.email],
      [texts.contact.phone, c.phone],
      [texts.contact.url, c.url],
    ] as const
  ).filter(([, v]) => v);
  return {
    stack: [
      { text: title, fontSize: 9, bold: true, color: accent, margin: [0, 0, 0, 4] },
      lines.length ? { stack: lines.map(([, v]) => ({ text: v, fontSize: 10 })) } : { text: '–', color: muted, fontSize: 10 },
    ],
  };
}

const activityId = (row: RegisterRow) => `activity-${row.number}`;

/** The cover: logo, title, company, controller and DPO side by side, then date, version, as-of and count. */
function cover(r: Register): Content[] {
  const t = r.texts;
  const meta: [string, string][] = [
    [t.generatedOn, r.generatedOn],
    [t.version, String(r.version)],
    [t.asOf, r.asOf ?? '–'],
    [t.activities, String(r.rows.length)],
  ];
  return [
    r.logo
      ? { image: `data:image/png;base64,${r.logo.toString('base64')}`, fit: [200, 70], margin: [0, 10, 0, 0] }
      : { text: '', margin: [0, 80, 0, 0] },
    { canvas: [{ type: 'rect', x: 0, y: 0, w: 60, h: 4, color: accent }], margin: [0, 90, 0, 18] },
    { text: t.title[r.kind], fontSize: 26, bold: true, color: accent, lineHeight: 1.1 },
    { text: t.article[r.kind], fontSize: 12, color: muted, margin: [0, 6, 0, 36] },
    { text: r.company.name, fontSize: 20, bold: true, margin: [0, 0, 0, 28] },
    {
      columns: [
        contactBlock(r.kind === 'controller' ? t.controllerData : t.processorData, r.company, t),
        contactBlock(t.dpo, r.dpo, t),
      ],
      columnGap: 30,
      margin: [0, 0, 0, 40],
    },
    {
      table: {
        widths: [130, '*'],
        body: meta.map(([k, v]) => [
          { text: k, color: muted },
          { text: v, bold: true },
        ]),
      },
      layout: formLayout,
      fontSize: 10,
    },
  ];
}

/** The overview: one row per activity with status, last change and the page it starts on. */
function summary(r: Register): Content[] {
  const t = r.texts;
  const third = r.kind === 'controller' ? t.field.department : t.field.counterparty;
  const header = [t.field.number, t.field.name, third, t.status, t.lastChange, t.pageColumn].map(
    (h): TableCell => ({ text: h, bold: true, color: '#ffffff', fillColor: accent, fontSize: 8.5 }),
  );
  const body: TableCell[][] = [header];
  for (const row of r.rows) {
    const third = r.kind === 'controller' ? row.cells.department : row.group;
    body.push([
      row.number,
      { text: row.name, linkToDestination: activityId(row) },
      (Array.isArray(third) ? third.join(', ') : third) || '–',
      statusChip(row.status, row.statusName),
      germanDate(row.updatedAt.slice(0, 10)),
      { pageReference: activityId(row), alignment: 'right', color: muted } as TableCell,
    ]);
  }
  return [
    { text: t.summary, style: 'h1', color: accent },
    { text: t.summaryCount(r.rows.length), color: muted, margin: [0, -6, 0, 10] },
    r.rows.length
      ? {
          // Fixed widths, zebra stripes from the layout and rows allowed to break: per-cell fills,
          // measured widths and unbreakable rows made this table cost a third of the document's time.
          table: { headerRows: 1, widths: [52, '*', 90, 68, 56, 36], body },
          layout: { ...formLayout, fillColor: (i: number) => (i > 0 && i % 2 === 0 ? '#f6f9fa' : null) },
          fontSize: 8.5,
        }
      : { text: t.none, italics: true },
  ];
}

/**
 * One activity: number and name, then a two-column table (label | value) of its Art. 30 fields,
 * status and last change. Unbreakable, so an activity starts on a new page rather than being
 * split, unless it is longer than a page.
 */
function activity(r: Register, row: RegisterRow, groupHeading: Content | null): Content {
  const t = r.texts;
  const rows: TableCell[][] = r.columns
    .filter((c) => c.key !== 'counterparty')
    .map((c) => [{ text: c.label, bold: true, fillColor: labelFill, fontSize: 8.5 }, value(row.cells[c.key] ?? '') as TableCell]);
  rows.push([{ text: t.status, bold: true, fillColor: labelFill, fontSize: 8.5 }, statusChip(row.status, row.statusName)]);
  rows.push([
    { text: t.lastChange, bold: true, fillColor: labelFill, fontSize: 8.5 },
    { text: germanDate(row.updatedAt.slice(0, 10)) },
  ]);
  return {
    stack: [
      ...(groupHeading ? [groupHeading] : []),
      {
        text: [
          { text: `${row.number}  `, color: accent },
          { text: row.name, color: '#1b2733' },
        ],
        style: 'h2',
        id: activityId(row),
      } as Content,
      { table: { widths: [150, '*'], body: rows }, layout: formLayout, fontSize: 9.5, margin: [0, 0, 0, 18] },
    ],
    // pdfmake drops whatever of an unbreakable block does not fit on one page, so only an
    // activity that surely fits is kept together; a longer one flows across pages.
    unbreakable: activityHeight(r, row, groupHeading !== null) < FITS_ON_PAGE,
  };
}

/** Usable height of an A4 page with this document's margins, less a fifth for misjudged line breaks. */
const FITS_ON_PAGE = (841.89 - 50 - 55) * 0.8;
/** Roboto's average advance at 9.5 pt is below 0.5 em; 0.56 em overestimates lines rather than underestimates. */
const charWidth = 9.5 * 0.56;
const lineHeight = 9.5 * 1.25 * 1.17;

function lines(text: string, width: number) {
  const perLine = Math.max(1, Math.floor(width / charWidth));
  return text.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / perLine)), 0);
}

/** A generous estimate of an activity's height in points: heading plus each row's taller cell. */
export function activityHeight(r: Register, row: RegisterRow, withGroupHeading: boolean) {
  const valueWidth = 495 - 150 - 24;
  let h = 40 + (withGroupHeading ? 40 : 0) + 18;
  const cells = [...r.columns.filter((c) => c.key !== 'counterparty').map((c) => [c.label, row.cells[c.key] ?? ''] as const)];
  for (const [label, v] of cells) {
    const value = Array.isArray(v) ? v.reduce((n, e) => n + lines(e, valueWidth - 12), 0) : lines(v || '–', valueWidth);
    h = h + Math.max(lines(label, 150 - 12), value) * lineHeight + 9;
  }
  return h + 2 * (lineHeight + 9);
}

/**
 * The definition of the register PDF: cover (logo, title, company, controller and DPO, date,
 * version, as-of), an overview table of all activities, one section per activity (Art. 30(2):
 * grouped by client), "page x of y" in the footer of every page after the cover.
 */
export function registerDefinition(r: Register, opts: { compress?: boolean } = {}): TDocumentDefinitions {
  const t = r.texts;
  const title = t.title[r.kind];
  const sections: Content[] = [];
  let group: string | null = null;
  for (const row of r.rows) {
    let heading: Content | null = null;
    if (row.group !== null && row.group !== group) {
      group = row.group;
      heading = { text: `${t.client}: ${group || '–'}`, style: 'h1', color: accent };
    }
    sections.push(activity(r, row, heading));
  }
  if (r.kind === 'processor') {
    sections.push({
      stack: [
        { text: t.field.measures, style: 'h1', color: accent },
        r.measures.length ? { ul: r.measures } : { text: t.none, italics: true },
      ],
      unbreakable: r.measures.length < 40,
    });
  }
  return {
    ...pdfBase,
    compress: opts.compress ?? true,
    pageMargins: [50, 50, 50, 55],
    info: { title, author: r.company.name, subject: t.article[r.kind] },
    content: [
      ...cover(r),
      { text: '', pageBreak: 'after' },
      ...summary(r),
      ...(sections.length ? [{ text: '', pageBreak: 'after' } as Content] : []),
      ...sections,
    ],
    footer: (page, pages) =>
      page === 1
        ? ''
        : {
            columns: [
              { text: `${r.company.name} · ${title} · ${r.generatedOn}`, fontSize: 8, color: muted },
              { text: t.page(page, pages), fontSize: 8, color: muted, width: 90, alignment: 'right' },
            ],
            margin: [50, 18, 50, 0],
          },
  };
}

export const registerPdf = (r: Register, opts: { compress?: boolean } = {}) => renderPdf(registerDefinition(r, opts));
