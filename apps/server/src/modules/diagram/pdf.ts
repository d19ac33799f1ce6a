import { type DiagramNodeType, type DiagramPdfQuery, diagramNodeTypes } from '@pc/shared';
import { chartSvg, layoutDiagram } from '@pc/shared/diagram-drawing';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { todayIn } from '../../platform/dates';
import { notFound } from '../../platform/errors';
import { renderPdf } from '../dynamic-document/pdf';
import { germanDate } from '../report/data';
import { webTexts } from '../report/web-texts';
import { diagramOf } from './service';

type DiagramPdfCtx = Pick<RequestContext, 'db' | 'claims' | 'scopeCompanyIds' | 'locale'>;

/** Landscape page sizes in points. */
const pages = { a4: [841.89, 595.28], a3: [1190.55, 841.89] } as const;
/** Left, top, right, bottom: the top leaves room for the operator's logo every report PDF carries. */
const MARGINS = [28, 48, 28, 28] as const;

const safeName = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim();

/**
 * The organisation chart as a one-page PDF in A4 or A3 landscape: the same plain SVG the web
 * exports (title, company, date, the chart, the legend), laid out by the same code and scaled to
 * fit the page, so text stays text and a large chart is smaller rather than cut.
 */
export async function diagramPdf(ctx: DiagramPdfCtx, q: DiagramPdfQuery, timeZone: string) {
  const diagram = await diagramOf(ctx, q);
  const [company] = await queryRows<{ name: string }>(ctx.db, sql`select name from company where id = ${q.companyId}`);
  if (!company) throw notFound();
  const t = webTexts(ctx.locale);
  const names = (key: 'type' | 'node') =>
    Object.fromEntries(diagramNodeTypes.map((k) => [k, t(`diagram.${key}.${k}`)])) as Record<DiagramNodeType, string>;
  const today = todayIn(timeZone);
  const drawing = chartSvg(await layoutDiagram(diagram), diagram, {
    title: t('diagram.fileName'),
    company: company.name,
    date: germanDate(today),
    legend: t('diagram.legend'),
    type: names('type'),
    node: names('node'),
  });
  const [width, height] = pages[q.paper];
  const body = await renderPdf({
    pageSize: { width, height },
    pageMargins: [...MARGINS],
    info: { title: `${t('diagram.fileName')} ${company.name}` },
    // Never larger than drawn (a small chart stays readable at its size), else scaled to the page.
    content: [
      {
        svg: drawing.svg,
        fit: [
          Math.min(width - MARGINS[0] - MARGINS[2], drawing.width),
          Math.min(height - MARGINS[1] - MARGINS[3], drawing.height),
        ],
      },
    ],
  });
  return {
    body,
    contentType: 'application/pdf',
    fileName: `${safeName(`${t('diagram.fileName')} ${company.name}`)} ${today}.pdf`,
  };
}
