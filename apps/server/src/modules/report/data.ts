import { formatItemNumber, type ItemTypeKey, itemStatuses, itemTypeDefs, type Language } from '@pc/shared';
import { and, asc, count, eq, inArray, isNull, like, or } from 'drizzle-orm';
import { attachment, company, item, tag } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { todayIn } from '../../platform/dates';
import { forbidden, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { companyLogo } from '../company/service';
import { placeholderValues } from '../dynamic-document/service';
import { type RegisterItemRow, registerRows } from '../items/register-rows';
import type { ItemDeps } from '../items/service';
import { type ReportTexts, reportTexts } from './labels';

export const registerKinds = ['controller', 'processor'] as const;
export type RegisterKind = (typeof registerKinds)[number];

type Ctx = Pick<RequestContext, 'db' | 'claims' | 'companyId' | 'scopeCompanyIds' | 'locale'>;

/** One cell: a text, or a list (linked objects, tags, legal bases) shown one per line. */
export type Cell = string | string[];

export interface RegisterRow {
  number: string;
  name: string;
  /** Art. 30(2): the client (controller) the activity is carried out for. */
  group: string | null;
  cells: Record<string, Cell>;
  /** The calendar day (YYYY-MM-DD) behind each date cell, so a workbook can hold a real date. */
  dates: Record<string, string>;
  /** Status code (0 open … 4 done) and its name in the report's language. */
  status: number;
  statusName: string;
  /** The activity's last change (ISO timestamp). */
  updatedAt: string;
}

export interface Contact {
  name: string;
  address: string;
  email: string;
  phone: string;
  url: string;
}

/** A register as both renderers (PDF, XLSX) need it: labels resolved, links named. */
export interface Register {
  kind: RegisterKind;
  texts: ReportTexts;
  /** The activity fields after number and name, in Art. 30 order. */
  columns: readonly { key: string; label: string }[];
  rows: RegisterRow[];
  company: Contact;
  dpo: Contact;
  /** Art. 30(2)(d): the processor's general technical and organisational measures. */
  measures: string[];
  /** DD.MM.YYYY */
  generatedOn: string;
  /** YYYY-MM-DD of generatedOn. */
  generatedDay: string;
  /** The consecutive number of this register's copy among those kept for the company. */
  version: number;
  /** DD.MM.YYYY of the latest change of any activity; null for an empty register. */
  asOf: string | null;
  /** PNG of the company logo, if it has one. */
  logo: Buffer | null;
}

const controllerColumns = [
  'description',
  'department',
  'purposes',
  'legalBases',
  'personGroups',
  'dataCategories',
  'specialCategories',
  'recipients',
  'processors',
  'thirdCountryTransfer',
  'thirdCountries',
  'transferSafeguard',
  'storagePeriods',
  'measures',
  'dpiaRequired',
] as const;

const processorColumns = [
  'counterparty',
  'subject',
  'personGroups',
  'dataCategories',
  'subProcessors',
  'thirdCountries',
  'transferSafeguard',
  'contractDate',
  'signed',
] as const;

const sourceType: Record<RegisterKind, ItemTypeKey> = { controller: 'process', processor: 'service-agreement-with-client' };
const claimOf: Record<RegisterKind, string> = { controller: 'Process.Read', processor: 'ServiceAgreementWithClient.Read' };

const ids = (data: Record<string, unknown>, key: string) =>
  Array.isArray(data[key]) ? (data[key] as unknown[]).filter((v): v is string => typeof v === 'string') : [];
const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** DD.MM.YYYY of a calendar day (the date part of an ISO timestamp). */
export const germanDate = (isoDay: string) => isoDay.slice(0, 10).split('-').reverse().join('.');

/** `inArray` in slices, so a register of thousands of links stays under the parameter limit. */
async function inSlices<T>(list: string[], load: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < list.length; i += 5000) out.push(...(await load(list.slice(i, i + 5000))));
  return out;
}

async function linkedNames(tx: Db, companyId: string, linkIds: string[]) {
  const rows = await inSlices(linkIds, (slice) =>
    tx
      .select({ id: item.id, type: item.type, number: item.number, name: item.name, data: item.data })
      .from(item)
      .where(and(eq(item.companyId, companyId), inArray(item.id, slice))),
  );
  return new Map(
    rows.map((r) => {
      const label = `${formatItemNumber(itemTypeDefs[r.type as ItemTypeKey].prefix, r.number)} ${r.name}`;
      // A retention period is only useful with its length.
      const period = r.type === 'storage-period' ? str(r.data.period) : '';
      return [r.id, period ? `${label} (${period})` : label];
    }),
  );
}

