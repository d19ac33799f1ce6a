import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';

/** The download a click on `trigger` starts, listened for before the click so that a quick one is not missed. */
export async function downloadBy(page: Page, trigger: Locator, opts: { timeout?: number } = {}): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', opts), trigger.click()]);
  return download;
}

/** A download's bytes, streamed from the browser: its path() is unavailable on the shared browser, which runs outside this process. */
export async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first worksheet of a downloaded Excel file. */
export async function firstSheet(download: Download): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(await download.createReadStream());
  return workbook.worksheets[0]!;
}

/** A worksheet's rows as lists of cell values (ExcelJS's `row.values` starts at index 1). */
export function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
