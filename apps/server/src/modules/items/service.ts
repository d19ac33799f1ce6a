import { formatItemNumber, type Item, type ItemInput, type ItemListQuery, type ItemTypeKey, itemTypeDefs } from '@pc/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../db/like';
import { appUser, company, item, itemHistory, tag } from '../../db/schema/index';
import { arrayParam, type Db, queryRows } from '../../db/types';
import { fullName, fullNameText } from '../../db/user-name';
import type { RequestContext } from '../../platform/auth/context';
import { notFound, validationFailed } from '../../platform/errors';
import { inScope, inScopeSql } from '../../platform/tenancy';
import { itemChangeEvents, notifyItemChange } from '../notification/events';
import { notifyMany } from '../notification/service';
import { enqueueWebhookEvents, itemEvents } from '../webhook/events';
import { derived, ruledDueDate } from './derive';
import { itemRights } from './policy';
import { checkReferences } from './references';

export type ItemCtx = Pick<
  RequestContext,
  'db' | 'claims' | 'userId' | 'companyId' | 'companyIds' | 'scopeCompanyId' | 'scopeCompanyIds'
>;

export interface ItemDeps {
  timeZone: string;
  now: () => Date;
}

/** An item row as the API builds it: the columns it sends, its company's and people's names. */
type Row = {
  id: string;
  companyId: string;
  type: string;
  number: number;
  name: string;
  description: string;
  status: number;
  dueDate: string | null;
  ownerId: string | null;
  assigneeId: string | null;
  parentType: string | null;
  parentId: string | null;
  data: Record<string, unknown>;
  /** ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it. */
  createdAt: string;
  updatedAt: string;
  version: number;
  companyName: string;
  ownerName: string | null;
  assigneeName: string | null;
};

const isoUtc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The select of every item read, written out rather than built: a register page runs it on
 * every visit, and drizzle's builder spent more CPU composing and mapping its twenty-odd column
 * objects per row than the database took for the page (decision 0027). The search vector and
 * the creator columns stay in the database; timestamps leave it as the text the API sends.
 * Conditions and orders are still drizzle's (`item.*`, `company.*` name these very tables).
 */
const ITEM_SELECT = sql.raw(`select item.id, item.company_id as "companyId", item.type, item.number, item.name,
  item.description, item.status, item.due_date as "dueDate", item.owner_id as "ownerId",
  item.assignee_id as "assigneeId", item.parent_type as "parentType", item.parent_id as "parentId", item.data,
  ${isoUtc('item.created_at')} as "createdAt", ${isoUtc('item.updated_at')} as "updatedAt",
  item.version, company.name as "companyName",
  ${fullNameText('owner')} as "ownerName", ${fullNameText('assignee')} as "assigneeName"
  from item join company on company.id = item.company_id
  left join app_user owner on owner.id = item.owner_id
  left join app_user assignee on assignee.id = item.assignee_id`);

function selectItems(tx: Db, where: SQL, order?: SQL, limit?: number, offset = 0): Promise<Row[]> {
  return queryRows<Row>(
    tx,
    sql`${ITEM_SELECT} where ${where}${order ? sql` order by ${order}` : sql``}${limit === undefined ? sql`` : sql` limit ${limit}`}${offset ? sql` offset ${offset}` : sql``}`,
  );
}

/** Each type's tag fields, looked up once: `tagIdsOf` runs twice for every item a page shows. */
const tagFieldKeys = new Map(
  Object.values(itemTypeDefs).map((d) => [d.key, d.fields.filter((f) => f.kind === 'tags').map((f) => f.key)]),
);

function tagIdsOf(type: ItemTypeKey, data: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const key of tagFieldKeys.get(type) ?? []) {
    const value = data[key];
    if (Array.isArray(value)) ids.push(...(value as string[]));
  }
  return ids;
}

