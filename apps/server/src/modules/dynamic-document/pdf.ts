import { createRequire } from 'node:module';
import path from 'node:path';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
/** pdfmake ships Roboto as TTF files; unlike the PDF standard fonts it covers all of Unicode's Latin letters. */
const roboto = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<'normal' | 'bold' | 'italics' | 'bolditalics', string> };
const fontDir = path.dirname(roboto.Roboto.normal) + path.sep;

type Inline = string | { text: string; bold: true };

/** `**bold**` spans; everything else is literal text. */
export function inlineRuns(text: string): Inline[] {
  return text
    .split(/\*\*(.+?)\*\*/s)
    .map((part, i) => (i % 2 === 1 ? { text: part, bold: true as const } : part))
    .filter((part) => (typeof part === 'string' ? part.length > 0 : true));
}

/**
 * The small subset of Markdown authors of letters and notices use: `#`–`###` headings, `-`/`*`
 * bullet lists, blank lines between paragraphs and `**bold**`. Single line breaks stay line
 * breaks, as in the text field the template is written in.
 */
export function layoutText(text: string): Content[] {
  const blocks: Content[] = [];
  let paragraph: string[] = [];
  let bullets: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ text: inlineRuns(paragraph.join('\n')), margin: [0, 0, 0, 8] });
    paragraph = [];
  };
  const flushBullets = () => {
    if (bullets.length) blocks.push({ ul: bullets.map((b) => ({ text: inlineRuns(b) })), margin: [0, 0, 0, 8] });
    bullets = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    if (!line.trim()) {
      flushParagraph();
      flushBullets();
    } else if (heading) {
      flushParagraph();
      flushBullets();
      blocks.push({ text: inlineRuns(heading[2]!), style: `h${heading[1]!.length}` });
    } else if (bullet) {
      flushParagraph();
      bullets.push(bullet[1]!);
    } else {
      flushBullets();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushBullets();
  return blocks;
}

export interface DocumentPdfInput {
  title: string;
  author: string;
  text: string;
}

/** The page set-up every generated PDF shares: A4, Roboto, headings h1–h3. */
export const pdfBase = {
  pageSize: 'A4',
  defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.25 },
  styles: {
    h1: { fontSize: 16, bold: true, margin: [0, 4, 0, 10] },
    h2: { fontSize: 13, bold: true, margin: [0, 4, 0, 8] },
    h3: { fontSize: 11.5, bold: true, margin: [0, 2, 0, 6] },
  },
} satisfies Partial<TDocumentDefinitions>;

/** "3 / 12", centred in the footer. */
export const pageNumberFooter: TDocumentDefinitions['footer'] = (page, pages) => ({
  text: `${page} / ${pages}`,
  alignment: 'center',
  fontSize: 8,
  color: '#666666',
});

let reportLogo: string | null = null;

/**
 * The operator's logo (LOGO_FILE) as a data URL, set once when the app is built: every generated
 * PDF carries it at the top right of each page, whichever module renders it.
 */
export function setReportLogo(logo: { bytes: Buffer; contentType: string } | null) {
  reportLogo = logo ? `data:${logo.contentType};base64,${logo.bytes.toString('base64')}` : null;
}

/**
 * Renders a pdfmake document with the bundled fonts. pdfmake keeps fonts and access policies in
 * one module-wide instance; createPdf reads them synchronously, so setting them right before each
 * call cannot race with another caller. The documents embed nothing but the fonts and images
 * passed in as data URLs, so every other file or URL is refused.
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  // Loaded with the first PDF, not with the server: pdfmake and PDFKit cost every start 0.2 s of CPU.
  const { default: pdfmake } = await import('pdfmake');
  pdfmake.setFonts(roboto);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((p) => path.resolve(p).startsWith(fontDir));
  const logo = reportLogo;
  const branded: TDocumentDefinitions =
    logo && !definition.header
      ? { ...definition, header: { image: logo, fit: [90, 24], alignment: 'right', margin: [0, 16, 24, 0] } }
      : definition;
  return pdfmake.createPdf(branded).getBuffer();
}

export async function renderDocumentPdf({ title, author, text }: DocumentPdfInput): Promise<Buffer> {
  return renderPdf({
    ...pdfBase,
    pageMargins: [60, 60, 60, 60],
    info: { title, author },
    content: layoutText(text),
    footer: pageNumberFooter,
  });
}
