import type { Language } from '@pc/shared';
import { webTexts } from '../report/web-texts';
import { escapeCell } from './escape';

export interface RowWithErrors {
  line: number;
  cells: string[];
  errors: { column: string; value: string; message: string }[];
}

/** A message key of a cell error in the user's language, as the screens word it. */
export const reasonText = (lang: Language, key: string) => webTexts(lang)([`items.${key}`, key]);

/**
 * The rows of an import that have errors, as a workbook: the first sheet holds each such row with
 * its cells as read and a last column naming every problem, so the user corrects the file and
 * imports it again (that column maps to no field); the second lists row, column, value and reason.
 * Cells are escaped like every export, so a formula-like text never runs on opening.
 */
export async function errorWorkbook(lang: Language, fileName: string, headers: string[], rows: RowWithErrors[]) {
  const tx = webTexts(lang);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(tx('import.errorFile.rowsSheet'));
  const errorsHeader = tx('import.errorFile.errors');
  sheet.addRow([tx('import.errorFile.row'), ...headers, errorsHeader]).font = { bold: true };
  for (const r of rows) {
    const problems = r.errors.map((e) => `${e.column ? `${e.column}: ` : ''}${reasonText(lang, e.message)}`).join('\n');
    sheet.addRow([r.line, ...headers.map((_, i) => escapeCell(r.cells[i] ?? '')), escapeCell(problems)]);
  }
  sheet.columns.forEach((c, i) => {
    c.width = i === 0 ? 8 : 24;
  });
  sheet.getColumn(headers.length + 2).width = 48;
  sheet.getColumn(headers.length + 2).alignment = { wrapText: true, vertical: 'top' };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const list = wb.addWorksheet(tx('import.errorFile.listSheet'));
  list.addRow([
    tx('import.errorFile.row'),
    tx('import.errorFile.column'),
    tx('import.errorFile.value'),
    tx('import.errorFile.reason'),
  ]).font = { bold: true };
  for (const r of rows)
    for (const e of r.errors) list.addRow([r.line, escapeCell(e.column), escapeCell(e.value), reasonText(lang, e.message)]);
  list.columns.forEach((c, i) => {
    c.width = [8, 28, 32, 60][i] ?? 20;
  });
  const base = fileName.replace(/\.[^.]*$/, '').slice(0, 80) || 'import';
  return {
    body: Buffer.from(await wb.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${base} – ${tx('import.errorFile.suffix')}.xlsx`,
  };
}
