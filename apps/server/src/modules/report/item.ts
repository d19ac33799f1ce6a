import {
  type FieldDef,
  formatItemNumber,
  type ItemTypeKey,
  itemStatuses,
  itemTypeDefs,
  itemTypes,
  type Language,
} from '@pc/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { company, item } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { todayIn } from '../../platform/dates';
import { forbidden } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { pageNumberFooter, pdfBase, renderPdf } from '../dynamic-document/pdf';
import { getItem, type ItemCtx, type ItemDeps, itemHistoryOf } from '../items/service';
import { germanDate, logoOf } from './data';
import { type WebT, webTexts } from './web-texts';

type Ctx = ItemCtx & Pick<RequestContext, 'locale'>;

/** How many history entries the PDF lists; the rest is counted. */
const HISTORY_ROWS = 20;

const dateTimeIn = (timeZone: string, lang: Language) => (iso: string) =>
  new Date(iso).toLocaleString(lang === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone });
const idsIn = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Every link of the item (fields, list rows, parent) named "NUMBER name", read in one statement. */
async function linkedLabels(ctx: Ctx, companyId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await ctx.db
    .select({ id: item.id, type: item.type, number: item.number, name: item.name })
    .from(item)
    .where(and(eq(item.companyId, companyId), inArray(item.id, ids)));
  return new Map(rows.map((r) => [r.id, `${formatItemNumber(itemTypeDefs[r.type as ItemTypeKey].prefix, r.number)} ${r.name}`]));
}

function linkIdsOf(fields: readonly FieldDef[], data: Record<string, unknown>): string[] {
  return fields.flatMap((f) => {
    if (f.kind === 'links') return idsIn(data[f.key]);
    if (f.kind === 'list' && Array.isArray(data[f.key]))
      return (data[f.key] as Record<string, unknown>[]).flatMap((row) => linkIdsOf(f.of, row ?? {}));
    return [];
  });
}

/** One field's value as text, the way the detail page shows it. */
function valueText(t: WebT, f: FieldDef, v: unknown, names: Map<string, string>, tagNames: Map<string, string>): string {
  switch (f.kind) {
    case 'links':
      return idsIn(v)
        .map((id) => names.get(id) ?? '')
        .filter(Boolean)
        .join('\n');
    case 'tags':
      return idsIn(v)
        .map((id) => tagNames.get(id) ?? '')
        .filter(Boolean)
        .join(', ');
    case 'select':
      return typeof v === 'string' ? t(`items.option.${f.options}.${v}`) : '';
    case 'multiselect':
      return idsIn(v)
        .map((o) => t(`items.option.${f.options}.${o}`))
        .join('\n');
    case 'boolean':
      return v === true ? t('items.yes') : t('items.no');
    case 'date':
      return typeof v === 'string' ? germanDate(v) : '';
    case 'datetime':
      return typeof v === 'string' ? germanDate(v) + v.slice(10, 16).replace('T', ' ') : '';
    case 'list':
      return '';
    default:
      return v == null ? '' : String(v);
  }
}

export interface ItemReport {
  fileTitle: string;
  companyId: string;
  content: Content[];
  title: string;
  companyName: string;
  generatedOn: string;
}

/**
 * An item as a document: every core and type field, links named, list fields as tables, and a
 * summary of its history. The reader needs the item's read claim (else 403) and the item in scope (else 404).
 */
