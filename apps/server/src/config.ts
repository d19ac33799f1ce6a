import path from 'node:path';
import { environments } from '@pc/shared';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads, parsed once. Documented in the README; keep the
 * two in step.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PRODUCT_NAME: z.string().min(1).default('Privacy Cockpit'),
  ENVIRONMENT: z.enum(environments).default('Development'),
  LANGUAGES: z
    .string()
    .default('de,en')
    .transform((s) =>
      s
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['de', 'en'])).min(1)),
  WEBCAST_URL: z.url().optional(),
  /** Unset: on in Development (the demo of `npm start`), off elsewhere. */
  SUBSCRIPTIONS_ENABLED: bool.optional(),
  BROWSER_WARNING: bool.default(false),
  /** Folder with the operator's legal documents: imprint.de.md, privacy-statement.en.md, … */
  LEGAL_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Privacy Cockpit <no-reply@localhost>'),
  PUBLIC_URL: z.url().optional(),
  INITIAL_ADMIN_EMAIL: z.email().optional(),
  INITIAL_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Only behind a reverse proxy: otherwise clients could fake X-Forwarded-For and dodge IP allow-lists. */
  TRUST_PROXY: bool.default(false),
  TIMEZONE: z
    .string()
    .default('Europe/Berlin')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Berlin'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  REFRESH_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(100).default(5),
  LOCKOUT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(10080).default(15),
  /** Mails with a text the sender chose (invitations, questionnaires) a company may send an hour. */
  MAIL_RELAY_TRIAL_PER_HOUR: z.coerce.number().int().min(1).default(20),
  MAIL_RELAY_PAID_PER_HOUR: z.coerce.number().int().min(1).default(200),
  RESET_TOKEN_MINUTES: z.coerce.number().int().min(5).max(10080).default(60),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** `compare`: answers also written by zod's encode and compared (the test suites); `fast` otherwise. */
  RESPONSE_CHECK: z.enum(['fast', 'compare']).default('fast'),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.ENVIRONMENT === 'Production' && !c.DATABASE_URL) {
    // Allowed, but worth knowing; PGlite is a single-process embedded database.
  }
  if ((c.INITIAL_ADMIN_EMAIL === undefined) !== (c.INITIAL_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  INITIAL_ADMIN_EMAIL and INITIAL_ADMIN_PASSWORD must be set together');
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    productName: c.PRODUCT_NAME,
    environment: c.ENVIRONMENT,
    languages: c.LANGUAGES,
    webcastUrl: c.WEBCAST_URL ?? null,
    subscriptionsEnabled: c.SUBSCRIPTIONS_ENABLED ?? c.ENVIRONMENT === 'Development',
    browserWarning: c.BROWSER_WARNING,
    legalDir: c.LEGAL_DIR ? path.resolve(c.LEGAL_DIR) : null,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: c.PUBLIC_URL,
    initialAdmin: c.INITIAL_ADMIN_EMAIL ? { email: c.INITIAL_ADMIN_EMAIL, password: c.INITIAL_ADMIN_PASSWORD! } : null,
    trustProxy: c.TRUST_PROXY,
    timeZone: c.TIMEZONE,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    refreshRateLimit: c.REFRESH_RATE_LIMIT,
    lockout: { threshold: c.LOCKOUT_THRESHOLD, windowMinutes: c.LOCKOUT_WINDOW_MINUTES, lockMinutes: c.LOCKOUT_MINUTES },
    resetTokenMinutes: c.RESET_TOKEN_MINUTES,
    mailRelayPerHour: { trial: c.MAIL_RELAY_TRIAL_PER_HOUR, paid: c.MAIL_RELAY_PAID_PER_HOUR },
    accessTokenMinutes: c.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: c.REFRESH_TOKEN_DAYS,
    logLevel: c.LOG_LEVEL,
    webDist: c.WEB_DIST ? path.resolve(c.WEB_DIST) : null,
    responseCheck: c.RESPONSE_CHECK,
  };
}
