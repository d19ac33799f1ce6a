import { saveBlob } from '../../lib/save-blob';

/** Grids export to this file name. */
export const GRID_EXPORT_FILE = 'DataGrid.xlsx';

export type XlsxValue = string | number | boolean | Date | null;

export interface XlsxColumn {
  header: string;
  /** Dates get a DD.MM.YYYY number format, date-times DD.MM.YYYY HH:mm. */
  format?: 'date' | 'datetime';
  width?: number;
}

/**
 * Excel stores wall-clock times without a zone and ExcelJS reads a Date as UTC: shift the local
 * time into UTC so the sheet shows what the grid showed.
 */
export function excelDate(d: Date): Date {
  return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()));
}

/**
 * A text a spreadsheet could take for a formula (`=`, `+`, `-`, `@`, or a tab/CR before one) gets
 * a leading apostrophe, so that an exported value never runs when the file is opened or pasted
 * on (CSV injection). The register import takes the apostrophe off again.
 */
export function escapeFormula(v: string) {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** Cell values ready for ExcelJS: dates shifted, null as empty, formula-like texts escaped. */
export function sheetRows(rows: readonly (readonly XlsxValue[])[]): (string | number | boolean | Date | null)[][] {
  return rows.map((row) => row.map((v) => (v instanceof Date ? excelDate(v) : typeof v === 'string' ? escapeFormula(v) : v)));
}

/** Column width in characters from the longest header or text value (10…60). */
export function columnWidth(column: XlsxColumn, index: number, rows: readonly (readonly XlsxValue[])[]): number {
  if (column.width) return column.width;
  if (column.format === 'date') return 12;
  if (column.format === 'datetime') return 17;
  let max = column.header.length;
  for (const row of rows) {
    const v = row[index];
    if (typeof v === 'string') max = Math.max(max, Math.min(v.length, 60));
  }
  return Math.max(10, Math.min(60, max + 2));
}

/** Builds the workbook with ExcelJS (loaded only now: it is large) and returns it as a Blob. */
export async function buildXlsx(columns: readonly XlsxColumn[], rows: readonly (readonly XlsxValue[])[], sheetName = 'DataGrid') {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    width: columnWidth(c, i, rows),
    style: c.format ? { numFmt: c.format === 'date' ? 'dd.mm.yyyy' : 'dd.mm.yyyy hh:mm' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(sheetRows(rows));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Pages that build their own workbook save it the way the grids do. */
export { saveBlob };

/** Builds and downloads DataGrid.xlsx. */
export async function downloadXlsx(
  columns: readonly XlsxColumn[],
  rows: readonly (readonly XlsxValue[])[],
  fileName = GRID_EXPORT_FILE,
) {
  saveBlob(await buildXlsx(columns, rows), fileName);
}