export async function loadItemReport(d: ItemDeps & { storage: Storage }, ctx: Ctx, type: ItemTypeKey, id: string) {
  const typeInfo = itemTypes.find((x) => x.key === type)!;
  if (!ctx.claims.has(`${typeInfo.claim}.Read`)) throw forbidden();
  const lang = (ctx.locale === 'en' ? 'en' : 'de') as Language;
  const t = webTexts(lang);
  const it = await getItem(d, ctx, type, id);
  const fields = itemTypeDefs[type].fields;
  const [names, history, [c]] = await Promise.all([
    linkedLabels(ctx, it.companyId, [...new Set([...linkIdsOf(fields, it.data), ...(it.parentId ? [it.parentId] : [])])]),
    itemHistoryOf(ctx, type, id),
    ctx.db.select({ logoHash: company.logoHash }).from(company).where(eq(company.id, it.companyId)),
  ]);
  const logo = await logoOf(d.storage, ctx, it.companyId, !!c?.logoHash);
  const tagNames = new Map(it.tags.map((x) => [x.id, x.name]));
  const label = (key: string) => t([`items.fieldFor.${type}.${key}`, `items.field.${key}`]);
  const typeName = t(`items.type.${type}.one`);
  const dateTime = dateTimeIn(d.timeZone, lang);
  const generatedOn = germanDate(todayIn(d.timeZone, d.now()));

  const rows: [string, string][] = [
    [label('number'), it.number],
    [label('company'), it.companyName],
    [label('status'), t(`status.${itemStatuses.find((s) => s.code === it.status)?.name ?? 'open'}`)],
    [label('dueDate'), it.dueDate ? germanDate(it.dueDate) : ''],
    [label('owner'), it.owner?.name ?? ''],
    [label('assignee'), it.assignee?.name ?? ''],
    [label('parentId'), it.parentId ? (names.get(it.parentId) ?? '') : ''],
    [label('tags'), it.tags.map((x) => x.name).join(', ')],
  ];
  const listTables: Content[] = [];
  for (const f of fields) {
    if (f.kind !== 'list') {
      rows.push([label(f.key), valueText(t, f, it.data[f.key], names, tagNames)]);
      continue;
    }
    const entries = Array.isArray(it.data[f.key]) ? (it.data[f.key] as Record<string, unknown>[]) : [];
    const sub = (k: string) => t([`items.subfield.${f.key}.${k}`, `items.field.${k}`]);
    listTables.push({ text: label(f.key), style: 'h3' });
    listTables.push(
      entries.length
        ? {
            table: {
              headerRows: 1,
              widths: f.of.map(() => '*'),
              body: [
                f.of.map((s): TableCell => ({ text: sub(s.key), bold: true })),
                ...entries.map((e) => f.of.map((s): TableCell => valueText(t, s, e?.[s.key], names, tagNames) || '–')),
              ],
            },
            fontSize: 9,
            margin: [0, 0, 0, 12],
          }
        : { text: '–', margin: [0, 0, 0, 12] },
    );
  }

  const created = history.find((h) => h.action === 'created');
  const changes = history.filter((h) => h.action === 'updated');
  const who = (name: string | null) => name ?? t('items.history.system');
  const fieldKey = (k: string) => (k === 'ownerId' || k === 'assigneeId' ? k.slice(0, -2) : k.replace(/^data\./, ''));
  const changeText = (h: (typeof history)[number]) => {
    const keys = Object.keys((h.changes as Record<string, unknown> | null) ?? {});
    if (h.action === 'created')
      return t(`items.history.createdFields_${keys.length === 1 ? 'one' : 'other'}`, { count: keys.length });
    return keys.map((k) => label(fieldKey(k))).join(', ');
  };
  const summary = [
    created ? t('items.report.history.created', { at: dateTime(created.at), user: who(created.userName) }) : '',
    changes[0]
      ? t('items.report.history.changed', {
          count: changes.length,
          at: dateTime(changes[0].at),
          user: who(changes[0].userName),
        })
      : '',
  ];
  const historyContent: Content[] = [
    { text: t('items.history.title'), style: 'h2' },
    { text: summary.filter(Boolean).join(' '), margin: [0, 0, 0, 6] },
    history.length
      ? {
          table: {
            headerRows: 1,
            widths: [95, 110, 60, '*'],
            body: [
              ['at', 'user', 'action', 'fields'].map((k): TableCell => ({ text: t(`items.report.history.${k}`), bold: true })),
              ...history
                .slice(0, HISTORY_ROWS)
                .map((h): TableCell[] => [dateTime(h.at), who(h.userName), t(`items.history.action.${h.action}`), changeText(h)]),
            ],
          },
          fontSize: 8.5,
          layout: 'lightHorizontalLines',
        }
      : { text: t('items.history.none'), italics: true },
    ...(history.length > HISTORY_ROWS ? [{ text: `… +${history.length - HISTORY_ROWS}`, fontSize: 8.5 }] : []),
  ];

  const content: Content[] = [
    ...(logo
      ? [{ image: `data:image/png;base64,${logo.toString('base64')}`, fit: [160, 56], margin: [0, 0, 0, 16] } as Content]
      : []),
    { text: typeName, color: '#555555', fontSize: 11 },
    { text: `${it.number} ${it.name}`, fontSize: 18, bold: true, margin: [0, 2, 0, 12] },
    ...(it.description ? [{ text: it.description, margin: [0, 0, 0, 12] } as Content] : []),
    {
      table: {
        widths: [170, '*'],
        body: rows.map(([k, v]): TableCell[] => [{ text: k, bold: true }, v || '–']),
      },
      layout: 'lightHorizontalLines',
      fontSize: 9.5,
      margin: [0, 0, 0, 16],
    },
    ...listTables,
    ...historyContent,
  ];
  return {
    fileTitle: `${it.number} ${it.name}`,
    companyId: it.companyId,
    content,
    title: `${typeName} ${it.number}`,
    companyName: it.companyName,
    generatedOn,
  } satisfies ItemReport;
}

export function itemPdf(r: ItemReport, opts: { compress?: boolean } = {}) {
  return renderPdf({
    ...pdfBase,
    compress: opts.compress ?? true,
    pageMargins: [50, 50, 50, 50],
    info: { title: r.fileTitle, author: r.companyName, subject: r.title },
    content: r.content,
    footer: (page, pages) => ({
      columns: [
        { text: `${r.companyName} · ${r.title} · ${r.generatedOn}`, fontSize: 8, color: '#666666' },
        { ...(pageNumberFooter as (p: number, n: number) => Content & object)(page, pages), width: 50, alignment: 'right' },
      ],
      margin: [50, 10, 50, 0],
    }),
  });
}
