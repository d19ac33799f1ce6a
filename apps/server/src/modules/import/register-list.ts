import { type ItemTypeKey, itemStatuses, itemTypeDefs } from '@pc/shared';
import { inArray } from 'drizzle-orm';
import { appUser, item, tag } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { registerRows } from '../items/register-rows';
import { webTexts } from '../report/web-texts';
import { escapeCell } from './escape';
import { columnsOf, labelOf, langOf, optionLabel } from './service';

type Ctx = Pick<RequestContext, 'db' | 'locale'>;

const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

async function names(db: Db, table: 'tag' | 'item', wanted: string[]) {
  if (!wanted.length) return new Map<string, string>();
  if (table === 'tag') {
    const rows = await db.select({ id: tag.id, name: tag.name }).from(tag).where(inArray(tag.id, wanted));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  const rows = await db
    .select({ id: item.id, label: item.numberLabel, name: item.name })
    .from(item)
    .where(inArray(item.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.label} ${r.name}`]));
}

/**
 * One register of a company as a workbook its import reads back unchanged: the template's
 * columns (the number, the core texts, status, owner and assignee by e-mail, every form field),
 * one row per item in number order; options by their label, tags by name, links as "number name",
 * several values one per line, days as YYYY-MM-DD.
 */
export async function registerListXlsx(ctx: Ctx, type: ItemTypeKey, companyId: string): Promise<Buffer> {
  const lang = langOf(ctx);
  const t = webTexts(lang);
  const cols = columnsOf(type);
  const rows = await registerRows(ctx.db, companyId, type);
  const fields = itemTypeDefs[type].fields;
  const tagIds = new Set<string>();
  const linkIds = new Set<string>();
  const userIds = new Set<string>();
  for (const r of rows) {
    for (const u of [r.ownerId, r.assigneeId]) if (u) userIds.add(u);
    for (const f of fields) {
      if (f.kind === 'tags') for (const id of ids(r.data[f.key])) tagIds.add(id);
      if (f.kind === 'links') for (const id of ids(r.data[f.key])) linkIds.add(id);
    }
  }
  const tags = await names(ctx.db, 'tag', [...tagIds]);
  const links = await names(ctx.db, 'item', [...linkIds]);
  const users = new Map(
    userIds.size
      ? (
          await ctx.db
            .select({ id: appUser.id, email: appUser.email })
            .from(appUser)
            .where(inArray(appUser.id, [...userIds]))
        ).map((u) => [u.id, u.email])
      : [],
  );
  const statusName = new Map(itemStatuses.map((s) => [s.code, t(`status.${s.name}`)]));

  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t(`items.type.${type}.other`).slice(0, 31));
  ws.addRow(cols.map((c) => labelOf(lang, type, c.key))).font = { bold: true };
  for (const r of rows) {
    const cells = cols.map((c): string => {
      switch (c.key) {
        case 'number':
          return r.numberLabel;
        case 'name':
          return r.name;
        case 'description':
          return r.description;
        case 'dueDate':
          return r.dueDate ?? '';
        case 'status':
          return statusName.get(r.status as (typeof itemStatuses)[number]['code']) ?? String(r.status);
        case 'owner':
          return (r.ownerId && users.get(r.ownerId)) || '';
        case 'assignee':
          return (r.assigneeId && users.get(r.assigneeId)) || '';
      }
      const f = c.field!;
      const v = r.data[f.key];
      if (v == null) return '';
      switch (f.kind) {
        case 'date':
        case 'datetime':
          return String(v).slice(0, 10);
        case 'boolean':
          return v ? (lang === 'en' ? 'yes' : 'ja') : lang === 'en' ? 'no' : 'nein';
        case 'select':
          return optionLabel(lang, f.options, String(v));
        case 'multiselect':
          return ids(v)
            .map((o) => optionLabel(lang, f.options, o))
            .join('\n');
        case 'tags':
          return ids(v)
            .flatMap((id) => tags.get(id) ?? [])
            .join('\n');
        case 'links':
          return ids(v)
            .flatMap((id) => links.get(id) ?? [])
            .join('\n');
        default:
          return String(v);
      }
    });
    ws.addRow(cells.map(escapeCell)).alignment = { vertical: 'top', wrapText: true };
  }
  ws.columns.forEach((c) => {
    c.width = 24;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
