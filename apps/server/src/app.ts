import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { ATTACHMENT_MAX_BYTES, installValidationMessages } from '@pc/shared';
import Fastify, { type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { type Config, logoUrlOf } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './modules/account/routes';
import { ssoConfigRoutes } from './modules/account/sso-routes';
import { appointmentRoutes } from './modules/appointments/routes';
import { attachmentRoutes } from './modules/attachments/routes';
import type { AuthDeps } from './modules/auth/deps';
import { mailLinkRoutes } from './modules/auth/mail-link-routes';
import { authRoutes } from './modules/auth/routes';
import { ssoRoutes } from './modules/auth/sso-routes';
import { databaseRateLimiter } from './modules/auth/token-limits';
import { accountContractRoutes } from './modules/billing/account-routes';
import { builtInProvider } from './modules/billing/builtin-provider';
import { catalogueRoutes } from './modules/billing/catalogue-routes';
import type { BillingProvider } from './modules/billing/provider';
import { signupRoutes } from './modules/billing/signup-routes';
import { changeLogRoutes } from './modules/change-log/routes';
import { companyAdminRoutes } from './modules/company/admin-routes';
import { companyRoutes } from './modules/company/routes';
import { companyTransferRoutes } from './modules/company-transfer/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { diagramRoutes } from './modules/diagram/routes';
import { setReportLogo } from './modules/dynamic-document/pdf';
import { dynamicDocumentRoutes } from './modules/dynamic-document/routes';
import { helpRoutes } from './modules/help/routes';
import { importRoutes } from './modules/import/routes';
import { initiationRoutes } from './modules/initiation/routes';
import { invitationRoutes } from './modules/invitation/routes';
import { bulkRoutes } from './modules/items/bulk-routes';
import { itemRoutes } from './modules/items/routes';
import { legalRoutes } from './modules/legal/routes';
import { measureRoutes } from './modules/measures/routes';
import { notificationJobRoutes } from './modules/notification/job-routes';
import { notificationRoutes } from './modules/notification/routes';
import { questionnairePublicRoutes } from './modules/questionnaires/public-routes';
import { questionnaireRoutes } from './modules/questionnaires/routes';
import { reportRoutes } from './modules/report/routes';
import { roleRoutes } from './modules/roles/routes';
import { savedViewRoutes } from './modules/saved-view/routes';
import { searchRoutes } from './modules/search/routes';
import { securityLogRoutes } from './modules/security-log/routes';
import { summaryRoutes } from './modules/summary/routes';
import { systemRoutes } from './modules/system/routes';
import { tagRoutes } from './modules/tags/routes';
import { termsOfUseRoutes } from './modules/terms-of-use/routes';
import { textModuleRoutes } from './modules/text-modules/routes';
import { timeRoutes } from './modules/time/routes';
import { timelineRoutes } from './modules/timeline/routes';
import { userAdminRoutes } from './modules/user/admin-routes';
import { apiTokenRoutes } from './modules/user/api-token-routes';
import { profileRoutes } from './modules/user/profile-routes';
import { userRoutes } from './modules/user/routes';
import { vatRoutes } from './modules/vat/routes';
import { webhookRoutes } from './modules/webhook/routes';
import { runWebhookDeliveries, type WebhookRunResult } from './modules/webhook/worker';
import { authPlugin } from './platform/auth/plugin';
import { secretBox } from './platform/auth/secret-box';
import { registerErrorHandling } from './platform/errors';
import { translate } from './platform/i18n';
import { requestLocale } from './platform/locale';
import { createMailer, type Mailer, requestMailerOf } from './platform/mail/mailer';
import { rateLimitStore } from './platform/rate-limiter';
import { responseSerializer } from './platform/serializer';
import type { Storage } from './platform/storage';
import { documentUploads } from './platform/upload';
import { documentEtags } from './platform/versioning';
import { brandedIndex } from './platform/web-index';
import { APP_VERSION } from './version';

/** How long closing the app waits for mails still being handed to SMTP. */
const MAIL_DRAIN_MS = 5_000;

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  secret: string;
  /** Injected in tests; built from configuration otherwise. */
  mailer?: Mailer;
  now?: () => Date;
}

