import { validateVat, vatValidateQuerySchema, vatValidationResultSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * VAT-number validation. Public, for the sign-up form, and limited per IP like the
 * other public calls (`LOGIN_RATE_LIMIT` a minute). The rules live in @pc/shared (vat/), which
 * the forms use too, so there is no service of its own here: the route only hands the value on.
 */
export function vatRoutes(app: FastifyInstance, d: { rateLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/vat/validate',
    {
      config: { public: true, rateLimit: { max: d.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['vat'],
        summary: 'Validate a VAT identification number: country, format and check digits',
        querystring: vatValidateQuerySchema,
        response: { 200: vatValidationResultSchema },
      },
    },
    async (req) => validateVat(req.query.value),
  );
}
