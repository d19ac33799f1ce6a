import type ExcelJS from 'exceljs';
import { validationFailed } from '../../platform/errors';
import { unescapeCell } from './escape';

/** The largest import file and the most data rows one import takes. */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

export interface Sheet {
  headers: string[];
  /** Data rows as text, one cell per header, empty rows left out; `line` is the row in the file (1 = header). */
  rows: { line: number; cells: string[] }[];
}

const isZip = (b: Buffer) => b.length > 3 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** A cell as the text it shows. A formula is taken as its text (`=A1*2`), never evaluated. */
function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'string') return unescapeCell(v);
  if (typeof v === 'object') {
    if ('formula' in v && typeof v.formula === 'string') return `=${v.formula}`;
    if ('sharedFormula' in v && typeof v.sharedFormula === 'string') return `=${v.sharedFormula}`;
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return cellText((v as { text: ExcelJS.CellValue }).text);
    if ('error' in v) return String((v as { error: unknown }).error);
    return '';
  }
  return String(v);
}

function tooMany(): never {
  throw validationFailed({ file: ['validation.importTooManyRows'] });
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  // Loaded on the first import, not with the server: ExcelJS's modules cost every start 0.4 s of CPU.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw validationFailed({ file: ['validation.importDamaged'] });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw validationFailed({ file: ['validation.importEmpty'] });
  if (ws.actualRowCount > IMPORT_MAX_ROWS + 1) tooMany();
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (c, col) => {
      cells[col - 1] = cellText(c.value).trim();
    });
    out[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(out, (r) => r ?? []);
}

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Windows-1252 (Excel's "CSV" on German Windows). */
function decode(data: Buffer) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

async function readCsv(data: Buffer): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const text = decode(data);
  // A binary file named .csv: control characters other than tab and line breaks.
  const head = text.slice(0, 4096);
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) throw validationFailed({ file: ['validation.importFileType'] });
  }
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [';', ',', '\t'], skipEmptyLines: false });
  return parsed.data.map((r) => r.map((c) => unescapeCell(String(c ?? '').trim())));
}

/**
 * Reads an XLSX (ExcelJS) or CSV (papaparse: `;`, `,` or tab) upload into a header row and text
 * rows. The content decides, not the name alone: a ZIP is read as a workbook, and a file named
 * .xlsx that is no ZIP is refused as damaged.
 */
export async function readSheet(fileName: string, data: Buffer): Promise<Sheet> {
  const xlsxName = /\.xlsx$/i.test(fileName);
  let table: string[][];
  if (isZip(data)) table = await readXlsx(data);
  else if (xlsxName) throw validationFailed({ file: ['validation.importDamaged'] });
  else if (/\.(csv|txt)$/i.test(fileName)) table = await readCsv(data);
  else throw validationFailed({ file: ['validation.importFileType'] });
  const [head, ...rest] = table;
  const headers = (head ?? []).map((h) => h.trim());
  if (headers.filter(Boolean).length === 0) throw validationFailed({ file: ['validation.importEmpty'] });
  const rows = rest
    .map((cells, i) => ({ line: i + 2, cells: headers.map((_, j) => cells[j] ?? '') }))
    .filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length > IMPORT_MAX_ROWS) tooMany();
  return { headers, rows };
}
