import type { SavedView, savedViewInputSchema } from '@pc/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { notFound, validationFailed } from '../../platform/errors';

type Ctx = Pick<RequestContext, 'db' | 'userId'>;
type Input = z.output<typeof savedViewInputSchema>;

const SELECT = sql.raw(`select id, register, name, filter, sort, dir, columns, is_default as "isDefault",
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt" from saved_view`);

/** The caller's views of one list, the default first, then by name (row-level security keeps them theirs). */
export function listViews(ctx: Ctx, register: string) {
  return queryRows<SavedView>(
    ctx.db,
    sql`${SELECT} where user_id = ${ctx.userId}::uuid and register = ${register} order by is_default desc, lower(name), id`,
  );
}

function isUniqueViolation(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
}

/**
 * The people, tags and items a filter names must be ones the caller may see (row-level security
 * decides), as in any form: a view never holds, nor answers back, an id of someone else's data.
 */
async function checkFilterReferences(ctx: Ctx, filter: Input['filter']) {
  const checks: [keyof Input['filter'], string][] = [
    ['assigneeId', 'app_user'],
    ['tagId', 'tag'],
    ['parentId', 'item'],
  ];
  const fields: Record<string, string[]> = {};
  for (const [key, table] of checks) {
    const id = filter[key];
    if (!id) continue;
    const [row] = await queryRows<{ id: string }>(ctx.db, sql`select id from ${sql.identifier(table)} where id = ${id}::uuid`);
    if (!row) fields[`filter.${key}`] = ['validation.unknownReference'];
  }
  if (Object.keys(fields).length) throw validationFailed(fields);
}

/** A name is the user's once per list; a second default replaces the first. */
async function prepare(ctx: Ctx, input: Input, id: string | null) {
  await checkFilterReferences(ctx, input.filter);
  const [taken] = await queryRows<{ id: string }>(
    ctx.db,
    sql`select id from saved_view where user_id = ${ctx.userId}::uuid and register = ${input.register}
        and lower(name) = lower(${input.name}) and id is distinct from ${id}::uuid`,
  );
  if (taken) throw validationFailed({ name: ['validation.duplicate'] });
  if (input.isDefault) {
    await ctx.db.execute(sql`update saved_view set is_default = false
        where user_id = ${ctx.userId}::uuid and register = ${input.register} and is_default and id is distinct from ${id}::uuid`);
  }
}

const values = (input: Input) => ({
  filter: JSON.stringify(input.filter),
  columns: JSON.stringify(input.columns),
});

export async function createView(ctx: Ctx, input: Input): Promise<SavedView> {
  await prepare(ctx, input, null);
  const v = values(input);
  try {
    const [row] = await queryRows<{ id: string }>(
      ctx.db,
      sql`insert into saved_view (user_id, register, name, filter, sort, dir, columns, is_default)
          values (${ctx.userId}::uuid, ${input.register}, ${input.name}, ${v.filter}::jsonb, ${input.sort}, ${input.dir},
                  ${v.columns}::jsonb, ${input.isDefault}) returning id`,
    );
    return getView(ctx, row!.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw validationFailed({ name: ['validation.duplicate'] });
    throw e;
  }
}

export async function getView(ctx: Ctx, id: string): Promise<SavedView> {
  const [row] = await queryRows<SavedView>(ctx.db, sql`${SELECT} where id = ${id}::uuid and user_id = ${ctx.userId}::uuid`);
  if (!row) throw notFound();
  return row;
}

/** Replaces a view; its list stays the one it was saved for. */
export async function updateView(ctx: Ctx, id: string, input: Input): Promise<SavedView> {
  const current = await getView(ctx, id);
  if (current.register !== input.register) throw validationFailed({ register: ['validation.invalid'] });
  await prepare(ctx, input, id);
  const v = values(input);
  await ctx.db.execute(sql`update saved_view set name = ${input.name}, filter = ${v.filter}::jsonb, sort = ${input.sort},
      dir = ${input.dir}, columns = ${v.columns}::jsonb, is_default = ${input.isDefault}, updated_at = now()
      where id = ${id}::uuid and user_id = ${ctx.userId}::uuid`);
  return getView(ctx, id);
}

export async function deleteView(ctx: Ctx, id: string) {
  const rows = await queryRows<{ id: string }>(
    ctx.db,
    sql`delete from saved_view where id = ${id}::uuid and user_id = ${ctx.userId}::uuid returning id`,
  );
  if (!rows.length) throw notFound();
}
