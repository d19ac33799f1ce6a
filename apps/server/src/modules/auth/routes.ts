import { tokenErrorSchema, tokenRequestSchema, tokenResponseSchema } from '@pc/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { bearerToken } from '../../platform/auth/plugin';
import { verifyAccessToken } from '../../platform/auth/tokens';
import {
  type AuthSettings,
  LoginError,
  loginWithPassword,
  refreshSession,
  revokeSession,
  revokeSessionByRefreshToken,
} from './service';

export const REFRESH_COOKIE = 'pc_refresh';

export function authRoutes(app: FastifyInstance, deps: { db: Db; settings: AuthSettings; loginRateLimit: number }) {
  const { db, settings } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      config: { public: true, rateLimit: { max: deps.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'OAuth2-shaped token endpoint (password and refresh_token grants)',
        consumes: ['application/x-www-form-urlencoded'],
        // The body is parsed by hand so that bad input answers in OAuth2 shape, not as a 422.
        response: { 200: tokenResponseSchema, 400: tokenErrorSchema },
      },
    },
    async (req, reply) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      if (raw.grant_type === 'refresh_token' && !raw.refresh_token && req.cookies[REFRESH_COOKIE]) {
        raw.refresh_token = req.cookies[REFRESH_COOKIE];
      }
      const parsed = tokenRequestSchema.safeParse(raw);
      if (!parsed.success) {
        const known = raw.grant_type === 'password' || raw.grant_type === 'refresh_token';
        return fail(
          reply,
          known ? 'invalid_request' : 'unsupported_grant_type',
          known ? 'invalid_request' : 'unsupported_grant_type',
        );
      }
      try {
        const body = parsed.data;
        const tokens =
          body.grant_type === 'password'
            ? await loginWithPassword(db, settings, {
                username: body.username,
                password: body.password,
                ip: req.ip,
                userAgent: req.headers['user-agent'],
              })
            : body.refresh_token
              ? await refreshSession(db, settings, body.refresh_token)
              : (() => {
                  throw new LoginError('login_failed');
                })();
        setCookie(req, reply, tokens.refresh_token);
        return reply.header('cache-control', 'no-store').send(tokens);
      } catch (e) {
        if (e instanceof LoginError) {
          if (parsed.data.grant_type === 'refresh_token') clearCookie(reply);
          return fail(reply, 'invalid_grant', e.description);
        }
        throw e;
      }
    },
  );

  // Works with an expired access token too: the refresh cookie (or body token) names the session.
  r.post(
    '/api/auth/logout',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Revoke the session named by the access or refresh token' },
    },
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
}
