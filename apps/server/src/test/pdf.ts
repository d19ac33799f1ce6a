import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A generated PDF read back with pdf.js: each page's size in points and its text, white space folded. */
export async function readPdf(data: Buffer | Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: { width: number; height: number; text: string }[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items
      .map((x) => ('str' in x ? x.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    pages.push({ width, height, text });
  }
  await doc.destroy();
  return pages;
}

/** All pages' text as one string; words broken at a hyphen at the end of a line read as one again. */
export async function pdfText(data: Buffer | Uint8Array) {
  return (await readPdf(data))
    .map((p) => p.text)
    .join(' ')
    .replace(/- /g, '-');
}
