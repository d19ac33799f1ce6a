import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type ItemTypeKey, itemStatuses, itemTypeDefs } from '@pc/shared';
import { inArray, sql } from 'drizzle-orm';
import { appUser, item, tag } from '../../db/schema/index';
import { cursorPages, type Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
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

/** Items read from the register's cursor at a time, with the names their page refers to. */
const PAGE_ROWS = 500;

interface ListRow {
  numberLabel: string;
  name: string;
  description: string;
  dueDate: string | null;
  status: number;
  ownerId: string | null;
  assigneeId: string | null;
  data: Record<string, unknown>;
}

/**
 * One register of a company as a workbook its import reads back unchanged: the template's
 * columns (the number, the core texts, status, owner and assignee by e-mail, every form field),
 * one row per item in number order; options by their label, tags by name, links as "number name",
 * several values one per line, days as YYYY-MM-DD. Written to `out` with ExcelJS's streaming
 * writer while the items are read a page at a time from a cursor: neither the items nor the
 * workbook are ever whole in memory.
 */
export async function writeRegisterListXlsx(ctx: Ctx, type: ItemTypeKey, companyId: string, out: Writable): Promise<void> {
  const lang = langOf(ctx);
  const t = webTexts(lang);
  const cols = columnsOf(type);
  const fields = itemTypeDefs[type].fields;
  const statusName = new Map(itemStatuses.map((s) => [s.code, t(`status.${s.name}`)]));

  const { default: ExcelJS } = await import('exceljs');
  const written = finished(out);
  // Awaited at the end; a write error before then must not count as unhandled meanwhile.
  written.catch(() => undefined);
  // A failure stops the file where it is: the caller drops it with its scratch directory.
  try {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(t(`items.type.${type}.other`).slice(0, 31));
    ws.columns = cols.map(() => ({ width: 24 }));
    const header = ws.addRow(cols.map((c) => labelOf(lang, type, c.key)));
    header.font = { bold: true };
    header.commit();

    const query = sql`select number_label as "numberLabel", name, description, due_date::text as "dueDate", status,
               owner_id::text as "ownerId", assignee_id::text as "assigneeId", data
        from item where company_id = ${companyId}::uuid and type = ${type} order by number`;
    for await (const rows of cursorPages<ListRow>(ctx.db, 'register_list', query, PAGE_ROWS)) {
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
        const row = ws.addRow(cells.map(escapeCell));
        row.alignment = { vertical: 'top', wrapText: true };
        row.commit();
      }
    }
    ws.commit();
    await wb.commit();
  } catch (e) {
    out.destroy();
    throw e;
  }
  await written;
}