async function tagNames(tx: Db, companyId: string, tagIds: string[]) {
  const rows = await inSlices(tagIds, (slice) =>
    tx
      .select({ id: tag.id, name: tag.name })
      .from(tag)
      .where(and(eq(tag.companyId, companyId), inArray(tag.id, slice))),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** File-name prefixes of the kept copies of a register, in both languages (see service.ts). */
export const registerFilePrefixes: Record<RegisterKind, readonly string[]> = {
  controller: ['VVT ', 'RoPA '],
  processor: ['VVT-AV ', 'RoPA-processor '],
};

/**
 * How many copies of this register the company's documents already keep (decision 0063): the
 * next one is "version n + 1". Counted by the file name the report is kept under, so a copy a
 * user deleted from the documents no longer counts.
 */
async function keptCopies(tx: Db, companyId: string, kind: RegisterKind) {
  const [row] = await tx
    .select({ n: count() })
    .from(attachment)
    .where(
      and(
        eq(attachment.companyId, companyId),
        isNull(attachment.itemId),
        or(...registerFilePrefixes[kind].map((p) => like(attachment.fileName, `${p}%`))),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function logoOf(storage: Storage, ctx: Ctx, companyId: string, hasLogo: boolean) {
  if (!hasLogo) return null;
  try {
    return (await companyLogo(storage, ctx, companyId, 300, 100)).body;
  } catch {
    // A logo file that went missing must not cost the whole report.
    return null;
  }
}

/**
 * The register of one company the caller may see in the current scope (else 404), with every
 * link and tag resolved in batched look-ups. Reading it needs the read claim of its source type.
 */
export async function loadRegister(
  d: ItemDeps & { storage: Storage },
  ctx: Ctx,
  companyId: string,
  kind: RegisterKind,
): Promise<Register> {
  if (!ctx.claims.has(claimOf[kind])) throw forbidden();
  if (!ctx.scopeCompanyIds.includes(companyId)) throw notFound();
  const tx = ctx.db;
  const [c] = await tx.select().from(company).where(eq(company.id, companyId));
  if (!c) throw notFound();
  const texts = reportTexts(ctx.locale as Language);
  const today = todayIn(d.timeZone, d.now());
  const values = placeholderValues(c, { number: '', name: '' }, today);

  const type = sourceType[kind];
  const rows = await registerRows(tx, companyId, type);
  // Processing activities carried out as a processor belong to the Art. 30(2) register.
  const sources =
    kind === 'controller'
      ? rows.filter((r) => r.data.role !== 'processor')
      : rows.sort((a, b) => str(a.data.counterparty).localeCompare(str(b.data.counterparty), ctx.locale) || a.number - b.number);

  const fields = itemTypeDefs[type].fields;
  const linkKeys = fields.filter((f) => f.kind === 'links').map((f) => f.key);
  const tagKeys = fields.filter((f) => f.kind === 'tags').map((f) => f.key);
  const measureRows =
    kind === 'processor'
      ? await tx
          .select({ id: item.id })
          .from(item)
          .where(and(eq(item.companyId, companyId), eq(item.type, 'measure')))
          .orderBy(asc(item.number))
      : [];
  const [links, tags, logo, kept] = await Promise.all([
    linkedNames(tx, companyId, [
      ...new Set([...sources.flatMap((r) => linkKeys.flatMap((k) => ids(r.data, k))), ...measureRows.map((m) => m.id)]),
    ]),
    tagNames(tx, companyId, [...new Set(sources.flatMap((r) => tagKeys.flatMap((k) => ids(r.data, k))))]),
    logoOf(d.storage, ctx, companyId, c.logoHash !== null),
    keptCopies(tx, companyId, kind),
  ]);

  const yesNo = (v: unknown) => (v === true ? texts.yes : texts.no);
  const cell = (r: RegisterItemRow, key: string): Cell => {
    const f = fields.find((x) => x.key === key);
    if (key === 'description') return r.description;
    if (!f) return '';
    const v = r.data[key];
    switch (f.kind) {
      case 'links':
        return ids(r.data, key).flatMap((id) => links.get(id) ?? []);
      case 'tags':
        return ids(r.data, key).flatMap((id) => tags.get(id) ?? []);
      case 'multiselect':
        return ids(r.data, key).map((o) => texts.option.legalBasis[o] ?? o);
      case 'select':
        return typeof v === 'string' ? (texts.option.transferSafeguard[v] ?? v) : '';
      case 'boolean':
        return yesNo(v);
      case 'date':
        return typeof v === 'string' ? germanDate(v) : '';
      default:
        return typeof v === 'string' ? v : v == null ? '' : String(v);
    }
  };
  const keys = kind === 'controller' ? controllerColumns : processorColumns;
  const dateKeys = keys.filter((k) => fields.find((f) => f.key === k)?.kind === 'date');
  const latest = sources.reduce<Date | null>((m, r) => (m === null || r.updatedAt > m ? r.updatedAt : m), null);
  const statusName = (code: number) => texts.statusName[itemStatuses.find((s) => s.code === code)?.name ?? 'done'];
  return {
    kind,
    texts,
    columns: keys.map((key) => ({ key, label: texts.field[key] })),
    rows: sources.map((r) => ({
      number: formatItemNumber(itemTypeDefs[type].prefix, r.number),
      name: r.name,
      group: kind === 'processor' ? str(r.data.counterparty) : null,
      cells: Object.fromEntries(keys.map((k) => [k, cell(r, k)])),
      dates: Object.fromEntries(
        dateKeys.flatMap((k) => (typeof r.data[k] === 'string' ? [[k, (r.data[k] as string).slice(0, 10)]] : [])),
      ),
      status: r.status,
      statusName: statusName(r.status),
      updatedAt: r.updatedAt.toISOString(),
    })),
    company: {
      name: values['company.name'],
      address: values['company.address'],
      email: values['company.email'],
      phone: values['company.phone'],
      url: values['company.url'],
    },
    dpo: {
      name: values['dpo.name'],
      address: values['dpo.address'],
      email: values['dpo.email'],
      phone: values['dpo.phone'],
      url: '',
    },
    measures: measureRows.flatMap((m) => links.get(m.id) ?? []),
    generatedOn: values.today,
    generatedDay: today,
    version: kept + 1,
    asOf: latest ? germanDate(todayIn(d.timeZone, latest)) : null,
    logo,
  };
}
