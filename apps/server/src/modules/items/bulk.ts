import { randomUUID } from 'node:crypto';
import {
  BULK_UNDO_SECONDS,
  type BulkRequest,
  type BulkResult,
  type BulkSkipReason,
  formatItemNumber,
  type ItemTypeKey,
  itemTypeDefs,
} from '@pc/shared';
import { sql } from 'drizzle-orm';
import { arrayParam, queryRows } from '../../db/types';
import { validationFailed } from '../../platform/errors';
import { inScopeSql } from '../../platform/tenancy';
import { itemChangeEvents } from '../notification/events';
import { notifyMany } from '../notification/service';
import { ruledDueDate } from './derive';
import { itemRights } from './policy';
import { coreOf, diff, type ItemCtx, type ItemDeps, listWhere } from './service';

/**
 * The server keeps a bulk delete's items this long for its undo: the web offers the undo for
 * BULK_UNDO_SECONDS, and a click in its last second still arrives after a slow round trip.
 */
export const UNDO_KEEP_MS = (BULK_UNDO_SECONDS + 20) * 1000;

type Data = Record<string, unknown>;
type Target = {
  id: string;
  companyId: string;
  type: ItemTypeKey;
  number: number;
  name: string;
  description: string;
  status: number;
  dueDate: string | null;
  ownerId: string | null;
  assigneeId: string | null;
  parentType: string | null;
  parentId: string | null;
  data: Data;
};

const TARGET_SELECT = sql.raw(`select item.id, item.company_id as "companyId", item.type, item.number, item.name,
  item.description, item.status, item.due_date as "dueDate", item.owner_id as "ownerId",
  item.assignee_id as "assigneeId", item.parent_type as "parentType", item.parent_id as "parentId", item.data
  from item`);

/**
 * The items a bulk request reaches, locked for its transaction: the listed ids, or every item a
 * filter in the list's own terms matches (the same conditions as the list, so "all N matches"
 * means what the list counted). Ids outside the register or the scope come back as not found.
 */
async function targets(d: ItemDeps, ctx: ItemCtx, types: readonly ItemTypeKey[], body: BulkRequest) {
  if (body.ids) {
    const ids = [...new Set(body.ids)];
    const rows = await queryRows<Target>(
      ctx.db,
      sql`${TARGET_SELECT} where item.id = any(${arrayParam(ids)}::uuid[])
          and item.type = any(${arrayParam(types)}::text[])
          and ${inScopeSql(sql`item.company_id`, ctx.scopeCompanyIds)} for update of item`,
    );
    const found = new Set(rows.map((r) => r.id));
    return { rows, missing: ids.filter((id) => !found.has(id)) };
  }
  const filter = body.filter!;
  const narrowed = filter.kind ? types.filter((t) => t === filter.kind) : types;
  if (narrowed.length === 0) return { rows: [], missing: [] };
  const where = listWhere(narrowed, ctx, { ...filter, page: 0, pageSize: 1, sort: 'number', dir: 'asc' }, d.timeZone);
  const rows = await queryRows<Target>(ctx.db, sql`${TARGET_SELECT} where ${where} for update of item`);
  return { rows, missing: [] };
}

/** Each type's tag field for a kind of tag (a type has at most one field per kind). */
function tagFieldOf(type: ItemTypeKey, tagType: string): string | undefined {
  return itemTypeDefs[type].fields.find((f) => f.kind === 'tags' && f.tagType === tagType)?.key;
}

const tagFieldsOf = (type: ItemTypeKey) => itemTypeDefs[type].fields.filter((f) => f.kind === 'tags').map((f) => f.key);

type TagRow = { id: string; companyId: string; type: string };

