import { ssoDiscoverQuerySchema, ssoDiscoverSchema } from '@pc/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openPending, signPending } from '../../platform/auth/oidc';
import type { AuthDeps } from './deps';
import { REFRESH_COOKIE } from './routes';
import { completeSso, SsoRefused, type SsoSettings, ssoConfigForEmail, startSso } from './sso';

/** The pending sign-in; SameSite=Lax because the provider's redirect back is a cross-site navigation. */
export const SSO_COOKIE = 'pc_sso';

export function ssoRoutes(app: FastifyInstance, d: AuthDeps & { sso: SsoSettings; rateLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { max: d.rateLimit, timeWindow: '1 minute' };
  const back = (reply: FastifyReply, outcome: string) => reply.redirect(`/login?sso=${outcome}`, 302);
  const secure = (req: FastifyRequest) => req.protocol === 'https';

  // Decided by the domain alone: an unknown address of an SSO domain answers like a known one.
  r.get(
    '/api/auth/sso/discover',
    {
      config: { public: true, rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: 'Whether an address signs in through its single sign-on provider',
        querystring: ssoDiscoverQuerySchema,
        response: { 200: ssoDiscoverSchema },
      },
    },
    async (req) => {
      const cfg = await ssoConfigForEmail(d, req.query.email);
      return cfg ? { sso: true, url: `/api/auth/sso/start?email=${encodeURIComponent(req.query.email.trim())}` } : { sso: false };
    },
  );

  r.get(
    '/api/auth/sso/start',
    {
      config: { public: true, rateLimit: limited },
      schema: {
        tags: ['auth'],
        summary: "Redirect to the provider's sign-in (code flow with PKCE)",
        querystring: ssoDiscoverQuerySchema,
      },
    },
    async (req, reply) => {
      let started: Awaited<ReturnType<typeof startSso>>;
      try {
        started = await startSso(d, d.sso, req.query.email);
      } catch (e) {
        req.log.warn({ err: e }, 'sso discovery failed');
        return back(reply, 'unavailable');
      }
      if (!started) return back(reply, 'unavailable');
      reply.setCookie(SSO_COOKIE, signPending(started.pending, d.settings.secret), {
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(req),
        path: '/api/auth/sso',
        maxAge: 600,
      });
      return reply.redirect(started.url, 302);
    },
  );

  r.get(
    '/api/auth/sso/callback',
    {
      config: { public: true, rateLimit: limited },
      schema: { tags: ['auth'], summary: 'Return from the provider: signs in like the password login' },
    },
    async (req, reply) => {
      const pending = openPending(req.cookies[SSO_COOKIE], d.settings.secret, new Date());
      reply.clearCookie(SSO_COOKIE, { path: '/api/auth/sso' });
      try {
        const tokens = await completeSso(d, d.sso, {
          callbackUrl: new URL(req.url, 'http://callback.invalid'),
          pending,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
        reply.setCookie(REFRESH_COOKIE, tokens.refresh_token, {
          httpOnly: true,
          sameSite: 'strict',
          secure: secure(req),
          path: '/api/auth',
          maxAge: d.settings.refreshTokenDays * 86_400,
        });
        return back(reply, tokens.mfa_required === 'none' ? 'done' : 'mfa');
      } catch (e) {
        if (e instanceof SsoRefused) return back(reply, 'refused');
        throw e;
      }
    },
  );
}
