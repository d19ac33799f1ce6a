import { PassThrough } from 'node:stream';
import { escapeCell } from '../import/escape';
import type { Register } from './data';

/** Excel's limit on sheet names and the characters it refuses in them. */
const sheetName = (s: string) => s.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

/** A calendar day (YYYY-MM-DD) as the date Excel shows for it: midnight UTC, which ExcelJS writes as that day's serial. */
const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/**
 * The register as a workbook: the register sheet (header row, then one row per activity, a
 * column per Art. 30 field, linked objects one per line as "number name", status and last
 * change; dates as real date cells), then a sheet with the company's and the DPO's contact
 * data, date and version. Written with ExcelJS's streaming writer: each row is committed as it
 * is added, so the workbook's model never holds the whole register beside the loaded rows.
 */
export async function registerXlsx(r: Register): Promise<Buffer> {
  // Loaded on the first export, not with the server: ExcelJS's modules cost every start 0.4 s of CPU.
  const { default: ExcelJS } = await import('exceljs');
  const t = r.texts;
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = r.company.name;
  wb.title = t.title[r.kind];
  const ws = wb.addWorksheet(sheetName(t.sheet[r.kind]), { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  const dateKeys = new Set(r.rows.flatMap((row) => Object.keys(row.dates)));
  ws.columns = [
    { header: t.field.number, key: 'number', width: 12 },
    { header: t.field.name, key: 'name', width: 36 },
    ...r.columns.map((c) => ({
      header: c.label,
      key: c.key,
      width: dateKeys.has(c.key) ? 14 : 32,
      ...(dateKeys.has(c.key) ? { style: { numFmt: t.dateFormat } } : {}),
    })),
    { header: t.status, key: 'status', width: 16 },
    { header: t.lastChange, key: 'updatedAt', width: 14, style: { numFmt: t.dateFormat } },
  ];
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of r.rows) {
    const added = ws.addRow({
      number: row.number,
      name: escapeCell(row.name),
      ...Object.fromEntries(
        Object.entries(row.cells).map(([k, v]) => [
          k,
          row.dates[k] ? day(row.dates[k]) : escapeCell(Array.isArray(v) ? v.join('\n') : v),
        ]),
      ),
      status: row.statusName,
      updatedAt: day(row.updatedAt),
    });
    added.alignment = { vertical: 'top', wrapText: true };
    added.commit();
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: r.columns.length + 4 } };
  ws.commit();

  const info = wb.addWorksheet(sheetName(t.sheet.company));
  info.columns = [{ width: 34 }, { width: 60 }];
  const contact = (title: string, c: Register['company']) => {
    info.addRow([title]).font = { bold: true };
    for (const [k, v] of [
      [t.contact.name, c.name],
      [t.contact.address, c.address],
      [t.contact.email, c.email],
      [t.contact.phone, c.phone],
      [t.contact.url, c.url],
    ])
      if (v) info.addRow([k, v]);
    info.addRow([]);
  };
  info.addRow([`${t.title[r.kind]} ${t.article[r.kind]}`]).font = { bold: true, size: 13 };
  info.addRow([t.generatedOn, day(r.generatedDay)]).getCell(2).numFmt = t.dateFormat;
  info.addRow([t.version, r.version]).getCell(2).alignment = { horizontal: 'left' };
  info.addRow([]);
  contact(r.kind === 'controller' ? t.controllerData : t.processorData, r.company);
  contact(t.dpo, r.dpo);
  if (r.kind === 'processor') {
    info.addRow([t.field.measures]).font = { bold: true };
    for (const m of r.measures) info.addRow(['', m]);
  }
  info.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}
