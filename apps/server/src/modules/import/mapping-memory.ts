import type { ItemTypeKey } from '@pc/shared';
import { and, eq, sql } from 'drizzle-orm';
import { importMapping } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { normalize } from './normalize';

type Ctx = Pick<RequestContext, 'db' | 'userId'>;

/** The most headers one register's remembered mapping keeps; the oldest give way. */
const MAX_REMEMBERED = 300;

/** What the user chose last for each header (normalised) of this register in this company. */
export async function rememberedMapping(ctx: Ctx, companyId: string, type: ItemTypeKey) {
  const [row] = await ctx.db
    .select({ mapping: importMapping.mapping })
    .from(importMapping)
    .where(and(eq(importMapping.companyId, companyId), eq(importMapping.userId, ctx.userId), eq(importMapping.type, type)));
  return row?.mapping ?? {};
}

/**
 * Keeps the user's mapping of these headers for the next import into the register: a header
 * chosen now replaces what was remembered for it, other headers stay remembered.
 */
export async function rememberMapping(
  ctx: Ctx,
  companyId: string,
  type: ItemTypeKey,
  headers: string[],
  mapping: (string | null)[],
) {
  const now: Record<string, string | null> = {};
  headers.forEach((h, i) => {
    const n = normalize(h);
    if (n) now[n] = mapping[i] ?? null;
  });
  const before = await rememberedMapping(ctx, companyId, type);
  const merged = Object.fromEntries(
    [...Object.entries(before).filter(([k]) => !(k in now)), ...Object.entries(now)].slice(-MAX_REMEMBERED),
  );
  await ctx.db
    .insert(importMapping)
    .values({ companyId, userId: ctx.userId, type, mapping: merged })
    .onConflictDoUpdate({
      target: [importMapping.companyId, importMapping.userId, importMapping.type],
      set: { mapping: merged, updatedAt: sql`now()` },
    });
}
