import { dashboardSettingsSchema } from '@pc/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { userSetting } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';

type Ctx = Pick<RequestContext, 'db' | 'userId'>;

type DashboardSettings = z.infer<typeof dashboardSettingsSchema>;

const KEY = 'dashboard';

/** Which dashboard tiles the user has hidden; a stored value that no longer parses counts as none. */
export async function getDashboardSettings(ctx: Ctx): Promise<DashboardSettings> {
  const [row] = await ctx.db
    .select({ value: userSetting.value })
    .from(userSetting)
    .where(and(eq(userSetting.userId, ctx.userId), eq(userSetting.key, KEY)));
  const parsed = dashboardSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { hiddenTiles: [] };
}

export async function saveDashboardSettings(ctx: Ctx, input: DashboardSettings): Promise<DashboardSettings> {
  const value = { hiddenTiles: [...new Set(input.hiddenTiles)] };
  await ctx.db
    .insert(userSetting)
    .values({ userId: ctx.userId, key: KEY, value })
    .onConflictDoUpdate({ target: [userSetting.userId, userSetting.key], set: { value } });
  return value;
}
