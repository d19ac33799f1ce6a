import { type DocumentPlaceholderValues, fillPlaceholders } from '@pc/shared';
import { eq } from 'drizzle-orm';

import { company } from '../../db/schema/index';
import { todayIn } from '../../platform/dates';
import { notFound } from '../../platform/errors';
import { getItem, type ItemCtx, type ItemDeps } from '../items/service';
import { renderDocumentPdf } from './pdf';

type CompanyRow = typeof company.$inferSelect;

const joined = (parts: readonly (string | null | undefined)[], separator: string) =>
  parts
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
    .join(separator);

/** "Marktplatz 3, 97070 Würzburg": street lines, then postcode and city. */
const address = (line1: string | null, line2: string | null, zip: string | null, city: string | null) =>
  joined([line1, line2, joined([zip, city], ' ')], ', ');

/** 2026-11-22 → 22.11.2026, the date format of every screen. */
const germanDate = (isoDay: string) => isoDay.split('-').reverse().join('.');

/** Placeholder values from the document's company, its data privacy agent and the document itself. */
export function placeholderValues(
  c: CompanyRow,
  doc: { number: string; name: string },
  today: string,
): DocumentPlaceholderValues {
  return {
    'company.name': c.name,
    'company.address': address(c.addressLine1, c.addressLine2, c.zipCode, c.city),
    'company.addressLine1': c.addressLine1 ?? '',
    'company.addressLine2': c.addressLine2 ?? '',
    'company.zipCode': c.zipCode ?? '',
    'company.city': c.city ?? '',
    'company.email': c.emailAddress ?? '',
    'company.phone': c.phoneNumber ?? '',
    'company.url': c.url ?? '',
    'dpo.name': joined([c.dpaFirstname, c.dpaLastname], ' '),
    'dpo.address': address(c.dpaAddressLine1, c.dpaAddressLine2, c.dpaZipCode, c.dpaCity),
    'dpo.email': c.dpaEmailAddress ?? '',
    'dpo.phone': c.dpaPhoneNumber ?? '',
    'document.number': doc.number,
    'document.name': doc.name,
    today: germanDate(today),
  };
}

/** The document (tenant-checked like every item read) and its placeholder values. */
async function load(d: ItemDeps, ctx: ItemCtx, id: string) {
  const doc = await getItem(d, ctx, 'dynamic-document', id);
  const [row] = await ctx.db.select().from(company).where(eq(company.id, doc.companyId));
  if (!row) throw notFound();
  return { doc, values: placeholderValues(row, doc, todayIn(d.timeZone, d.now())) };
}

export async function documentValues(d: ItemDeps, ctx: ItemCtx, id: string) {
  return (await load(d, ctx, id)).values;
}

/** The filled template as a PDF, and the file name it is offered under. */
export async function documentPdf(d: ItemDeps, ctx: ItemCtx, id: string) {
  const { doc, values } = await load(d, ctx, id);
  const template = typeof doc.data.template === 'string' ? doc.data.template : '';
  const pdf = await renderDocumentPdf({
    title: `${doc.number} ${doc.name}`,
    author: values['company.name'],
    text: fillPlaceholders(template, values),
  });
  return { pdf, fileName: `${doc.number}.pdf` };
}
