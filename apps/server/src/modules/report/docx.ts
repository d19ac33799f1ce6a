import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  ImageRun,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Content } from 'pdfmake/interfaces';
import sharp from 'sharp';
import { type Cell, type Contact, germanDate, type Register } from './data';
import type { ItemReport } from './item';

const text = (c: Cell) => (Array.isArray(c) ? c : [c || '–']);

/** Lines of a value as runs separated by line breaks, so a list of links reads one per line. */
const runs = (lines: string[], opts: { bold?: boolean; size?: number } = {}) =>
  lines.flatMap((line, i) => [new TextRun({ text: line, break: i > 0 ? 1 : 0, ...opts })]);

const cellOf = (lines: string[], opts: { bold?: boolean; width?: number } = {}) =>
  new TableCell({
    children: [new Paragraph({ children: runs(lines, { bold: opts.bold, size: 19 }) })],
    ...(opts.width ? { width: { size: opts.width, type: WidthType.PERCENTAGE } } : {}),
  });

function table(rows: string[][][], opts: { header?: boolean; widths?: number[] } = {}) {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (r, i) =>
        new TableRow({
          tableHeader: opts.header && i === 0,
          children: r.map((c, j) =>
            cellOf(c, { bold: (opts.header && i === 0) || (!opts.header && j === 0), width: opts.widths?.[j] }),
          ),
        }),
    ),
  });
}

/** The logo scaled to fit a box (in points), keeping its proportions; null when the PNG cannot be read. */
async function logoRun(png: Buffer, box: [number, number]) {
  const meta = await sharp(png)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return null;
  const scale = Math.min(box[0] / meta.width, box[1] / meta.height, 1);
  return new ImageRun({
    type: 'png',
    data: png,
    transformation: { width: Math.round(meta.width * scale), height: Math.round(meta.height * scale) },
  });
}

/** "Company · Title · date      page / pages" under every page. */
function footer(left: string) {
  return new Footer({
    children: [
      new Paragraph({
        children: [new TextRun({ text: left, size: 16, color: '666666' })],
      }),
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [new TextRun({ children: [PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES], size: 16, color: '666666' })],
      }),
    ],
  });
}

function contact(title: string, c: Contact, t: Register['texts']) {
  const lines = (
    [
      [t.contact.name, c.name],
      [t.contact.address, c.address],
      [t.contact.email, c.email],
      [t.contact.phone, c.phone],
      [t.contact.url, c.url],
    ] as const
  ).filter(([, v]) => v);
  return [
    new Paragraph({ text: title, heading: HeadingLevel.HEADING_3 }),
    lines.length
      ? table(
          lines.map(([k, v]) => [[k], v.split('\n')]),
          { widths: [28, 72] },
        )
      : new Paragraph('–'),
  ];
}

/**
 * The register as a Word document, the same structure as the PDF: cover (logo, title, company,
 * DPO, date), one section per activity under a heading as a two-column table (Art. 30(2): grouped
 * by client), page numbers in the footer. No table of contents: Word would ask on opening to
 * update its fields, and the heading navigation pane serves the same purpose.
 */
