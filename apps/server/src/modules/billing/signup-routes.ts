import { orderPreviewSchema, signupPreviewRequestSchema, signupRequestSchema, signupResultSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { previewSignup, type SignupDeps, signup } from './signup';

const notFound = () => new AppError(404, 'not_found', 'error.notFound');

/** POST /api/signup/preview and POST /api/signup: public, limited per IP. */
export function signupRoutes(app: FastifyInstance, d: SignupDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { public: true, rateLimit: { max: d.rateLimit, timeWindow: '1 minute' } };
  r.post(
    '/api/signup/preview',
    {
      config,
      schema: {
        tags: ['signup'],
        summary: 'Price a sign-up: plan, lines, VAT, totals and the coupon with its error code',
        body: signupPreviewRequestSchema,
        response: { 200: orderPreviewSchema },
      },
    },
    async (req) => {
      if (!d.enabled) throw notFound();
      return previewSignup(d, req.body);
    },
  );
  r.post(
    '/api/signup',
    {
      config,
      schema: {
        tags: ['signup'],
        summary: 'Sign up: company, account holder and contract; the password link comes by mail',
        body: signupRequestSchema,
        response: { 201: signupResultSchema },
      },
    },
    async (req, reply) => {
      if (!d.enabled) throw notFound();
      await signup(d, req.body, req.body.customer.locale);
      return reply.code(201).send({ status: 'orderCreated' as const });
    },
  );
}
