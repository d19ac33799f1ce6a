import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { environments } from '@pc/shared';
import { z } from 'zod';

/**
 * A SEPA creditor identifier: country, two check digits, a three-character business code the
 * check leaves out, and the national identifier; ISO 7064 MOD 97-10 as for an IBAN.
 */
export function isValidCreditorId(id: string) {
  const m = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/.exec(id);
  if (!m) return false;
  const digits = `${m[3]}${m[1]}${m[2]}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads, parsed once. Documented in the README; keep the
 * two in step.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 outside Production (the demo's published logins stay off the network), else 0.0.0.0. */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PRODUCT_NAME: z.string().min(1).default('Privacy Cockpit'),
  /** A PNG or JPEG of the operator's logo: shell, login, mails and reports (the built-in mark without it). */
  LOGO_FILE: z.string().optional(),
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
  /** The operator as seller on invoices (§ 14 UStG): name, address lines split by "|", VAT id or tax number. */
  SELLER_NAME: z.string().optional(),
  SELLER_ADDRESS: z.string().optional(),
  SELLER_VAT_ID: z.string().optional(),
  SELLER_TAX_NUMBER: z.string().optional(),
  SELLER_EMAIL: z.email().optional(),
  /** The operator's SEPA creditor identifier, named in every direct-debit mandate. */
  SEPA_CREDITOR_ID: z
    .string()
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .refine(isValidCreditorId, 'must be a SEPA creditor identifier such as DE98ZZZ09999999999')
    .optional(),
  /** Folder with the operator's legal documents: imprint.de.md, privacy-statement.en.md, … */
  LEGAL_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Unset: the product name at no-reply@localhost, so mails carry the operator's PRODUCT_NAME. */
  MAIL_FROM: z.string().optional(),
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
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(100).default(5),
  LOCKOUT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(10080).default(15),
  /** Mails with a text the sender chose (invitations, questionnaires) a company may send an hour. */
  MAIL_RELAY_TRIAL_PER_HOUR: z.coerce.number().int().min(1).default(20),
  MAIL_RELAY_PAID_PER_HOUR: z.coerce.number().int().min(1).default(200),
  RESET_TOKEN_MINUTES: z.coerce.number().int().min(5).max(10080).default(60),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  NOTIFY_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86400).default(60),
  /** How often the webhook queue is looked at: the first attempt of a delivery waits at most this long. */
  WEBHOOK_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(3),
  /**
   * The largest attachment an item takes, in MB. Uploads stream into storage, so memory does
   * not grow with it; the web app still checks against the shared 20 MB before sending.
   */
  ATTACHMENT_MAX_MB: z.coerce.number().int().min(1).max(10240).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** `compare`: answers also written by zod's encode and compared (the test suites); `fast` otherwise. */
  RESPONSE_CHECK: z.enum(['fast', 'compare']).default('fast'),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Largest logo accepted: it is embedded in every mail and report. */
export const LOGO_MAX_BYTES = 512 * 1024;

export interface ProductLogo {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  /** Changes with the file: the web app's URL carries it, so browsers may cache for long. */
  hash: string;
}

/** Where the web app loads the logo: the URL names the file's hash, so it may be cached for good. */
export const logoUrlOf = (logo: ProductLogo | null) => (logo ? `/api/config/logo?v=${logo.hash}` : null);

/**
 * The operator's logo, read once at start-up. PNG or JPEG only: PDF reports embed nothing else,
 * and an SVG served by the app could carry script. A wrong file stops the server, like any
 * wrong setting.
 */
function readLogo(file: string): ProductLogo {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    throw new ConfigError(`Invalid configuration:\n  LOGO_FILE: cannot read ${file} (${(e as NodeJS.ErrnoException).code})`);
  }
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) throw new ConfigError(`Invalid configuration:\n  LOGO_FILE: ${file} is no PNG or JPEG image`);
  if (bytes.length > LOGO_MAX_BYTES)
    throw new ConfigError(`Invalid configuration:\n  LOGO_FILE: ${file} is larger than ${LOGO_MAX_BYTES / 1024} kB`);
  return {
    bytes,
    contentType: png ? 'image/png' : 'image/jpeg',
    hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
  };
}

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
  const subscriptionsEnabled = c.SUBSCRIPTIONS_ENABLED ?? c.ENVIRONMENT === 'Development';
  // An installation that sells must print a valid invoice and name itself in a SEPA mandate.
  if (c.ENVIRONMENT === 'Production' && subscriptionsEnabled) {
    const missing: string[] = (['SELLER_NAME', 'SELLER_ADDRESS', 'SEPA_CREDITOR_ID'] as const).filter((k) => !c[k]);
    if (!c.SELLER_VAT_ID && !c.SELLER_TAX_NUMBER) missing.push('SELLER_VAT_ID or SELLER_TAX_NUMBER');
    if (missing.length) {
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')} must be set when subscriptions are enabled`);
    }
  }
  if ((c.INITIAL_ADMIN_EMAIL === undefined) !== (c.INITIAL_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  INITIAL_ADMIN_EMAIL and INITIAL_ADMIN_PASSWORD must be set together');
  }
  // Relative paths count from where `npm start` was called (npm's INIT_CWD), not from apps/server
  // where the server script runs; without npm, from the working directory.
  const base = env.INIT_CWD || process.cwd();
  return {
    logo: c.LOGO_FILE ? readLogo(path.resolve(base, c.LOGO_FILE)) : null,
    port: c.PORT,
    host: c.HOST ?? (c.ENVIRONMENT === 'Production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(base, c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    productName: c.PRODUCT_NAME,
    environment: c.ENVIRONMENT,
    languages: c.LANGUAGES,
    webcastUrl: c.WEBCAST_URL ?? null,
    subscriptionsEnabled,
    browserWarning: c.BROWSER_WARNING,
    legalDir: c.LEGAL_DIR ? path.resolve(base, c.LEGAL_DIR) : null,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM ?? `${c.PRODUCT_NAME} <no-reply@localhost>`,
    publicUrl: c.PUBLIC_URL,
    initialAdmin: c.INITIAL_ADMIN_EMAIL ? { email: c.INITIAL_ADMIN_EMAIL, password: c.INITIAL_ADMIN_PASSWORD! } : null,
    trustProxy: c.TRUST_PROXY,
    timeZone: c.TIMEZONE,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    refreshRateLimit: c.REFRESH_RATE_LIMIT,
    /** Requests per minute one personal API token may make. */
    apiTokenRateLimit: c.API_TOKEN_RATE_LIMIT,
    lockout: { threshold: c.LOCKOUT_THRESHOLD, windowMinutes: c.LOCKOUT_WINDOW_MINUTES, lockMinutes: c.LOCKOUT_MINUTES },
    resetTokenMinutes: c.RESET_TOKEN_MINUTES,
    mailRelayPerHour: { trial: c.MAIL_RELAY_TRIAL_PER_HOUR, paid: c.MAIL_RELAY_PAID_PER_HOUR },
    accessTokenMinutes: c.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: c.REFRESH_TOKEN_DAYS,
    notifyIntervalSeconds: c.NOTIFY_INTERVAL_SECONDS,
    webhookIntervalSeconds: c.WEBHOOK_INTERVAL_SECONDS,
    attachmentMaxBytes: c.ATTACHMENT_MAX_MB * 1024 * 1024,
    logLevel: c.LOG_LEVEL,
    webDist: c.WEB_DIST ? path.resolve(base, c.WEB_DIST) : null,
    responseCheck: c.RESPONSE_CHECK,
    seller: {
      name: c.SELLER_NAME ?? c.PRODUCT_NAME,
      address: (c.SELLER_ADDRESS ?? '')
        .split('|')
        .map((l) => l.trim())
        .filter(Boolean),
      vatId: c.SELLER_VAT_ID ?? '',
      taxNumber: c.SELLER_TAX_NUMBER ?? '',
      email: c.SELLER_EMAIL ?? '',
      // Outside Production the Bundesbank's published test identifier stands in, so demo mandates read right.
      creditorId: c.SEPA_CREDITOR_ID ?? (c.ENVIRONMENT === 'Production' ? '' : 'DE98ZZZ09999999999'),
    },
  };
}
