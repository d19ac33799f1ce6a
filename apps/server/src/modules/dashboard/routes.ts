import { dashboardSettingsSchema } from '@pc/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSetting } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth/plugin';

const KEY = 'dashboard';

/** Which dashboard tiles a user has hidden, stored per user on the server. */
export function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/user/dashboard-settings',
    { schema: { tags: ['dashboard'], response: { 200: dashboardSettingsSchema } } },
    async (req) => {
      const [row] = await ctxOf(req)
        .db.select({ value: userSetting.value })
        .from(userSetting)
        .where(and(eq(userSetting.userId, ctxOf(req).userId), eq(userSetting.key, KEY)));
      const parsed = dashboardSettingsSchema.safeParse(row?.value);
      return parsed.success ? parsed.data : { hiddenTiles: [] };
    },
  );
  r.put(
    '/api/user/dashboard-settings',
    { schema: { tags: ['dashboard'], body: dashboardSettingsSchema, response: { 200: dashboardSettingsSchema } } },
    async (req) => {
      const value = { hiddenTiles: [...new Set(req.body.hiddenTiles)] };
      await ctxOf(req)
        .db.insert(userSetting)
        .values({ userId: ctxOf(req).userId, key: KEY, value })
        .onConflictDoUpdate({ target: [userSetting.userId, userSetting.key], set: { value } });
      return value;
    },
  );
}
