import { escapeCell } from '../import/escape';
import type { Register } from './data';

/** Excel's limit on sheet names and the characters it refuses in them. */
const sheetName = (s: string) => s.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

/**
 * The register as a workbook: the register sheet (header row, then one row per activity, a
 * column per Art. 30 field, linked objects one per line as "number name"), then a sheet with
 * the company's and the DPO's contact data.
 */
export async function registerXlsx(r: Register): Promise<Buffer> {
  // Loaded on the first export, not with the server: ExcelJS's modules cost every start 0.4 s of CPU.
  const { default: ExcelJS } = await import('exceljs');
  const t = r.texts;
  const wb = new ExcelJS.Workbook();
  wb.creator = r.company.name;
  wb.title = t.title[r.kind];
  const ws = wb.addWorksheet(sheetName(t.sheet[r.kind]), { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  ws.columns = [
    { header: t.field.number, key: 'number', width: 12 },
    { header: t.field.name, key: 'name', width: 36 },
    ...r.columns.map((c) => ({ header: c.label, key: c.key, width: 32 })),
  ];
  ws.getRow(1).font = { bold: true };
  for (const row of r.rows) {
    const added = ws.addRow({
      number: row.number,
      name: escapeCell(row.name),
      ...Object.fromEntries(Object.entries(row.cells).map(([k, v]) => [k, escapeCell(Array.isArray(v) ? v.join('\n') : v)])),
    });
    added.alignment = { vertical: 'top', wrapText: true };
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: r.columns.length + 2 } };

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
  info.addRow([t.generatedOn, r.generatedOn]);
  info.addRow([]);
  contact(r.kind === 'controller' ? t.controllerData : t.processorData, r.company);
  contact(t.dpo, r.dpo);
  if (r.kind === 'processor') {
    info.addRow([t.field.measures]).font = { bold: true };
    for (const m of r.measures) info.addRow(['', m]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
