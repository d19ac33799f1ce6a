import type { RequestContext } from '../../platform/auth/context';
import type { Storage } from '../../platform/storage';
import type { ItemDeps } from '../items/service';
import { loadRegister, type RegisterKind } from './data';
import { registerPdf } from './pdf';
import { registerXlsx } from './xlsx';

export const reportFormats = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const contentTypes: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type ReportDeps = ItemDeps & { storage: Storage };

/** "VVT Bäckerei Schmidt 2026-11-24.pdf" (Art. 30(2): "VVT-AV …"), safe as a file name. */
function fileName(kind: RegisterKind, companyName: string, isoDay: string, format: ReportFormat, locale: string) {
  const prefix = locale === 'en' ? (kind === 'controller' ? 'RoPA' : 'RoPA-processor') : kind === 'controller' ? 'VVT' : 'VVT-AV';
  const safe = companyName
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 80);
  return `${prefix} ${safe} ${isoDay}.${format}`;
}

/** The company's record of processing activities (Art. 30(1) or 30(2)) as PDF or XLSX. */
export async function processingRegister(
  d: ReportDeps,
  ctx: Pick<RequestContext, 'db' | 'claims' | 'companyId' | 'scopeCompanyIds' | 'locale'>,
  q: { companyId: string; kind: RegisterKind; format: ReportFormat },
) {
  const register = await loadRegister(d, ctx, q.companyId, q.kind);
  const body = q.format === 'pdf' ? await registerPdf(register) : await registerXlsx(register);
  const isoDay = register.generatedOn.split('.').reverse().join('-');
  return {
    body,
    contentType: contentTypes[q.format],
    fileName: fileName(q.kind, register.company.name, isoDay, q.format, ctx.locale),
  };
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string) {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