/** The tags named, each visible to the caller; an unknown one refuses the whole request (422), as a form would. */
async function tagsOf(ctx: ItemCtx, body: BulkRequest) {
  const ids = [...new Set([...(body.addTagIds ?? []), ...(body.removeTagIds ?? [])])];
  if (!ids.length) return new Map<string, TagRow>();
  const rows = await queryRows<TagRow>(
    ctx.db,
    sql`select id, company_id as "companyId", type from tag where id = any(${arrayParam(ids)}::uuid[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fields: Record<string, string[]> = {};
  if (body.addTagIds?.some((id) => !byId.has(id))) fields.addTagIds = ['validation.unknownReference'];
  if (body.removeTagIds?.some((id) => !byId.has(id))) fields.removeTagIds = ['validation.unknownReference'];
  if (Object.keys(fields).length) throw validationFailed(fields);
  return byId;
}

/** The people named must be users the caller may see (row-level security on app_user), as in a form. */
async function checkPeople(ctx: ItemCtx, set: NonNullable<BulkRequest['set']>) {
  const fields: Record<string, string[]> = {};
  const wanted = (['ownerId', 'assigneeId'] as const).filter((k) => typeof set[k] === 'string');
  if (!wanted.length) return;
  const ids = wanted.map((k) => set[k] as string);
  const found = await queryRows<{ id: string }>(ctx.db, sql`select id from app_user where id = any(${arrayParam(ids)}::uuid[])`);
  for (const k of wanted) if (!found.some((u) => u.id === set[k])) fields[k] = ['validation.unknownReference'];
  if (Object.keys(fields).length) throw validationFailed(fields);
}

type Planned = { row: Target; next: Omit<Target, 'id' | 'companyId' | 'type' | 'number'> };

/**
 * What one item becomes, or why it stays: the same rules as a form's save of that item (its
 * type's Write right, tags of its own company and of a kind its type has, a due date the law
 * does not fix).
 */
function plan(d: ItemDeps, ctx: ItemCtx, row: Target, body: BulkRequest, tags: Map<string, TagRow>): Planned | BulkSkipReason {
  if (!itemRights(ctx.claims, row.type).write) return 'noRight';
  const set = body.set ?? {};
  let data = row.data;
  if (body.addTagIds?.length || body.removeTagIds?.length) {
    data = { ...row.data };
    for (const id of body.addTagIds ?? []) {
      const tag = tags.get(id)!;
      if (tag.companyId !== row.companyId) return 'tagNotInCompany';
      const key = tagFieldOf(row.type, tag.type);
      if (!key) return 'tagNotForType';
      const have = Array.isArray(data[key]) ? (data[key] as string[]) : [];
      if (!have.includes(id)) data[key] = [...have, id];
    }
    const removed = new Set(body.removeTagIds ?? []);
    if (removed.size) {
      for (const key of tagFieldsOf(row.type)) {
        if (Array.isArray(data[key])) data[key] = (data[key] as string[]).filter((id) => !removed.has(id));
      }
    }
  }
  let dueDate = row.dueDate;
  if (set.dueDate !== undefined) {
    dueDate = ruledDueDate(row.type, data, set.dueDate, d.timeZone);
    if (dueDate !== set.dueDate) return 'dueDateRuled';
  }
  return {
    row,
    next: {
      name: row.name,
      description: row.description,
      status: set.status ?? row.status,
      dueDate,
      ownerId: set.ownerId !== undefined ? set.ownerId : row.ownerId,
      assigneeId: set.assigneeId !== undefined ? set.assigneeId : row.assigneeId,
      parentType: row.parentType,
      parentId: row.parentId,
      data,
    },
  };
}

const skip = (row: Pick<Target, 'id' | 'type' | 'number' | 'name'> | null, id: string, reason: BulkSkipReason) => ({
  id,
  number: row ? formatItemNumber(itemTypeDefs[row.type].prefix, row.number) : null,
  name: row?.name ?? null,
  reason,
});

/**
 * One bulk request over a register's items, in the request's one transaction: each item is
 * judged on its own (skipped ones say why), then every change is one UPDATE and one INSERT of
 * history entries (one per item) over the whole set, however many items it reaches.
 */
export async function bulkItems(
  d: ItemDeps,
  ctx: ItemCtx,
  types: readonly ItemTypeKey[],
  body: BulkRequest,
): Promise<BulkResult> {
  const tags = await tagsOf(ctx, body);
  if (body.set) await checkPeople(ctx, body.set);
  const { rows, missing } = await targets(d, ctx, types, body);
  const skipped = missing.map((id) => skip(null, id, 'notFound'));
  if (body.delete) return deleteMany(d, ctx, rows, skipped);

  const writes: { id: string; next: Planned['next']; changes: Record<string, unknown>; before: Target }[] = [];
  let unchanged = 0;
  for (const row of rows) {
    const p = plan(d, ctx, row, body, tags);
    if (typeof p === 'string') {
      skipped.push(skip(row, row.id, p));
      continue;
    }
    const changes = diff(coreOf(row), coreOf(p.next));
    if (Object.keys(changes).length === 0) unchanged++;
    else writes.push({ id: row.id, next: p.next, changes, before: row });
  }
  if (writes.length) await writeChanges(d, ctx, writes);
  return { changed: writes.length, unchanged, skipped, undoId: null };
}

async function writeChanges(
  d: ItemDeps,
  ctx: ItemCtx,
  writes: { id: string; next: Planned['next']; changes: Record<string, unknown>; before: Target }[],
) {
  const now = d.now();
  const payload = JSON.stringify(
    writes.map((w) => ({
      id: w.id,
      status: w.next.status,
      due_date: w.next.dueDate,
      owner_id: w.next.ownerId,
      assignee_id: w.next.assigneeId,
      data: w.next.data,
      changes: w.changes,
    })),
  );
  const rows = sql`jsonb_to_recordset(${payload}::jsonb) as v(id uuid, status smallint, due_date date, owner_id uuid, assignee_id uuid, data jsonb, changes jsonb)`;
  await ctx.db.execute(sql`update item set status = v.status, due_date = v.due_date, owner_id = v.owner_id,
      assignee_id = v.assignee_id, data = v.data, updated_at = ${now.toISOString()}::timestamptz, updated_by = ${ctx.userId}::uuid
      from ${rows} where item.id = v.id`);
  await ctx.db.execute(sql`insert into item_history (item_id, company_id, type, name, action, user_id, changes, at)
      select item.id, item.company_id, item.type, item.name, 'updated', ${ctx.userId}::uuid, v.changes, ${now.toISOString()}::timestamptz
      from ${rows} join item on item.id = v.id`);
  await notifyAssigned(ctx, now, writes);
}

/** A new owner or assignee is told, as after a form's save: one insert for all items. */
async function notifyAssigned(ctx: ItemCtx, at: Date, writes: { id: string; next: Planned['next']; before: Target }[]) {
  const events = await Promise.all(
    writes.map((w) => itemChangeEvents(ctx.db, ctx.userId, at, w.before, { ...w.before, ...w.next, id: w.id })),
  );
  await notifyMany(ctx.db, events.flat());
}

/**
 * Deletes the items the caller may delete, each with its history entry, after keeping each row,
 * its attachments and the ids of the rows that point at it for the undo. Old undo batches of the
 * companies this request sees go at the same time.
 */
async function deleteMany(d: ItemDeps, ctx: ItemCtx, rows: Target[], skipped: BulkResult['skipped']): Promise<BulkResult> {
  const doomed: Target[] = [];
  for (const row of rows) {
    if (itemRights(ctx.claims, row.type).delete) doomed.push(row);
    else skipped.push(skip(row, row.id, 'noRight'));
  }
  const now = d.now();
  await ctx.db.execute(
    sql`delete from item_trash where deleted_at < ${new Date(now.getTime() - UNDO_KEEP_MS).toISOString()}::timestamptz`,
  );
  if (!doomed.length) return { changed: 0, unchanged: 0, skipped, undoId: null };
  const batch = randomUUID();
  const ids = sql`${arrayParam(doomed.map((r) => r.id))}::uuid[]`;
  await ctx.db.execute(sql`insert into item_trash (batch_id, item_id, company_id, user_id, deleted_at, row, attachments, links)
      select ${batch}::uuid, i.id, i.company_id, ${ctx.userId}::uuid, ${now.toISOString()}::timestamptz, to_jsonb(i) - 'search',
        coalesce((select jsonb_agg(to_jsonb(a)) from attachment a where a.item_id = i.id), '[]'::jsonb),
        jsonb_build_object(
          'children', coalesce((select jsonb_agg(c.id) from item c where c.parent_id = i.id), '[]'::jsonb),
          'timeRecords', coalesce((select jsonb_agg(r.id) from time_record r where r.item_id = i.id), '[]'::jsonb),
          'appointments', coalesce((select jsonb_agg(p.id) from appointment p where p.item_id = i.id), '[]'::jsonb),
          'responses', coalesce((select jsonb_agg(q.id) from questionnaire_response q where q.item_id = i.id), '[]'::jsonb))
      from item i where i.id = any(${ids})`);
  const history = JSON.stringify(doomed.map((r) => ({ id: r.id, changes: diff(coreOf(r), {}) })));
  await ctx.db.execute(sql`insert into item_history (item_id, company_id, type, name, action, user_id, changes, at)
      select item.id, item.company_id, item.type, item.name, 'deleted', ${ctx.userId}::uuid, v.changes, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${history}::jsonb) as v(id uuid, changes jsonb) join item on item.id = v.id`);
  await ctx.db.execute(sql`delete from item where id = any(${ids})`);
  return { changed: doomed.length, unchanged: 0, skipped, undoId: batch };
}

/** The columns an item row is restored with (the search vector is computed by the database). */
const ITEM_COLUMNS = [
  'id',
  'company_id',
  'type',
  'number',
  'number_label',
  'name',
  'description',
  'status',
  'due_date',
  'owner_id',
  'assignee_id',
  'parent_type',
  'parent_id',
  'data',
  'created_at',
  'version',
  'created_by',
  'updated_by',
  'updated_at',
];
const ATTACHMENT_COLUMNS = [
  'id',
  'company_id',
  'item_id',
  'file_hash',
  'file_name',
  'mime_type',
  'size',
  'uploaded_by',
  'created_at',
];

const cols = (names: readonly string[], prefix = '') => sql.raw(names.map((n) => `${prefix}${n}`).join(', '));

/**
 * Undoes a bulk delete of the caller's while it is kept: the items come back with their ids,
 * numbers, attachments and links (a parent deleted since stays unlinked), each with a history
 * entry. An unknown, foreign or expired batch restores nothing.
 */
export async function undoBulkDelete(d: ItemDeps, ctx: ItemCtx, types: readonly ItemTypeKey[], undoId: string) {
  const now = d.now();
  const kept = (t: string) => sql`${sql.raw(t)}.batch_id = ${undoId}::uuid and ${sql.raw(t)}.user_id = ${ctx.userId}::uuid
      and ${sql.raw(t)}.deleted_at >= ${new Date(now.getTime() - UNDO_KEEP_MS).toISOString()}::timestamptz
      and ${sql.raw(t)}.row->>'type' = any(${arrayParam(types)}::text[])
      and ${inScopeSql(sql.raw(`${t}.company_id`), ctx.scopeCompanyIds)}`;
  const itemColumns = ITEM_COLUMNS.filter((c) => c !== 'parent_id');
  // A parent deleted in the meantime (and not in this batch) cannot be linked again.
  const restored = await queryRows<{ id: string }>(
    ctx.db,
    sql`insert into item (${cols(itemColumns)}, parent_id)
      select ${cols(itemColumns, 'r.')},
        case when r.parent_id is null or exists (select 1 from item p where p.id = r.parent_id)
               or exists (select 1 from item_trash u where ${kept('u')} and u.item_id = r.parent_id) then r.parent_id end
      from item_trash t, jsonb_populate_record(null::item, t.row) r where ${kept('t')}
      returning id`,
  );
  if (!restored.length) return { restored: 0 };
  await ctx.db.execute(sql`insert into attachment (${cols(ATTACHMENT_COLUMNS)})
      select ${cols(ATTACHMENT_COLUMNS, 'a.')}
      from item_trash t, jsonb_populate_recordset(null::attachment, t.attachments) a where ${kept('t')}`);
  const relink = (table: string, column: string, key: string) =>
    ctx.db.execute(sql`update ${sql.identifier(table)} x set ${sql.identifier(column)} = t.item_id
      from item_trash t, jsonb_array_elements_text(t.links->${key}) as l(id)
      where ${kept('t')} and x.id = l.id::uuid and x.${sql.identifier(column)} is null`);
  await relink('item', 'parent_id', 'children');
  await relink('time_record', 'item_id', 'timeRecords');
  await relink('appointment', 'item_id', 'appointments');
  await relink('questionnaire_response', 'item_id', 'responses');
  await ctx.db.execute(sql`insert into item_history (item_id, company_id, type, name, action, user_id, changes, at)
      select t.item_id, t.company_id, t.row->>'type', t.row->>'name', 'restored', ${ctx.userId}::uuid, '{}'::jsonb, ${now.toISOString()}::timestamptz
      from item_trash t where ${kept('t')}`);
  await ctx.db.execute(sql`delete from item_trash t where ${kept('t')}`);
  return { restored: restored.length };
}
