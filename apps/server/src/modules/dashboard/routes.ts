import { checklistDismissSchema, checklistSchema, dashboardSettingsSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth/plugin';
import { getChecklist, setChecklistDismissed } from './checklist';
import { getDashboardSettings, saveDashboardSettings } from './service';

/** Which dashboard tiles a user has hidden, stored per user on the server; the getting-started checklist. */
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
  r.get(
    '/api/dashboard/checklist',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The scope company's getting-started checklist, computed from its data",
        response: { 200: checklistSchema },
      },
    },
    async (req) => getChecklist(ctxOf(req)),
  );
  r.put(
    '/api/dashboard/checklist',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Dismisses the checklist of the scope company for the caller (or brings it back)',
        body: checklistDismissSchema,
        response: { 200: checklistSchema },
      },
    },
    async (req) => setChecklistDismissed(ctxOf(req), req.body.dismissed),
  );
}
