import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** What the provider reports as authentication methods (`amr`). */
  amr?: string[];
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with a plain login page: the form posts the
 * account's subject, no password. `tamperIdToken` breaks the next ID tokens' signatures.
 */
export async function startTestProvider(opts: { redirectUri: string; clientId?: string; clientSecret?: string }) {
  const accounts = new Map<string, TestAccount>();
  const state = { tamperIdToken: false };
  let provider!: Provider;
  const server = http.createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (match) return void interaction(req, res).catch((e) => res.writeHead(500).end(String(e)));
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = opts.clientId ?? 'privacy-cockpit';
  const clientSecret = opts.clientSecret ?? 'test-client-secret-0123456789';

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { amr: null, openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
    async findAccount(_ctx, sub) {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: a.email,
          email_verified: a.emailVerified ?? true,
          given_name: a.givenName,
          family_name: a.familyName,
        }),
      };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (state.tamperIdToken && ctx.path === '/token' && body?.id_token) {
      const [h, p, s] = body.id_token.split('.');
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
      claims.email = 'mallory@sso.test';
      ctx.body = { ...body, id_token: [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.') };
    }
  });

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><title>Test IdP</title><h1>Test IdP</h1><form method="post" action="/interaction/${details.uid}">` +
          `<label>Login <input name="login" autofocus></label><button type="submit">Sign in</button></form>`,
      );
    }
    const body = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
    const sub = new URLSearchParams(body).get('login') ?? '';
    const account = accounts.get(sub);
    if (!account) return void res.writeHead(400).end('unknown account');
    const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id as string });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub, amr: account.amr }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    state,
    add: (a: TestAccount) => accounts.set(a.sub, a),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;

/** A browser stand-in: follows the provider's redirects with its cookies until it leaves the provider. */
export async function signInAtProvider(p: TestProvider, authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = new URL(authorizationUrl);
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (!url.href.startsWith(p.issuer)) return url;
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    remember(res);
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      method = 'POST';
      body = new URLSearchParams({ login }).toString();
      continue;
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
    url = new URL(location, url);
    method = 'GET';
    body = undefined;
  }
  throw new Error('too many redirects at the provider');
}
