import {
  addMissingMeasuresResultSchema,
  addMissingMeasuresSchema,
  itemInputSchema,
  measureCatalogueEntrySchema,
} from '@pc/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { company, item } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { ctxOf } from '../../platform/auth/plugin';
import { notFound } from '../../platform/errors';
import { type ItemDeps, insertItem } from '../items/service';
import { measureCatalogue } from './catalogue';

export function measureRoutes(app: FastifyInstance, d: ItemDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/measure/catalogue',
    {
      config: { claims: { all: ['Measure.Read'] } },
      schema: { tags: ['measure'], response: { 200: z.array(measureCatalogueEntrySchema) } },
    },
    async (req) => {
      const locale = ctxOf(req).locale;
      return measureCatalogue.map((m) => ({ key: m.key, category: m.category, name: m.name[locale], description: '' }));
    },
  );

  // Spec 000 §7: "add missing measures" takes a company id and a null second argument.
  r.post(
    '/api/measure/add-missing',
    {
      config: { claims: { all: ['Measure.Read', 'Measure.Write'] } },
      schema: { tags: ['measure'], body: addMissingMeasuresSchema, response: { 200: addMissingMeasuresResultSchema } },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { companyId } = req.body;
      const tx = ctx.db;
      // Row-level security: a company the caller may not see does not exist here.
      const [visible] = await tx.select({ id: company.id }).from(company).where(eq(company.id, companyId));
      if (!visible) throw notFound();
      const created = await (async () => {
        // Serialise per company so two concurrent calls cannot both create the same measure.
        await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`measures:${companyId}`}))`);
        const existing = await tx
          .select({ key: sql<string | null>`${item.data}->>'catalogueKey'` })
          .from(item)
          .where(and(eq(item.companyId, companyId), eq(item.type, 'measure')));
        const have = new Set(existing.map((e) => e.key));
        const schema = itemInputSchema('measure');
        let n = 0;
        for (const m of measureCatalogue) {
          if (have.has(m.key)) continue;
          const input = schema.parse({
            name: m.name[ctx.locale],
            data: { category: m.category, implementation: 'planned', catalogueKey: m.key },
          });
          await insertItem(d, { ...ctx, scopeCompanyIds: [companyId] }, 'measure', input, companyId);
          n++;
        }
        return n;
      })();
      return { created };
    },
  );
}