/** Rows to API items with two batched look-ups (tags, attachment counts): no N+1. */
async function toItems(tx: Db, rows: Row[], now: Date, claims: ReadonlySet<string>): Promise<Item[]> {
  const tagIds = [...new Set(rows.flatMap((r) => tagIdsOf(r.type as ItemTypeKey, r.data)))];
  const [tags, counts] = await Promise.all([
    tagIds.length ? tx.select({ id: tag.id, name: tag.name, type: tag.type }).from(tag).where(inArray(tag.id, tagIds)) : [],
    rows.length
      ? queryRows<{ itemId: string; n: number }>(
          tx,
          sql`select item_id as "itemId", count(*)::int as n from attachment where item_id = any(${arrayParam(rows.map((r) => r.id))}::uuid[]) group by item_id`,
        )
      : [],
  ]);
  const tagById = new Map(tags.map((t) => [t.id, t]));
  const countById = new Map(counts.map((c) => [c.itemId, c.n]));
  return rows.map((i) => {
    const type = i.type as ItemTypeKey;
    return {
      id: i.id,
      type,
      companyId: i.companyId,
      companyName: i.companyName,
      number: formatItemNumber(itemTypeDefs[type].prefix, i.number),
      name: i.name,
      description: i.description,
      status: i.status,
      dueDate: i.dueDate,
      owner: i.ownerId ? { id: i.ownerId, name: i.ownerName ?? '' } : null,
      assignee: i.assigneeId ? { id: i.assigneeId, name: i.assigneeName ?? '' } : null,
      parentType: (i.parentType as ItemTypeKey | null) ?? null,
      parentId: i.parentId,
      tags: tagIdsOf(type, i.data).flatMap((id) => {
        const t = tagById.get(id);
        return t ? [t] : [];
      }),
      data: i.data,
      derived: derived(type, i.data, now),
      attachmentCount: countById.get(i.id) ?? 0,
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
      version: i.version,
      rights: itemRights(claims, type),
    };
  });
}

function gridTime(value: string, timeZone: string) {
  return sql`(${value}::timestamp at time zone ${timeZone})`;
}

const typeIs = (types: readonly ItemTypeKey[]) =>
  types.length === 1 ? eq(item.type, types[0]!) : inArray(item.type, [...types]);

export function listWhere(types: readonly ItemTypeKey[], ctx: ItemCtx, q: ItemListQuery, timeZone: string): SQL {
  const parts: (SQL | undefined)[] = [typeIs(types), inScope(item.companyId, ctx.scopeCompanyIds)];
  if (q.q) {
    const like = containsPattern(q.q);
    parts.push(
      sql`(${item.search} @@ websearch_to_tsquery('german', ${q.q}) or ${item.name} ilike ${like} or ${item.numberLabel} ilike ${like})`,
    );
  }
  if (q.status) parts.push(inArray(item.status, q.status.split(',').map(Number)));
  if (q.open === 'true') parts.push(sql`${item.status} < 3`);
  if (q.open === 'false') parts.push(sql`${item.status} >= 3`);
  if (q.assigneeId) parts.push(eq(item.assigneeId, q.assigneeId));
  if (q.parentType) parts.push(eq(item.parentType, q.parentType));
  if (q.parentId) parts.push(eq(item.parentId, q.parentId));
  if (q.tagId) {
    const keys = [...new Set(types.flatMap((type) => tagFieldKeys.get(type) ?? []))];
    const any = keys.map((k) => sql`${item.data} @> ${JSON.stringify({ [k]: [q.tagId] })}::jsonb`);
    parts.push(any.length ? sql`(${sql.join(any, sql` or `)})` : sql`false`);
  }
  if (q.from || q.until) {
    if (q.dateField === 'dueDate') {
      if (q.from) parts.push(sql`${item.dueDate} >= ${q.from.slice(0, 10)}::date`);
      if (q.until) parts.push(sql`${item.dueDate} <= ${q.until.slice(0, 10)}::date`);
    } else {
      const col = q.dateField === 'createdAt' ? item.createdAt : item.updatedAt;
      if (q.from) parts.push(sql`${col} >= ${gridTime(q.from, timeZone)}`);
      if (q.until) parts.push(sql`${col} <= ${gridTime(q.until, timeZone)}`);
    }
  }
  return and(...parts)!;
}

const sortColumns = {
  number: item.number,
  name: sql`lower(${item.name})`,
  status: item.status,
  dueDate: item.dueDate,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  companyName: sql`lower(${company.name})`,
} as const;

/** Only status filters: the total can come from the trigger-kept counts instead of the rows. */
function countFromStats(q: ItemListQuery) {
  return !q.q && !q.assigneeId && !q.tagId && !q.from && !q.until && !q.parentType && !q.parentId;
}

