import {
  forgotPasswordSchema,
  mfaVerifySchema,
  resetPasswordSchema,
  tokenErrorSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  validateResetTokenResponseSchema,
  validateResetTokenSchema,
} from '@pc/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerToken, ctxOf } from '../../platform/auth/plugin';
import { verifyAccessToken } from '../../platform/auth/tokens';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limiter';
import type { AuthDeps } from './deps';
import { MfaError, verifySecondFactor } from './mfa';
import { requestPasswordReset, resetPassword, resetTokenStatus } from './password-reset';
import { LoginError, loginWithPassword, refreshSession, revokeSession, revokeSessionByRefreshToken } from './service';
import { countTokenRequest, type TokenLimits } from './token-limits';

export const REFRESH_COOKIE = 'pc_refresh';

export function authRoutes(app: FastifyInstance, d: AuthDeps & { tokenLimits: TokenLimits; rateLimiter: RateLimiter }) {
  const { db, settings } = d;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { max: d.tokenLimits.login, timeWindow: '1 minute' };

  const setCookie = (req: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      path: '/api/auth',
      maxAge: settings.refreshTokenDays * 86_400,
    });
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });

  const fail = (
    reply: FastifyReply,
    error: 'invalid_grant' | 'invalid_request' | 'unsupported_grant_type',
    description: string,
  ) => reply.code(400).header('cache-control', 'no-store').send({ error, error_description: description });

  r.post(
    '/api/auth/token',
    {
      // Rate-limited in the handler: which counter applies depends on the grant (token-limits.ts).
      config: { public: true },
      // An empty or malformed body fails before the handler; answer it in OAuth2 shape too (the
      // general 400 body does not match this route's 400 schema). Other errors go up the chain.
      errorHandler: (err, _req, reply) => {
        if (err.statusCode === 400) return fail(reply, 'invalid_request', 'invalid_request');
        throw err;
      },
      schema: {
        tags: ['auth'],
        summary: 'OAuth2-shaped token endpoint (password and refresh_token grants)',
        consumes: ['application/x-www-form-urlencoded'],
        // The body is parsed by hand so that bad input answers in OAuth2 shape, not as a 422.
        response: { 200: tokenResponseSchema, 400: tokenErrorSchema },
      },
    },
    async (req, reply) => {
      const raw = { ...((req.body ?? {}) as Record<string, unknown>) };
      if (raw.grant_type === 'refresh_token' && !raw.refresh_token && req.cookies[REFRESH_COOKIE]) {
        raw.refresh_token = req.cookies[REFRESH_COOKIE];
      }
      const parsed = tokenRequestSchema.safeParse(raw);
      const counted = await countTokenRequest(db, d.rateLimiter, d.tokenLimits, {
        ip: req.ip,
        grant: parsed.success ? parsed.data : null,
        refreshToken: parsed.success && parsed.data.grant_type === 'refresh_token' ? parsed.data.refresh_token : undefined,
      });
      if (!counted.allowed) {
        reply.header('retry-after', String(counted.retryAfterSeconds));
        throw new AppError(429, 'rate_limited', 'error.rateLimited');
      }
      if (!parsed.success) {
        const known = raw.grant_type === 'password' || raw.grant_type === 'refresh_token';
        return fail(
          reply,
          known ? 'invalid_request' : 'unsupported_grant_type',
          known ? 'invalid_request' : 'unsupported_grant_type',
        );
      }
      const body = parsed.data;
      try {
        const meta = { ip: req.ip, userAgent: req.headers['user-agent'] };
        let tokens: Awaited<ReturnType<typeof loginWithPassword>>;
        if (body.grant_type === 'password') {
          tokens = await loginWithPassword(d, { username: body.username, password: body.password, ...meta });
        } else if (body.refresh_token) {
          tokens = await refreshSession(d, body.refresh_token, req.ip);
        } else {
          throw new LoginError('login_failed');
        }
        setCookie(req, reply, tokens.refresh_token);
        return reply.header('cache-control', 'no-store').send(tokens);
      } catch (e) {
        if (e instanceof LoginError) {
          if (body.grant_type === 'refresh_token') clearCookie(reply);
          return fail(reply, 'invalid_grant', e.description);
        }
        throw e;
      }
    },
  );

  r.post(
    '/api/auth/mfa',
    {
      config: { allowMfaPending: true, allowLock: 'all', rateLimit: limited, ownerConnection: true },
      schema: {
        tags: ['auth'],
        summary: 'Verify the second factor of a pending login; answers a full session',
        body: mfaVerifySchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      try {
        const tokens = await verifySecondFactor(
          d,
          { sessionId: ctx.sessionId, userId: ctx.userId },
          { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] },
        );
        setCookie(req, reply, tokens.refresh_token);
        return reply.header('cache-control', 'no-store').send(tokens);
      } catch (e) {
        if (e instanceof MfaError && e.reused)
          throw new AppError(422, 'mfa_code_reused', 'error.mfaCodeReused', { fields: { code: ['mfa.codeReused'] } });
        if (e instanceof MfaError)
          throw new AppError(422, 'validation_failed', 'error.mfaInvalid', { fields: { code: ['mfa.codeInvalid'] } });
        throw e;
      }
    },
  );

  // Works with an expired access token too: the refresh cookie (or body token) names the session.
  r.post(
    '/api/auth/logout',
    { config: { public: true }, schema: { tags: ['auth'], summary: 'Revoke the session named by the access or refresh token' } },
    async (req, reply) => {
      const token = bearerToken(req);
      const payload = token ? verifyAccessToken(token, settings.secret, 0) : null;
      if (payload) await revokeSession(db, payload.sid);
      const body = req.body as { refresh_token?: unknown } | undefined;
      const refresh = typeof body?.refresh_token === 'string' ? body.refresh_token : req.cookies[REFRESH_COOKIE];
      if (refresh) await revokeSessionByRefreshToken(db, refresh);
      clearCookie(reply);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { public: true, rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link; answers 204 whether or not the address exists',
        body: forgotPasswordSchema,
      },
    },
    async (req, reply) => {
      await requestPasswordReset(d, req.body.email, req.ip);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/auth/reset-password/validate',
    {
      config: { public: true, rateLimit: limited },
      schema: { tags: ['auth'], body: validateResetTokenSchema, response: { 200: validateResetTokenResponseSchema } },
    },
    async (req) => resetTokenStatus(d, req.body.userId, req.body.token),
  );

  r.post(
    '/api/auth/reset-password',
    { config: { public: true, rateLimit: limited }, schema: { tags: ['auth'], body: resetPasswordSchema } },
    async (req, reply) => {
      await resetPassword(d, { userId: req.body.userId, token: req.body.token, password: req.body.password, ip: req.ip });
      return reply.code(204).send();
    },
  );
}
