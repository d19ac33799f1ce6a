import { dashboardSettingsSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { getDashboardSettings, saveDashboardSettings } from './service';

/** Which dashboard tiles a user has hidden, stored per user on the server. */
export function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/user/dashboard-settings',
    { schema: { tags: ['dashboard'], response: { 200: dashboardSettingsSchema } } },
    async (req) => getDashboardSettings(ctxOf(req)),
  );
  r.put(
    '/api/user/dashboard-settings',
    { schema: { tags: ['dashboard'], body: dashboardSettingsSchema, response: { 200: dashboardSettingsSchema } } },
    async (req) => saveDashboardSettings(ctxOf(req), req.body),
  );
}
