import type { Readable } from 'node:stream';
import type { ItemTypeKey, ManagementReportQuery } from '@pc/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { RequestContext } from '../../platform/auth/context';
import type { Storage } from '../../platform/storage';
import { keepDocument } from '../attachments/service';
import type { ItemDeps } from '../items/service';
import { loadRegister, type RegisterKind } from './data';
import { itemDocx, registerDocx } from './docx';
import { itemPdf, loadItemReport } from './item';
import { loadManagementReport } from './management-data';
import { managementPdf } from './management-pdf';
import { registerPdf } from './pdf';
import { webTexts } from './web-texts';
import { registerXlsx } from './xlsx';

export const reportFormats = ['pdf', 'xlsx', 'docx'] as const;
/** The item report is a document, not a table: PDF or Word. */
export const itemReportFormats = ['pdf', 'docx'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const contentTypes: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export type ReportDeps = ItemDeps & { storage: Storage };

const safeName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 80);

/** "VVT Bäckerei Schmidt 2026-11-24.pdf" (Art. 30(2): "VVT-AV …"), safe as a file name. */
function fileName(kind: RegisterKind, companyName: string, isoDay: string, format: ReportFormat, locale: string) {
  const prefix = locale === 'en' ? (kind === 'controller' ? 'RoPA' : 'RoPA-processor') : kind === 'controller' ? 'VVT' : 'VVT-AV';
  return `${prefix} ${safeName(companyName)} ${isoDay}.${format}`;
}

type ReportCtx = Pick<RequestContext, 'db' | 'userId' | 'claims' | 'companyId' | 'scopeCompanyIds' | 'locale' | 'scopeCompanyId'>;

/**
 * A generated report is kept among the company's documents (decision 0021), so that what was
 * handed to an authority can be found again; the answer carries its id.
 */
async function keep(d: ReportDeps, ctx: ReportCtx, doc: { companyId: string; fileName: string; mimeType: string; data: Buffer }) {
  const documentId = await keepDocument(ctx, d.storage, doc);
  return { body: doc.data, contentType: doc.mimeType, fileName: doc.fileName, documentId };
}

/** The company's record of processing activities (Art. 30(1) or 30(2)) as PDF, XLSX or DOCX. */
export async function processingRegister(
  d: ReportDeps,
  ctx: ReportCtx,
  q: { companyId: string; kind: RegisterKind; format: ReportFormat },
) {
  const register = await loadRegister(d, ctx, q.companyId, q.kind);
  const body =
    q.format === 'pdf'
      ? await registerPdf(register)
      : q.format === 'docx'
        ? await registerDocx(register)
        : await registerXlsx(register);
  const isoDay = register.generatedOn.split('.').reverse().join('-');
  return keep(d, ctx, {
    companyId: q.companyId,
    data: body,
    mimeType: contentTypes[q.format],
    fileName: fileName(q.kind, register.company.name, isoDay, q.format, ctx.locale),
  });
}

/** One item of the scope as a PDF or DOCX report ("VT-0001 Kundenverwaltung 2026-11-24.pdf"). */
export async function itemReport(
  d: ReportDeps,
  ctx: ReportCtx & Parameters<typeof loadItemReport>[1],
  type: ItemTypeKey,
  id: string,
  format: (typeof itemReportFormats)[number] = 'pdf',
) {
  const report = await loadItemReport(d, ctx, type, id);
  const isoDay = report.generatedOn.split('.').reverse().join('-');
  return keep(d, ctx, {
    companyId: report.companyId,
    data: format === 'docx' ? await itemDocx(report) : await itemPdf(report),
    mimeType: contentTypes[format],
    fileName: `${safeName(report.fileTitle)} ${isoDay}.${format}`,
  });
}

/**
 * The management report of one company (with its child companies) for a period as a PDF,
 * kept among the company's documents ("Managementbericht Bäckerei Schmidt 2026-07-01 – 2026-09-30.pdf").
 */
export async function managementReport(
  d: ReportDeps,
  ctx: ReportCtx & Parameters<typeof loadManagementReport>[1],
  q: ManagementReportQuery,
) {
  const report = await loadManagementReport(d, ctx, q);
  const prefix = webTexts(report.locale)('managementReport.fileName');
  return keep(d, ctx, {
    companyId: q.companyId,
    data: await managementPdf(report, d.timeZone),
    mimeType: contentTypes.pdf,
    fileName: `${prefix} ${safeName(report.company.name)} ${q.from} – ${q.until}.pdf`,
  });
}

/** A generated file as a download that no cache keeps: its type, its name (RFC 6266) and its bytes or stream. */
export function sendDownload(reply: FastifyReply, f: { contentType: string; fileName: string; body: Buffer | Readable }) {
  return reply
    .header('content-type', f.contentType)
    .header('content-disposition', attachmentHeader(f.fileName))
    .header('cache-control', 'private, no-store')
    .send(f.body);
}

/** The OpenAPI answer of a route that sends a download: the file's bytes under its content type. */
export function downloadResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } } };
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string) {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
