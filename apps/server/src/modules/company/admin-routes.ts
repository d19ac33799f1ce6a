import {
  companyDetailSchema,
  companyFormSchema,
  companyMoveSchema,
  companySecuritySchema,
  ifMatchHeaders,
  versionConflictSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { validationFailed } from '../../platform/errors';
import { limitCaller, type RateLimiter } from '../../platform/rate-limiter';
import type { Storage } from '../../platform/storage';
import { readUpload, uploadOf } from '../../platform/upload';
import { checkVersion, withEtag } from '../../platform/versioning';
import {
  companyDetail,
  createCompany,
  createDemoCompany,
  moveCompany,
  setCompanySecurity,
  setLogo,
  updateCompany,
} from './admin-service';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const HOUR = 3_600_000;
/**
 * Demo companies a user, and a company's users together, may create an hour: enough to try the
 * product again and again, too few to fill the database with copies of the demo.
 */
export const DEMO_COMPANIES_PER_USER_HOUR = 5;
export const DEMO_COMPANIES_PER_COMPANY_HOUR = 10;

export function companyAdminRoutes(
  app: FastifyInstance,
  d: { storage: Storage; timeZone: string; now: () => Date; rateLimiter: RateLimiter },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.uuid() });
  const editRule = { claims: { any: ['Company.Write', 'Company.WriteOwn'] } };

  r.get(
    '/api/company/:id',
    { config: { etag: true }, schema: { tags: ['company'], params: idParams, response: { 200: companyDetailSchema } } },
    async (req, reply) => withEtag(reply, await companyDetail(ctxOf(req), req.params.id)),
  );

  r.post(
    '/api/company',
    {
      config: { claims: { all: ['Company.Write'] } },
      schema: { tags: ['company'], body: companyFormSchema, response: { 201: companyDetailSchema } },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const id = await createCompany(ctx, req.body);
      return reply.code(201).send(await companyDetail(ctx, id));
    },
  );

  r.put(
    '/api/company/:id',
    {
      config: editRule,
      schema: {
        tags: ['company'],
        params: idParams,
        headers: ifMatchHeaders,
        body: companyFormSchema,
        response: { 200: companyDetailSchema, 409: versionConflictSchema(companyDetailSchema) },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await checkVersion(req, ctx.db, 'company', req.params.id, () => companyDetail(ctx, req.params.id));
      await updateCompany(ctx, req.params.id, req.body);
      return withEtag(reply, await companyDetail(ctx, req.params.id));
    },
  );

  r.put(
    '/api/company/:id/security',
    {
      config: { claims: { all: ['Company.Write'] } },
      schema: { tags: ['security'], params: idParams, body: companySecuritySchema },
    },
    async (req, reply) => {
      await setCompanySecurity(ctxOf(req), req.params.id, req.body);
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/company/:id/move',
    {
      config: { claims: { all: ['Company.Move'] } },
      schema: {
        tags: ['company'],
        summary: 'Move a company into another group or to another agency',
        params: idParams,
        body: companyMoveSchema,
        response: { 200: companyDetailSchema },
      },
    },
    async (req) => {
      await moveCompany(ctxOf(req), req.params.id, req.body);
      return companyDetail(ctxOf(req), req.params.id);
    },
  );

  // The logo is stored once as uploaded (content-addressed) and resized on request.
  r.post(
    '/api/company/:id/logo',
    {
      config: editRule,
      schema: { tags: ['company'], params: idParams, consumes: ['multipart/form-data'] },
      preValidation: readUpload({ maxBytes: LOGO_MAX_BYTES, types: LOGO_TYPES, typeError: 'validation.imageType' }),
    },
    async (req, reply) => {
      const { data } = uploadOf(req);
      const meta = await sharp(data)
        .metadata()
        .catch(() => null);
      if (!meta?.format || !['png', 'jpeg', 'gif'].includes(meta.format))
        throw validationFailed({ file: ['validation.imageType'] });
      await setLogo(ctxOf(req), req.params.id, await d.storage.put(data));
      return reply.code(204).send();
    },
  );

  r.delete('/api/company/:id/logo', { config: editRule, schema: { tags: ['company'], params: idParams } }, async (req, reply) => {
    await setLogo(ctxOf(req), req.params.id, null);
    return reply.code(204).send();
  });

  r.post(
    '/api/company/demo',
    {
      config: { claims: { all: ['Company.Write'] } },
      schema: { tags: ['company'], response: { 201: companyDetailSchema } },
      preValidation: limitCaller(d.rateLimiter, (caller) => [
        { key: `demo-company-user:${caller.userId}`, max: DEMO_COMPANIES_PER_USER_HOUR, windowMs: HOUR },
        { key: `demo-company-company:${caller.companyId}`, max: DEMO_COMPANIES_PER_COMPANY_HOUR, windowMs: HOUR },
      ]),
    },
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
      const id = await createDemoCompany(ctx, { timeZone: d.timeZone, now, name });
      return reply.code(201).send(await companyDetail(ctx, id));
    },
  );
}
