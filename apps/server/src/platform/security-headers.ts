import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once: @fastify/helmet built helmet's whole middleware chain, the
 * policy string included, on every request (about a tenth of a small API request's CPU). The
 * configuration is the same for every route, so the answer is too. Helmet only sets headers here
 * (and removes X-Powered-By, which Fastify never sends).
 */
export function securityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers: [string, string][] = [];
  helmet(options)(
    {} as never,
    {
      setHeader: (name: string, value: string) => void headers.push([name, value]),
      removeHeader: () => undefined,
    } as never,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
