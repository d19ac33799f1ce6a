import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { pageNumberFooter, pdfBase, renderPdf } from '../dynamic-document/pdf';
import type { Cell, Contact, Register, RegisterRow } from './data';

const text = (c: Cell) => (Array.isArray(c) ? c.join('\n') : c) || '–';

function contactTable(title: string, c: Contact, texts: Register['texts']): Content[] {
  const lines = (
    [
      [texts.contact.name, c.name],
      [texts.contact.address, c.address],
      [texts.contact.email, c.email],
      [texts.contact.phone, c.phone],
      [texts.contact.url, c.url],
    ] as const
  ).filter(([, v]) => v);
  return [
    { text: title, style: 'h3' },
    lines.length
      ? {
          table: { widths: [110, '*'], body: lines.map(([k, v]) => [{ text: k, bold: true }, v]) },
          layout: 'noBorders',
          margin: [0, 0, 0, 12],
        }
      : { text: '–', margin: [0, 0, 0, 12] },
  ];
}

/**
 * One activity: its number and name as a heading, then "label: value" per Art. 30 field. A stack
 * of paragraphs rather than a two-column table: pdfmake lays out tables cell by cell, which made
 * registers of 1,000 activities take several times as long.
 */
function activity(r: Register, row: RegisterRow): Content[] {
  return [
    {
      text: `${row.number} ${row.name}`,
      style: 'h2',
      tocItem: true,
      tocMargin: row.group === null ? [0, 0, 0, 0] : [12, 0, 0, 0],
    },
    {
      stack: r.columns
        .filter((c) => c.key !== 'counterparty')
        .map((c) => ({ text: [{ text: `${c.label}: `, bold: true }, text(row.cells[c.key] ?? '')], margin: [0, 0, 0, 3] })),
      fontSize: 9.5,
      margin: [0, 0, 0, 14],
    },
  ];
}

/**
 * The definition of the register PDF: cover page (logo, title, company, DPO, date), table of
 * contents, one section per activity (Art. 30(2): grouped by client), page numbers.
 */
export function registerDefinition(r: Register, opts: { compress?: boolean } = {}): TDocumentDefinitions {
  const t = r.texts;
  const title = t.title[r.kind];
  const logo: Content[] = r.logo
    ? [{ image: `data:image/png;base64,${r.logo.toString('base64')}`, fit: [200, 70], margin: [0, 0, 0, 40] }]
    : [];
  const cover: Content[] = [
    ...logo,
    { text: title, fontSize: 22, bold: true, margin: [0, 40, 0, 6] },
    { text: t.article[r.kind], fontSize: 13, margin: [0, 0, 0, 30] },
    ...contactTable(r.kind === 'controller' ? t.controllerData : t.processorData, r.company, t),
    ...contactTable(t.dpo, r.dpo, t),
    { text: `${t.generatedOn} ${r.generatedOn}`, margin: [0, 20, 0, 0], color: '#444444' },
  ];
  const sections: Content[] = [];
  let group: string | null = null;
  for (const row of r.rows) {
    if (row.group !== null && row.group !== group) {
      group = row.group;
      sections.push({ text: `${t.client}: ${group || '–'}`, style: 'h1', tocItem: true });
    }
    sections.push(...activity(r, row));
  }
  if (r.rows.length === 0) sections.push({ text: t.none, italics: true });
  if (r.kind === 'processor') {
    sections.push({ text: t.field.measures, style: 'h1', tocItem: true });
    sections.push(r.measures.length ? { ul: r.measures } : { text: t.none, italics: true });
  }
  return {
    ...pdfBase,
    compress: opts.compress ?? true,
    pageMargins: [50, 50, 50, 50],
    info: { title, author: r.company.name, subject: t.article[r.kind] },
    content: [
      ...cover,
      { toc: { title: { text: t.contents, style: 'h1' } }, pageBreak: 'before' },
      { text: '', pageBreak: 'after' },
      ...sections,
    ],
    footer: (page, pages) =>
      page === 1
        ? ''
        : {
            columns: [
              { text: `${r.company.name} · ${title} · ${r.generatedOn}`, fontSize: 8, color: '#666666' },
              { ...(pageNumberFooter as (p: number, n: number) => Content & object)(page, pages), width: 50, alignment: 'right' },
            ],
            margin: [50, 10, 50, 0],
          },
  };
}

export const registerPdf = (r: Register, opts: { compress?: boolean } = {}) => renderPdf(registerDefinition(r, opts));
