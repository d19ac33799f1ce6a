import { companyDetailSchema, companyInputSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ctxOf } from '../../platform/auth/plugin';
import { AppError, validationFailed } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { companyDetail, createCompany, createDemoCompany, setLogo, updateCompany } from './service';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export function companyAdminRoutes(app: FastifyInstance, d: { db: Db; storage: Storage; timeZone: string; now: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.uuid() });
  const editRule = { claims: { any: ['Company.Write', 'Company.WriteOwn'] } };

  r.get(
    '/api/company/:id',
    { schema: { tags: ['company'], params: idParams, response: { 200: companyDetailSchema } } },
    async (req) => companyDetail(d.db, ctxOf(req), req.params.id),
  );

  r.post(
    '/api/company',
    {
      config: { claims: { all: ['Company.Write'] } },
      schema: { tags: ['company'], body: companyInputSchema, response: { 201: companyDetailSchema } },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const id = await createCompany(d.db, ctx, req.body);
      // The new company is visible from now on; the context of this request predates it.
      return reply.code(201).send(await companyDetail(d.db, { ...ctx, companyIds: [...ctx.companyIds, id] }, id));
    },
  );

  r.put(
    '/api/company/:id',
    {
      config: editRule,
      schema: { tags: ['company'], params: idParams, body: companyInputSchema, response: { 200: companyDetailSchema } },
    },
    async (req) => {
      await updateCompany(d.db, ctxOf(req), req.params.id, req.body);
      return companyDetail(d.db, ctxOf(req), req.params.id);
    },
  );

  // The logo is stored once as uploaded (content-addressed) and resized on request.
  r.post(
    '/api/company/:id/logo',
    { config: editRule, schema: { tags: ['company'], params: idParams, consumes: ['multipart/form-data'] } },
    async (req, reply) => {
      const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } }).catch(() => undefined);
      if (!file) throw validationFailed({ file: ['validation.fileMissing'] });
      if (!LOGO_TYPES.includes(file.mimetype)) {
        file.file.resume();
        throw validationFailed({ file: ['validation.imageType'] });
      }
      const data = await file.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', 'error.payloadTooLarge');
        throw e;
      });
      const meta = await sharp(data)
        .metadata()
        .catch(() => null);
      if (!meta?.format || !['png', 'jpeg', 'gif'].includes(meta.format))
        throw validationFailed({ file: ['validation.imageType'] });
      await setLogo(d.db, ctxOf(req), req.params.id, await d.storage.put(data));
      return reply.code(204).send();
    },
  );

  r.delete('/api/company/:id/logo', { config: editRule, schema: { tags: ['company'], params: idParams } }, async (req, reply) => {
    await setLogo(d.db, ctxOf(req), req.params.id, null);
    return reply.code(204).send();
  });

  r.post(
    '/api/company/demo',
    { config: { claims: { all: ['Company.Write'] } }, schema: { tags: ['company'], response: { 201: companyDetailSchema } } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const now = d.now();
      const label = new Intl.DateTimeFormat('de-DE', {
        timeZone: d.timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(now);
      const name = ctx.locale === 'en' ? `Demo company (${label})` : `Demo Unternehmen (${label})`;
      const id = await createDemoCompany(d.db, ctx, { timeZone: d.timeZone, now, name });
      return reply.code(201).send(await companyDetail(d.db, { ...ctx, companyIds: [...ctx.companyIds, id] }, id));
    },
  );
}