export async function registerDocx(r: Register): Promise<Buffer> {
  const t = r.texts;
  const title = t.title[r.kind];
  const logo = r.logo ? await logoRun(r.logo, [200, 70]) : null;
  const body: (Paragraph | Table)[] = [
    ...(logo ? [new Paragraph({ children: [logo] })] : []),
    new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: t.article[r.kind], size: 26 })] }),
    ...contact(r.kind === 'controller' ? t.controllerData : t.processorData, r.company, t),
    ...contact(t.dpo, r.dpo, t),
    new Paragraph({ children: [new TextRun({ text: `${t.generatedOn} ${r.generatedOn}`, color: '444444' })] }),
    new Paragraph({
      children: [new TextRun({ text: `${t.version} ${r.version} · ${t.asOf} ${r.asOf ?? '–'}`, color: '444444' })],
    }),
    new Paragraph({ children: [new PageBreak()] }),
  ];
  let group: string | null = null;
  for (const row of r.rows) {
    if (row.group !== null && row.group !== group) {
      group = row.group;
      body.push(new Paragraph({ text: `${t.client}: ${group || '–'}`, heading: HeadingLevel.HEADING_1 }));
    }
    body.push(new Paragraph({ text: `${row.number} ${row.name}`, heading: HeadingLevel.HEADING_2 }));
    body.push(
      table(
        [
          ...r.columns.filter((c) => c.key !== 'counterparty').map((c) => [[c.label], text(row.cells[c.key] ?? '')]),
          [[t.status], [row.statusName]],
          [[t.lastChange], [germanDate(row.updatedAt.slice(0, 10))]],
        ],
        { widths: [32, 68] },
      ),
    );
  }
  if (r.rows.length === 0) body.push(new Paragraph({ children: [new TextRun({ text: t.none, italics: true })] }));
  if (r.kind === 'processor') {
    body.push(new Paragraph({ text: t.field.measures, heading: HeadingLevel.HEADING_1 }));
    body.push(
      ...(r.measures.length
        ? r.measures.map((m) => new Paragraph({ text: m, bullet: { level: 0 } }))
        : [new Paragraph({ children: [new TextRun({ text: t.none, italics: true })] })]),
    );
  }
  const doc = new Document({
    creator: r.company.name,
    title,
    subject: t.article[r.kind],
    sections: [{ footers: { default: footer(`${r.company.name} · ${title} · ${r.generatedOn}`) }, children: body }],
  });
  return Packer.toBuffer(doc);
}

type Node = Content & Record<string, unknown>;
const plain = (c: unknown): string =>
  typeof c === 'string' ? c : c && typeof c === 'object' && 'text' in c ? plain((c as { text: unknown }).text) : '';

/**
 * The item report as a Word document. The report is built once as a document description (the
 * one the PDF is rendered from); its parts are text, tables and the logo image, and each becomes
 * the Word counterpart, so PDF and DOCX cannot drift apart.
 */
export async function itemDocx(r: ItemReport): Promise<Buffer> {
  const body: (Paragraph | Table)[] = [];
  for (const raw of r.content) {
    const n = raw as Node;
    if (typeof n.image === 'string') {
      const png = Buffer.from(n.image.replace(/^data:image\/png;base64,/, ''), 'base64');
      const fit = (n.fit as [number, number] | undefined) ?? [160, 56];
      const run = await logoRun(png, fit);
      if (run) body.push(new Paragraph({ children: [run] }));
    } else if (n.table && typeof n.table === 'object') {
      const t = n.table as { body: unknown[][]; headerRows?: number };
      body.push(
        table(
          t.body.map((row) => row.map((c) => plain(c).split('\n'))),
          { header: (t.headerRows ?? 0) > 0 },
        ),
      );
      body.push(new Paragraph(''));
    } else if ('text' in n) {
      const s = plain(n);
      if (n.style === 'h2') body.push(new Paragraph({ text: s, heading: HeadingLevel.HEADING_2 }));
      else if (n.style === 'h3') body.push(new Paragraph({ text: s, heading: HeadingLevel.HEADING_3 }));
      else if (typeof n.fontSize === 'number' && n.fontSize >= 16)
        body.push(new Paragraph({ text: s, heading: HeadingLevel.HEADING_1 }));
      else body.push(new Paragraph({ children: runs(s.split('\n'), { bold: n.bold === true }) }));
    }
  }
  const doc = new Document({
    creator: r.companyName,
    title: r.fileTitle,
    subject: r.title,
    sections: [{ footers: { default: footer(`${r.companyName} · ${r.title} · ${r.generatedOn}`) }, children: body }],
  });
  return Packer.toBuffer(doc);
}
