import { addMissingMeasuresResultSchema, addMissingMeasuresSchema, measureCatalogueEntrySchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { ItemDeps } from '../items/service';
import { measureCatalogue } from './catalogue';
import { addMissingMeasures } from './service';

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

  // "Add missing measures" takes a company id and a null second argument.
  r.post(
    '/api/measure/add-missing',
    {
      config: { claims: { all: ['Measure.Read', 'Measure.Write'] } },
      schema: { tags: ['measure'], body: addMissingMeasuresSchema, response: { 200: addMissingMeasuresResultSchema } },
    },
    async (req) => {
      return { created: await addMissingMeasures(d, ctxOf(req), req.body.companyId) };
    },
  );
}
