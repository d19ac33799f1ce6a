import {
  ifMatchHeaders,
  projectInputSchema,
  projectListQuerySchema,
  projectSchema,
  timeBudgetElementSchema,
  timeComparisonChartSchema,
  timeComparisonFilterSchema,
  timeComparisonPageSchema,
  timeComparisonQuerySchema,
  timeMonthSummarySchema,
  timeRecordInputSchema,
  timeRecordPageQuerySchema,
  timeRecordPageSchema,
  timeRecordSchema,
  versionConflictSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { todayIn } from '../../platform/dates';
import { checkVersion, withEtag } from '../../platform/versioning';
import { queryMonthSummary, queryTimeBudgetElements, queryTimeComparison, queryTimeComparisonChart } from './comparison';
import {
  createProject,
  createTimeRecord,
  deleteProject,
  deleteTimeRecord,
  getProject,
  getRecord,
  listProjects,
  pageTimeRecords,
  updateProject,
  updateTimeRecord,
} from './service';

/** Projects (`/api/project`) and time records (`/api/time-record`). */
export function timeRoutes(app: FastifyInstance, { timeZone, now }: { timeZone: string; now: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { claims: { any: ['TimeRecords.Read', 'TimeRecords.ReadAll'] } };
  const book = { claims: { all: ['TimeRecords.Write'] } };
  const projectsRead = { claims: { any: ['TimeRecords.Read', 'TimeRecords.ReadAll', 'Projects.Write'] } };
  const projectsWrite = { claims: { all: ['Projects.Write'] } };
  const idParams = z.object({ id: z.uuid() });

  r.get(
    '/api/project',
    {
      config: projectsRead,
      schema: {
        tags: ['time'],
        summary: 'Projects of the scope',
        querystring: projectListQuerySchema,
        response: { 200: z.array(projectSchema) },
      },
    },
    async (req) => listProjects(ctxOf(req), req.query),
  );
  r.post(
    '/api/project',
    { config: projectsWrite, schema: { tags: ['time'], body: projectInputSchema, response: { 201: projectSchema } } },
    async (req, reply) => reply.code(201).send(await createProject(ctxOf(req), req.body)),
  );
  r.put(
    '/api/project/:id',
    {
      config: projectsWrite,
      schema: {
        tags: ['time'],
        params: idParams,
        headers: ifMatchHeaders,
        body: projectInputSchema,
        response: { 200: projectSchema, 409: versionConflictSchema(projectSchema) },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await checkVersion(req, ctx.db, 'project', req.params.id, () => getProject(ctx, req.params.id));
      return withEtag(reply, await updateProject(ctx, req.params.id, req.body));
    },
  );
  r.delete('/api/project/:id', { config: projectsWrite, schema: { tags: ['time'], params: idParams } }, async (req, reply) => {
    await deleteProject(ctxOf(req), req.params.id);
    return reply.code(204).send();
  });

  r.get(
    '/api/time-record/page',
    {
      config: read,
      schema: {
        tags: ['time'],
        summary: 'Time records: own ones (TimeRecords.Read) or all (TimeRecords.ReadAll), filtered, sorted, paged, with sums',
        querystring: timeRecordPageQuerySchema,
        response: { 200: timeRecordPageSchema },
      },
    },
    async (req) => pageTimeRecords(ctxOf(req), req.query),
  );
  r.post(
    '/api/time-record',
    { config: book, schema: { tags: ['time'], body: timeRecordInputSchema, response: { 201: timeRecordSchema } } },
    async (req, reply) => reply.code(201).send(await createTimeRecord(ctxOf(req), req.body)),
  );
  r.put(
    '/api/time-record/:id',
    {
      config: book,
      schema: {
        tags: ['time'],
        params: idParams,
        headers: ifMatchHeaders,
        body: timeRecordInputSchema,
        response: { 200: timeRecordSchema, 409: versionConflictSchema(timeRecordSchema) },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await checkVersion(req, ctx.db, 'time_record', req.params.id, () => getRecord(ctx, req.params.id));
      return withEtag(reply, await updateTimeRecord(ctx, req.params.id, req.body));
    },
  );
  r.delete('/api/time-record/:id', { config: book, schema: { tags: ['time'], params: idParams } }, async (req, reply) => {
    await deleteTimeRecord(ctxOf(req), req.params.id);
    return reply.code(204).send();
  });

  r.get(
    '/api/time-comparison/query',
    {
      config: { claims: { all: ['TimeRecords.ReadAll'] } },
      schema: {
        tags: ['time'],
        summary: 'Time comparison: booked against planned hours and budget, grouped in SQL (docs/decisions/0023)',
        querystring: timeComparisonQuerySchema,
        response: { 200: timeComparisonPageSchema },
      },
    },
    async (req) => queryTimeComparison(ctxOf(req), req.query, todayIn(timeZone, now())),
  );

  r.get(
    '/api/time-comparison/chart',
    {
      config: { claims: { all: ['TimeRecords.ReadAll'] } },
      schema: {
        tags: ['time'],
        summary:
          "The comparison's chart: booked, planned and budget hours per period of every matching row, by company or person",
        querystring: timeComparisonFilterSchema,
        response: { 200: timeComparisonChartSchema },
      },
    },
    async (req) => queryTimeComparisonChart(ctxOf(req), req.query, todayIn(timeZone, now())),
  );

  r.get(
    '/api/time-comparison/this-month',
    {
      config: read,
      schema: {
        tags: ['time'],
        summary: "This month's booked hours against the plan in the scope (the dashboard's tile); own hours without ReadAll",
        response: { 200: timeMonthSummarySchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      return queryMonthSummary(ctx, todayIn(timeZone, now()), !ctx.claims.has('TimeRecords.ReadAll'));
    },
  );

  r.get(
    '/api/time-comparison/query-time-budget-element',
    {
      config: read,
      schema: {
        tags: ['time'],
        summary: 'Time budget elements of the scope',
        response: { 200: z.array(timeBudgetElementSchema) },
      },
    },
    async (req) => queryTimeBudgetElements(ctxOf(req)),
  );
}