/** Builds the Fastify app: plugins, routes and the web app's static files. Never listens. */
export async function buildApp({ config, database, storage, secret, mailer: givenMailer, now }: AppDeps) {
  installValidationMessages();
  setReportLogo(config.logo);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // A path parameter longer than this answers 404 before validation. The default of 100 cut the
    // search query (up to 200 characters, `/api/searchable-item/search/:query`) at about 30
    // umlauts once percent-encoded; a too long one now gets its validation error instead.
    routerOptions: { maxParamLength: 2_400 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.responseCheck));
  registerErrorHandling(app);

  // helmet's security headers on every answer. They are the same for every answer (no nonces),
  // so they are taken from its middleware once and set as fastify's own reply headers: the fastify
  // plugin built the middleware anew for every request, and running it per request set each
  // header through node's setHeader.
  // Two sets: HSTS and the CSP's upgrade-insecure-requests only go with a request that came over
  // HTTPS (directly, or through a trusted proxy — the refresh cookie's Secure flag follows the
  // same rule). Over plain HTTP, on a LAN say, the upgrade made the browser fetch the scripts
  // over HTTPS, which nothing answers: a blank page.
  const helmetHeaders = (https: boolean) =>
    headersOf(
      helmet({
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            styleSrc: ["'self'", "'unsafe-inline'"],
            scriptSrc: ["'self'"],
            frameSrc: ["'self'"],
            connectSrc: ["'self'"],
            upgradeInsecureRequests: https ? [] : null,
          },
        },
        strictTransportSecurity: https,
      }),
    );
  const securityHeaders = { https: helmetHeaders(true), http: helmetHeaders(false) };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.protocol === 'https' ? securityHeaders.https : securityHeaders.http);
    // API answers hold one user's data: no cache keeps them. A route that serves something a
    // cache may keep (an avatar, a logo) sets its own Cache-Control, which replaces this one.
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1 } });
  // Counted in the database, so limits hold across several server processes (decision 0016).
  const rateLimiter = databaseRateLimiter(database.db, now ? () => now().getTime() : Date.now);
  await app.register(rateLimit, { global: false, store: rateLimitStore(rateLimiter) });
  await app.register(swagger, {
    openapi: { info: { title: `${config.productName} API`, version: APP_VERSION } },
    transform: documentUploads(documentEtags(jsonSchemaTransform)),
  });
  await app.register(authPlugin, { db: database.db, secret, rateLimiter, apiTokenRateLimit: config.apiTokenRateLimit });

  const db = database.db;
  const mailer =
    givenMailer ??
    createMailer({
      db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      productName: config.productName,
      logo: config.logo,
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      secret,
      log: app.log,
      relayPerHour: config.mailRelayPerHour,
    });
  app.decorate('mailer', mailer);
  const clock = now ?? (() => new Date());
  // The one billing provider (docs/decisions/0018); a hosted one would be chosen here from configuration.
  const billingProvider = builtInProvider({ now: clock, storage, seller: config.seller });
  app.decorate('billingProvider', billingProvider);
  // The webhook delivery worker, run by main.ts on an interval; tests call it with their own clock.
  const webhookBox = secretBox(secret);
  app.decorate('webhooks', {
    run: (o: { now?: Date; production?: boolean; resolve?: (host: string) => Promise<string[]> } = {}) =>
      runWebhookDeliveries(db, {
        box: webhookBox,
        now: o.now ?? clock(),
        production: o.production ?? config.environment === 'Production',
        send: o.resolve,
      }),
  });
  // Background deliveries record their outcome in the database, so let them finish before it
  // closes; a stalled SMTP server must not hold up shutdown, though: the mail stays in the outbox.
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([mailer.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, MAIL_DRAIN_MS)))]);
    clearTimeout(timer);
  });
  const authDeps: AuthDeps = {
    db,
    mailer,
    box: secretBox(secret),
    now,
    settings: {
      secret,
      accessTokenMinutes: config.accessTokenMinutes,
      refreshTokenDays: config.refreshTokenDays,
      lockout: config.lockout,
      resetTokenMinutes: config.resetTokenMinutes,
      productName: config.productName,
    },
  };
  // Request code queues mail in its own transaction only; the owner outbox is for the modules
  // that act outside a tenant.
  const requestMailer = requestMailerOf(mailer);
  await app.register(async (api) => {
    // Modules that act outside a tenant get the owner connection (see
    // platform/owner-access.test.ts); every other module works in the request's transaction.
    systemRoutes(api, { database, config });
    authRoutes(api, {
      ...authDeps,
      tokenLimits: { login: config.loginRateLimit, refresh: config.refreshRateLimit },
      rateLimiter,
    });
    mailLinkRoutes(api, { ...authDeps, rateLimit: config.loginRateLimit });
    // The provider sends users back to this address; it is registered there as the redirect URI.
    const sso = {
      production: config.environment === 'Production',
      redirectUri: `${config.publicUrl ?? `http://localhost:${config.port}`}/api/auth/sso/callback`,
    };
    ssoRoutes(api, { ...authDeps, sso, rateLimit: config.loginRateLimit });
    termsOfUseRoutes(api, { db });
    legalRoutes(api, { db, legalDir: config.legalDir });
    helpRoutes(api, { db });
    vatRoutes(api, { rateLimit: config.loginRateLimit });
    signupRoutes(api, {
      db,
      provider: billingProvider,
      mailer,
      seller: config.seller,
      timeZone: config.timeZone,
      now: clock,
      enabled: config.subscriptionsEnabled,
      rateLimit: config.loginRateLimit,
    });
    accountContractRoutes(api, {
      provider: billingProvider,
      mailer: requestMailer,
      storage,
      seller: config.seller,
      timeZone: config.timeZone,
      now: clock,
    });
    catalogueRoutes(api, { db, timeZone: config.timeZone, now: clock });
    const { db: _owner, mailer: _outbox, ...authRest } = authDeps;
    const accountDeps = { ...authRest, mailer: requestMailer };
    accountRoutes(api, accountDeps);
    ssoConfigRoutes(api, { ...accountDeps, ...sso });
    securityLogRoutes(api);
    notificationRoutes(api);
    notificationJobRoutes(api, { db, mailer, timeZone: config.timeZone, now: clock });
    const itemDeps = { timeZone: config.timeZone, now: now ?? (() => new Date()) };
    itemRoutes(api, itemDeps);
    bulkRoutes(api, itemDeps);
    savedViewRoutes(api);
    measureRoutes(api, itemDeps);
    initiationRoutes(api, { ...itemDeps, mailer: requestMailer });
    summaryRoutes(api, itemDeps);
    diagramRoutes(api, itemDeps);
    dynamicDocumentRoutes(api, itemDeps);
    reportRoutes(api, { ...itemDeps, storage });
    importRoutes(api, itemDeps);
    companyTransferRoutes(api, { ...itemDeps, storage });
    tagRoutes(api);
    textModuleRoutes(api);
    attachmentRoutes(api, { storage, maxBytes: config.attachmentMaxBytes });
    searchRoutes(api);
    timelineRoutes(api, { timeZone: config.timeZone });
    changeLogRoutes(api);
    dashboardRoutes(api);
    appointmentRoutes(api, { now: itemDeps.now });
    questionnaireRoutes(api, { mailer: requestMailer, storage, now: itemDeps.now });
    questionnairePublicRoutes(api, { db, storage, rateLimit: config.loginRateLimit, now: itemDeps.now });
    timeRoutes(api, itemDeps);
    companyAdminRoutes(api, { storage, timeZone: config.timeZone, now: itemDeps.now, rateLimiter });
    companyRoutes(api, { storage });
    userRoutes(api);
    invitationRoutes(api, { mailer: requestMailer, now });
    userAdminRoutes(api, accountDeps);
    roleRoutes(api);
    profileRoutes(api, { ...accountDeps, storage });
    apiTokenRoutes(api, { now });
    webhookRoutes(api, { box: authDeps.box, production: config.environment === 'Production', now: clock });
    api.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  });

  const webDist = config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const brand = { productName: config.productName, logoUrl: logoUrlOf(config.logo) };
  const sendIndex = async (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await brandedIndex(webDist, brand));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  if (hasWeb) {
    const assets = path.join(webDist, 'assets');
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      // The build names each script and style in assets/ by a hash of its content, so a changed
      // file has a new name: the browser may keep them and need not ask again on every page load
      // (it revalidated about 130 files each time). Everything else — index.html, which names the
      // current files, the language files, the icon — is asked for again each time.
      setHeaders: (reply, file) => {
        const hashed = path.dirname(file) === assets && /-[\w-]{8}\.(js|css)$/.test(file);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  }
  // Client-side routes: any non-API GET that is not a file answers with the app; a missing
  // asset stays a 404 so the browser does not get HTML for a script. Files live in /assets/ or at
  // the top level (favicon.svg); a deeper path with a dot is a route such as /unsubscribe/a@b.de.
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    const looksLikeFile = path.startsWith('/assets/') || /^\/[^/]*\.[a-z0-9]{1,8}$/i.test(path);
    if (hasWeb && req.method === 'GET' && !path.startsWith('/api/') && !looksLikeFile) {
      return sendIndex(reply);
    }
    return reply.code(404).send({ code: 'not_found', message: translate(requestLocale(req), 'error.notFound') });
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    billingProvider: BillingProvider;
    webhooks: {
      run(o?: { now?: Date; production?: boolean; resolve?: (host: string) => Promise<string[]> }): Promise<WebhookRunResult>;
    };
  }
}

/** The headers a connect-style middleware sets on a response, read once from a stand-in. */
function headersOf(middleware: (req: never, res: never, next: (error?: unknown) => void) => void) {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as never, res as never, (error) => {
    if (error) throw error;
  });
  return headers;
}