async function countItems(tx: Db, types: readonly ItemTypeKey[], ctx: ItemCtx, q: ItemListQuery, where: SQL) {
  if (countFromStats(q)) {
    // Written out, as the page's select: it runs with every list page.
    const type = types.length === 1 ? sql`type = ${types[0]}` : sql`type = any(${arrayParam(types)}::text[])`;
    const status = q.status
      ? sql` and status = any(${arrayParam(q.status.split(','))}::int[])`
      : q.open === 'true'
        ? sql` and status < 3`
        : q.open === 'false'
          ? sql` and status >= 3`
          : sql``;
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select coalesce(sum(n), 0)::int as n from item_stat where ${type} and ${inScopeSql(sql`company_id`, ctx.scopeCompanyIds)}${status}`,
    );
    return row!.n;
  }
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(item).where(where);
  return Number(row!.n);
}

export function listItems(d: ItemDeps, ctx: ItemCtx, type: ItemTypeKey, q: ItemListQuery) {
  return listItemsOf(d, ctx, [type], q);
}

/** One page of items of several types at once (the service-agreement list over its three kinds). */
export async function listItemsOf(d: ItemDeps, ctx: ItemCtx, types: readonly ItemTypeKey[], q: ItemListQuery) {
  const tx = ctx.db;
  const where = listWhere(types, ctx, q, d.timeZone);
  const col = sortColumns[q.sort];
  // Only the due date can be empty; plain asc/desc on the others lets the indexes supply the order.
  const nulls = q.sort === 'dueDate' ? sql` nulls last` : sql``;
  const dir = q.dir === 'asc' ? sql`asc` : sql`desc`;
  // Numbers are unique per company and type: within one company no tie-breaker is needed,
  // and without one the (company, type, number) index hands out the page directly.
  const unique = q.sort === 'number' && ctx.scopeCompanyIds.length === 1 && types.length === 1;
  const order = unique ? sql`${col} ${dir}` : sql`${col} ${dir}${nulls}, ${item.id} ${dir}`;
  const [rows, total] = await Promise.all([
    selectItems(tx, where, order, q.pageSize, q.page * q.pageSize),
    countItems(tx, types, ctx, q, where),
  ]);
  return { items: await toItems(tx, rows, d.now(), ctx.claims), total };
}

/** At most this many children per parent; far above what one item gathers in practice. */
export const CHILDREN_LIMIT = 200;

/**
 * The items whose parent is the given one, across the `types` the caller may read, in one
 * query (the detail page shows them together). Scoped like every list.
 */
export async function listChildren(
  d: ItemDeps,
  ctx: ItemCtx,
  parentType: ItemTypeKey,
  parentId: string,
  types: readonly ItemTypeKey[],
) {
  // A parent outside the scope answers 404 as the item itself does, not an empty list.
  const parent = typeOfItem(ctx, parentId, [parentType]);
  if (types.length === 0) return parent.then(() => ({ items: [], total: 0 }));
  const tx = ctx.db;
  const where = and(
    eq(item.parentType, parentType),
    eq(item.parentId, parentId),
    inArray(item.type, [...types]),
    inScope(item.companyId, ctx.scopeCompanyIds),
  );
  const [rows, [count]] = await Promise.all([
    selectItems(tx, where!, sql`${item.type}, ${item.number}`, CHILDREN_LIMIT),
    tx.select({ n: sql<number>`count(*)::int` }).from(item).where(where),
    parent,
  ]);
  return { items: await toItems(tx, rows, d.now(), ctx.claims), total: Number(count!.n) };
}

async function loadOne(tx: Db, ctx: ItemCtx, type: ItemTypeKey, id: string) {
  const [row] = await selectItems(tx, and(eq(item.id, id), eq(item.type, type), inScope(item.companyId, ctx.scopeCompanyIds))!);
  if (!row) throw notFound();
  return row;
}

/** The type of an item of the scope among `types` (a route that names no type); 404 otherwise. */
export async function typeOfItem(ctx: ItemCtx, id: string, types: readonly ItemTypeKey[]) {
  const [row] = await ctx.db
    .select({ type: item.type })
    .from(item)
    .where(and(eq(item.id, id), typeIs(types), inScope(item.companyId, ctx.scopeCompanyIds)));
  if (!row) throw notFound();
  return row.type as ItemTypeKey;
}

export async function getItem(d: ItemDeps, ctx: ItemCtx, type: ItemTypeKey, id: string) {
  return (await toItems(ctx.db, [await loadOne(ctx.db, ctx, type, id)], d.now(), ctx.claims))[0]!;
}

export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { from: a, to: b };
  }
  return changes;
}

export const coreOf = (
  i: Pick<Row, 'name' | 'description' | 'status' | 'dueDate' | 'ownerId' | 'assigneeId' | 'parentType' | 'parentId' | 'data'>,
) => ({
  name: i.name,
  description: i.description,
  status: i.status,
  dueDate: i.dueDate,
  ownerId: i.ownerId,
  assigneeId: i.assigneeId,
  parentType: i.parentType,
  parentId: i.parentId,
  ...Object.fromEntries(Object.entries(i.data).map(([k, v]) => [`data.${k}`, v])),
});

type ImportedPart = {
  name: string;
  description: string;
  status: number;
  dueDate: string | null;
  ownerId: string | null;
  assigneeId: string | null;
  data: Record<string, unknown>;
};
const importedCore = (i: ImportedPart) => ({
  name: i.name,
  description: i.description,
  status: i.status,
  dueDate: i.dueDate,
  ownerId: i.ownerId,
  assigneeId: i.assigneeId,
  ...Object.fromEntries(Object.entries(i.data).map(([k, v]) => [`data.${k}`, v])),
});

/** The history's changes between two states of the parts an import writes (core texts, status, due date, people, data). */
export const itemChanges = (before: ImportedPart, after: ImportedPart) => diff(importedCore(before), importedCore(after));

/** The company a new item goes to: the one named, else the scope, else the user's own. */
function targetCompany(ctx: ItemCtx, requested: string | undefined) {
  const id = requested ?? ctx.scopeCompanyId ?? ctx.companyId;
  if (!ctx.scopeCompanyIds.includes(id)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
  return id;
}

/**
 * The webhook events of an item's change, queued in the change's transaction. The payload is
 * the item as the API returns it, without the rights, which are the changing user's own.
 */
async function enqueueItemWebhooks(
  d: ItemDeps,
  ctx: ItemCtx,
  id: string,
  companyId: string,
  events: ReturnType<typeof itemEvents>,
) {
  await enqueueWebhookEvents(ctx.db, {
    companyId,
    events,
    at: d.now(),
    payload: async () => {
      const apiItem = await webhookItem(ctx.db, companyId, id, d.now());
      return apiItem && { item: apiItem };
    },
  });
}

/**
 * An item as the API returns it, for a webhook's payload: without the rights, which would be
 * some user's own and mean nothing to a receiver. Null when it is gone (a pass that raced a delete).
 */
export async function webhookItem(tx: Db, companyId: string, id: string, now: Date) {
  const rows = await selectItems(tx, and(eq(item.id, id), inScope(item.companyId, [companyId]))!);
  if (!rows.length) return null;
  const { rights: _rights, ...apiItem } = (await toItems(tx, rows, now, new Set()))[0]!;
  return apiItem;
}

/** Rows per multi-row statement of `insertItems`: well below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

/**
 * Inserts items of one type and company inside the caller's tenant transaction — one from a form,
 * many from an import — set-based: the references of all of them checked together, their numbers
 * reserved with one counter update, rows, history entries and notifications written a chunk per
 * statement. Answers the new rows in the order of `inputs`.
 */
export async function insertItems(
  d: ItemDeps,
  ctx: ItemCtx,
  type: ItemTypeKey,
  inputs: readonly ItemInput[],
  companyId: string,
  action: 'created' | 'imported' = 'created',
  /** Told the rows of each statement once they are in (an import's progress). */
  onWritten: (rows: number) => Promise<void> | void = () => undefined,
) {
  if (!inputs.length) return [];
  const tx = ctx.db;
  const withData = inputs.map((input) => ({ ...input, data: input.data as Record<string, unknown> }));
  await checkReferences(tx, type, withData, companyId);
  // The upsert takes a row lock, so concurrent creates of one company and type wait for each other.
  const [counter] = await queryRows<{ last: number }>(
    tx,
    sql`insert into item_counter (company_id, type, last) values (${companyId}, ${type}, ${inputs.length})
        on conflict (company_id, type) do update set last = item_counter.last + ${inputs.length} returning last`,
  );
  const first = Number(counter!.last) - inputs.length + 1;
  const created: (typeof item.$inferSelect)[] = [];
  for (let at = 0; at < withData.length; at += INSERT_CHUNK) {
    const chunk = withData.slice(at, at + INSERT_CHUNK);
    const rows = await tx
      .insert(item)
      .values(
        chunk.map((input, i) => {
          const number = first + at + i;
          return {
            companyId,
            type,
            number,
            numberLabel: formatItemNumber(itemTypeDefs[type].prefix, number),
            name: input.name,
            description: input.description,
            status: input.status,
            dueDate: ruledDueDate(type, input.data, input.dueDate, d.timeZone),
            ownerId: input.ownerId ?? ctx.userId,
            assigneeId: input.assigneeId,
            parentType: input.parentType,
            parentId: input.parentId,
            data: input.data,
            createdBy: ctx.userId,
            updatedBy: ctx.userId,
          };
        }),
      )
      .returning();
    rows.sort((a, b) => a.number - b.number);
    await tx.insert(itemHistory).values(
      rows.map((row) => ({
        itemId: row.id,
        companyId,
        type,
        name: row.name,
        action,
        userId: ctx.userId,
        changes: diff({}, coreOf(row)),
      })),
    );
    const events = [];
    for (const row of rows) events.push(...(await itemChangeEvents(tx, ctx.userId, d.now(), null, row)));
    await notifyMany(tx, events);
    for (const row of rows) await enqueueItemWebhooks(d, ctx, row.id, companyId, itemEvents(type, null, row));
    created.push(...rows);
    await onWritten(rows.length);
  }
  return created;
}

export async function createItem(d: ItemDeps, ctx: ItemCtx, type: ItemTypeKey, input: ItemInput) {
  const tx = ctx.db;
  const companyId = targetCompany(ctx, input.companyId);
  const [row] = await insertItems(d, ctx, type, [input], companyId);
  return (
    await toItems(tx, [await loadOne(tx, { ...ctx, scopeCompanyIds: [companyId] }, type, row.id)], d.now(), ctx.claims)
  )[0]!;
}

export async function updateItem(d: ItemDeps, ctx: ItemCtx, type: ItemTypeKey, id: string, input: ItemInput) {
  const tx = ctx.db;
  const before = await loadOne(tx, ctx, type, id);
  const data = input.data as Record<string, unknown>;
  if (input.parentId === id) throw validationFailed({ parentId: ['validation.selfReference'] });
  // A link to the item itself (an organisation unit as its own parent unit) is refused the same way.
  for (const f of itemTypeDefs[type].fields) {
    if (f.kind === 'links' && f.itemType === type && Array.isArray(data[f.key]) && (data[f.key] as string[]).includes(id)) {
      throw validationFailed({ [`data.${f.key}`]: ['validation.selfReference'] });
    }
  }
  await checkReferences(tx, type, [{ ...input, data }], before.companyId);
  const next = {
    name: input.name,
    description: input.description,
    status: input.status,
    dueDate: ruledDueDate(type, data, input.dueDate, d.timeZone),
    ownerId: input.ownerId,
    assigneeId: input.assigneeId,
    parentType: input.parentType,
    parentId: input.parentId,
    data,
  };
  const changes = diff(coreOf(before), coreOf(next));
  if (Object.keys(changes).length) {
    await tx
      .update(item)
      .set({ ...next, updatedAt: d.now(), updatedBy: ctx.userId })
      .where(eq(item.id, id));
    await tx.insert(itemHistory).values({
      itemId: id,
      companyId: before.companyId,
      type,
      name: next.name,
      action: 'updated',
      userId: ctx.userId,
      changes,
    });
    await notifyItemChange(tx, ctx.userId, d.now(), before, { ...before, ...next, id });
    await enqueueItemWebhooks(d, ctx, id, before.companyId, itemEvents(type, before, next));
  }
  return (await toItems(tx, [await loadOne(tx, ctx, type, id)], d.now(), ctx.claims))[0]!;
}

export async function deleteItem(ctx: ItemCtx, type: ItemTypeKey, id: string) {
  const tx = ctx.db;
  const before = await loadOne(tx, ctx, type, id);
  await tx.delete(item).where(eq(item.id, id));
  await tx.insert(itemHistory).values({
    itemId: id,
    companyId: before.companyId,
    type,
    name: before.name,
    action: 'deleted',
    userId: ctx.userId,
    changes: diff(coreOf(before), {}),
  });
}

export async function itemHistoryOf(ctx: ItemCtx, type: ItemTypeKey, id: string) {
  const tx = ctx.db;
  await loadOne(tx, ctx, type, id);
  const rows = await tx
    .select({ h: itemHistory, userName: fullName('app_user') })
    .from(itemHistory)
    .leftJoin(appUser, eq(appUser.id, itemHistory.userId))
    .where(eq(itemHistory.itemId, id))
    .orderBy(desc(itemHistory.at));
  return rows.map(({ h, userName }) => ({
    id: h.id,
    at: h.at.toISOString(),
    action: h.action,
    userId: h.userId,
    userName,
    changes: h.changes,
  }));
}
