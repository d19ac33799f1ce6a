import { type ClaimRule, type LockReason, platformClaims, satisfies } from '@pc/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { type OwnerDb, type PreparedStatement, preparedOwnerStatement } from '../../db/client';
import { apiToken, roleClaim, userRole } from '../../db/schema/index';
import { AppError, forbidden, unauthorized } from '../errors';
import { requestLocale } from '../locale';
import type { RateLimiter } from '../rate-limiter';
import { logSecurityEvent } from '../security-log';
import {
  type CompanyLink,
  openTenantTransaction,
  openTransactionWith,
  scopeCompanyIds,
  type TenantTransaction,
  tenantWide,
  toVisible,
  type VisibleCompanies,
} from '../tenancy';
import type { Caller, Grant, RequestContext } from './context';
import { sha256, verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
    /** The open tenant transaction of this request, until the platform ends it. */
    tenantTx: TenantTransaction | null;
    /** Settles when the route handler has finished, however it ended. */
    handlerDone: Promise<void> | null;
  }
  interface FastifyContextConfig {
    /** No login needed. */
    public?: boolean;
    /** Allowed while the second factor is still owed. */
    allowMfaPending?: boolean;
    /** Claim rule checked before the handler. */
    claims?: ClaimRule;
    /**
     * Without an X-Tenant header the request works in the scope the user last chose rather than
     * their home tenant: /api/user/me, so the app starts with the claims of that scope.
     */
    storedScope?: boolean;
    /** Lock reasons under which this route still answers (the routes that resolve the lock). */
    allowLock?: readonly LockReason[] | 'all';
    /**
     * The route works on the owner connection (only modules allowed to import db/client) and
     * gets no tenant transaction: e.g. the second factor and logout, whose writes are the
     * session's own. Such a route must not use `ctx.db`.
     */
    ownerConnection?: boolean;
    /** Set by the platform for routes with their own `preValidation` hook (uploads). */
    lateTransaction?: boolean;
    /**
     * A GET that writes (a generated report is kept among the company's documents): its
     * transaction is not made read only, and its commit precedes the answer as a write's does.
     */
    writes?: boolean;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1]!.trim() : null;
}

export async function loadClaims(db: OwnerDb, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ claim: roleClaim.claim })
    .from(userRole)
    .innerJoin(roleClaim, eq(roleClaim.roleId, userRole.roleId))
    .where(eq(userRole.userId, userId));
  return new Set(rows.map((r) => r.claim));
}

const uuid = z.uuid();

/**
 * Why the user must first visit a forced page (HTTP 412), if at all. An expired account comes
 * first: nothing else can be done with it.
 */
export function lockReasonOf(
  u: {
    /** Milliseconds since 1970, as the authentication statement answers them. */
    validUntil: number | null;
    passwordChangedAt: number;
    mustChangePassword: boolean;
    passwordExpiryDays: number;
    termsConsentMissing: boolean;
    /** The contract of the user's company has ended. */
    contractEnded?: boolean;
  },
  now: Date,
): LockReason | null {
  if (u.validUntil !== null && u.validUntil < now.getTime()) return 'AccountExpired';
  if (u.contractEnded) return 'AccountExpired';
  if (u.mustChangePassword) return 'PasswordExpired';
  if (u.passwordExpiryDays > 0 && u.passwordChangedAt + u.passwordExpiryDays * 86_400_000 < now.getTime()) {
    return 'PasswordExpired';
  }
  if (u.termsConsentMissing) return 'TermsOfUseConsentRequired';
  return null;
}

/**
 * Session, user, claims and visible companies in one statement, prepared once per connection
 * (`preparedOwnerStatement`): it runs before every authenticated request, and parsing and
 * planning it cost about as much as running it. Written out rather than built with drizzle, so
 * PGlite can prepare it in SQL and both drivers answer named columns.
 */
const AUTH_SELECT = `
select u.id::text as "userId", u.company_id::text as "companyId", s.mfa_pending as "mfaPending",
       u.scope_company_id::text as "storedScopeId",
       -- Milliseconds since 1970: the drivers answer timestamps differently (Date or text).
       (extract(epoch from u.valid_until) * 1000)::float8 as "validUntil",
       (extract(epoch from u.password_changed_at) * 1000)::float8 as "passwordChangedAt",
       u.must_change_password as "mustChangePassword", c.password_expiry_days as "passwordExpiryDays",
       exists (select 1 from (select id from terms_of_use where release_date <= now() order by release_date desc limit 1) cur
               where not exists (select 1 from terms_of_use_agreement a
                                 where a.user_id = u.id and a.terms_of_use_id = cur.id and not a.is_revoked)) as "termsConsentMissing",
       -- Ended, or past its last day before the date job has recorded it (billing/contract-job).
       exists (select 1 from billing_contract bc where bc.company_id = u.company_id
               and (bc.lifecycle_status = 'Ended' or (bc.lifecycle_status in ('InTrial', 'Cancelled') and bc.end_date < current_date))) as "contractEnded"`;
const CLAIMS = `array(select distinct rc.claim from user_role ur join role_claim rc on rc.role_id = ur.role_id where ur.user_id = u.id)`;
const SESSION_FROM = `
  from auth_session s
  join app_user u on u.id = s.user_id
  join company c on c.id = u.company_id`;
// The visible companies as text, "id[:parent][!]" per company (! when inactive): an agency's
// thousand companies as JSON cost PGlite 0.8 ms more per request to build.
const VISIBLE = `select string_agg(v.id::text || coalesce(':' || v.parent_id::text, '')
                                   || case when v.is_active then '' else '!' end, ',') as visible,
                        string_agg(v.id::text, ',') as ids
                   from pc_visible_companies(u.id) v`;
const SESSION_WHERE = `
 where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.is_active`;
// Grants of other tenants' companies (docs/decisions/0033), with the claims each grant carries.
const GRANTS = `coalesce(pc_user_grants(u.id), '')`;
const AUTH_SQL = `${AUTH_SELECT}, ${CLAIMS} as claims, coalesce(vis.visible, '') as visible, ${GRANTS} as grants${SESSION_FROM}
  cross join lateral (${VISIBLE}) vis${SESSION_WHERE}`;
/**
 * The same as the first statement of the request's transaction, which it also makes the
 * tenant's: the settings `openTenantTransaction` would write (docs/decisions/0027), so a request
 * costs no statement and no second connection for them. The statement itself was planned and its
 * rights checked as the owner before it ran; the settings hold from the next statement on, and a
 * caller turned away afterwards rolls them back with the transaction.
 * `readOnly` (a request that only reads, a GET): the transaction also turns read only, which
 * the database then enforces for every statement after this one (and which nothing in the
 * transaction can turn back), so the platform may send the answer before the transaction ends.
 * In the statement rather than in the `begin`: PGlite's transaction opens with a plain BEGIN,
 * and a `set transaction` statement of its own cost a statement per request.
 * Claims and visible companies change rarely and took two thirds of the statement's time (PGlite,
 * 7 companies; far more for an agency): $3 and $4 are the auth epoch (migration 0032) and the
 * company ids they were last computed at (`kept`, below). While the epoch, read in this very snapshot,
 * is the same, the statement answers null for both and sets the kept ids; the companies' function
 * and the claims' subquery are not run at all (a CASE branch and a one-time filter).
 */
const authTenantSql = (readOnly: boolean) => `${AUTH_SELECT}, e.value as "authEpoch",
       case when e.value = $3 then null else ${CLAIMS} end as claims,
       case when e.value = $3 then null else coalesce(vis.visible, '') end as visible,
       case when e.value = $3 then null else ${GRANTS} end as grants,
       (set_config('app.company_ids', case when e.value = $3 then $4 else coalesce(vis.ids, '') end, true)
        || set_config('app.user_id', u.id::text, true) || set_config('role', 'pc_app', true)${readOnly ? ` || set_config('transaction_read_only', 'on', true)` : ''}) is not null as "tenant"${SESSION_FROM}
  left join app_setting e on e.key = 'auth_epoch'
  left join lateral (${VISIBLE} where e.value is distinct from $3) vis on true${SESSION_WHERE}`;

type AuthRow = {
  userId: string;
  companyId: string;
  /** The scope the user last chose (app_user.scope_company_id). */
  storedScopeId: string | null;
  mfaPending: boolean;
  validUntil: number | null;
  passwordChangedAt: number;
  mustChangePassword: boolean;
  passwordExpiryDays: number;
  termsConsentMissing: boolean;
  contractEnded: boolean;
  claims: string[];
  /** `id[:parentId][!]`, comma-separated; `!` marks an inactive company. */
  visible: string;
  /** `root=claim|claim~id[:parentId][!];…` per grant, comma-separated (`pc_user_grants`). */
  grants: string;
};

/** The tenant statements' row: claims and companies are null when the kept ones still hold. */
type TenantAuthRow = Omit<AuthRow, 'claims' | 'visible' | 'grants'> & {
  authEpoch: string | null;
  claims: string[] | null;
  visible: string | null;
  grants: string | null;
};

/** An authentication row with its claims and visible companies read into the forms a caller uses. */
export type Authenticated = Omit<AuthRow, 'claims' | 'visible' | 'grants'> & {
  claims: ReadonlySet<string>;
  visible: VisibleCompanies;
  grants: readonly Grant[];
};

/** The owner statement's row as a caller reads it. */
function authenticated(row: AuthRow): Authenticated {
  return {
    ...row,
    claims: new Set(row.claims),
    visible: toVisible(parseVisible(row.visible)),
    grants: parseGrants(row.grants),
  };
}

/** The authentication statement's `grants` column (`pc_user_grants`). */
export function parseGrants(text: string): Grant[] {
  if (text === '') return [];
  return text.split(',').map((entry) => {
    const [head, companies = ''] = entry.split('~');
    const [root, claims = ''] = head!.split('=');
    return {
      root: root!,
      claims: new Set(claims === '' ? [] : claims.split('|')),
      visible: toVisible(parseVisible(companies.replaceAll(';', ','))),
    };
  });
}

/**
 * A user's claims and visible companies as computed at an auth epoch, read once: requests share
 * them (both are read only), and an agency's thousand companies are not parsed per request.
 */
type Kept = {
  epoch: string;
  /** The visible companies as the setting `app.company_ids` takes them: listed, or `#` and a stored set's key. */
  ids: string;
  claims: ReadonlySet<string>;
  visible: VisibleCompanies;
  grants: readonly Grant[];
};

/**
 * From this many visible companies on, the kept list goes into the database once per user and
 * auth epoch (`tenant_visible_set`) and the setting names it: row-level security then reads the
 * stored array instead of parsing the list on every statement (for 5,000 companies 3.5 ms each
 * on PostgreSQL). Below it, parsing the list costs less than reading a stored one.
 */
export const VISIBLE_SET_FROM = 100;

/**
 * Stores the kept list of visible companies, sorted, with the people visible from them (what
 * `pc_visible_user_ids` would compute in every transaction), and names it in the entry once
 * stored. Sorted because an index scan sorts its `= any(…)` array on every rescan, and a sorted
 * one is only checked (a join probing the company index 12 times: 20 ms → 5 ms at 5,000). On
 * the owner connection, after the request's transaction (PGlite runs it when that one has
 * ended); only while the epoch it was computed at is still the current one, and it drops the
 * user's sets of other epochs. A failed write keeps the listed ids.
 */
function keepVisibleSet(db: OwnerDb, userId: string, kept: Kept) {
  const key = sha256(`${userId};${kept.epoch};${kept.ids}`);
  const epochNow = sql`(select value from app_setting where key = 'auth_epoch')`;
  db.execute(
    sql`with gone as (delete from tenant_visible_set where user_id = ${userId}::uuid and epoch <> ${epochNow})
        insert into tenant_visible_set (key, user_id, epoch, ids, user_ids)
        select ${key}, ${userId}::uuid, ${kept.epoch}, s.ids, pc_visible_users_of(s.ids, ${userId}::uuid)
        from (select array(select u from unnest(string_to_array(${kept.ids}, ',')::uuid[]) u order by u) as ids) s
        where ${kept.epoch} = ${epochNow}
        on conflict (key) do nothing`,
  ).then(
    () => {
      kept.ids = `#${key}`;
    },
    () => undefined,
  );
}

/** How many users' claims and companies a server keeps per database. */
const KEPT_USERS = 10_000;

const authStatements = new WeakMap<
  OwnerDb,
  {
    owner: PreparedStatement<AuthRow>;
    tenant: PreparedStatement<TenantAuthRow>;
    tenantReadOnly: PreparedStatement<TenantAuthRow>;
    /** The claims and visible companies this process last computed, per user. */
    kept: Map<string, Kept>;
  }
>();

/**
 * The authentication statements of a database (alone, and opening the tenant transaction), with
 * what the tenant ones last computed per user.
 */
export function authStatementsOf(db: OwnerDb) {
  let run = authStatements.get(db);
  if (!run) {
    const tenantParams = ['uuid', 'uuid', 'uuid?', 'companies'] as const;
    run = {
      owner: preparedOwnerStatement<AuthRow>(db, 'pc_auth', AUTH_SQL, ['uuid', 'uuid']),
      tenant: preparedOwnerStatement<TenantAuthRow>(db, 'pc_auth_tenant', authTenantSql(false), tenantParams),
      tenantReadOnly: preparedOwnerStatement<TenantAuthRow>(db, 'pc_auth_tenant_ro', authTenantSql(true), tenantParams),
      kept: new Map(),
    };
    authStatements.set(db, run);
  }
  return run;
}

/**
 * The authentication row with its claims and companies: those the statement computed (which are
 * then kept, with the epoch it read) or, when it answered none, the kept ones it was sent.
 */
function completeRow(db: OwnerDb, users: Map<string, Kept>, sent: Kept | undefined, row: TenantAuthRow): Authenticated {
  const { authEpoch, claims, visible, grants, ...rest } = row;
  if (claims === null || visible === null || grants === null) {
    // The statement answers none only for the epoch it was sent, which only a kept entry sends.
    if (!sent || sent.epoch !== authEpoch) throw new Error('authentication: no kept claims for the epoch');
    return { ...rest, claims: sent.claims, visible: sent.visible, grants: sent.grants };
  }
  const read = authenticated({ ...rest, claims, visible, grants });
  if (authEpoch !== null) {
    if (users.size >= KEPT_USERS) users.clear();
    const kept = {
      epoch: authEpoch,
      ids: read.visible.ids.join(','),
      claims: read.claims,
      visible: read.visible,
      grants: read.grants,
    };
    users.set(row.userId, kept);
    if (read.visible.ids.length >= VISIBLE_SET_FROM) keepVisibleSet(db, row.userId, kept);
  }
  return read;
}

/**
 * Opens a transaction as a request does: the authentication statement first, which also makes
 * it the tenant's (and read only, with `readOnly`). `admit` turns its row into the caller; when
 * it throws, the transaction rolls back and the open rejects.
 */
export async function openAuthenticated<T>(
  db: OwnerDb,
  session: readonly [string, string],
  admit: (row: Authenticated | undefined) => { value: T; companyIds: readonly string[] },
  opts: { readOnly?: boolean } = {},
) {
  const statements = authStatementsOf(db);
  const tenant = opts.readOnly ? statements.tenantReadOnly : statements.tenant;
  await tenant.ready();
  const users = statements.kept;
  const sent = users.get(session[1]);
  return openTransactionWith(
    db,
    async (tx) => {
      const [row] = await tenant.inTransaction(tx, [...session, sent?.epoch ?? '', sent?.ids ?? '']);
      const read = row && completeRow(db, users, sent, row);
      const admitted = admit(read);
      // The statement made the home tenant's companies the transaction's; a request in a company
      // of another tenant that granted the caller works on that grant's companies alone.
      if (read && admitted.companyIds !== read.visible.ids) {
        await tx.execute(sql`select set_config('app.company_ids', ${admitted.companyIds.join(',')}, true)`);
      }
      return admitted;
    },
    opts,
  );
}

/** How many checked access tokens a server keeps (a client sends its token with every request). */
const KNOWN_TOKENS = 10_000;

/**
 * The session a request's access token names; only uuids make one. A token whose signature and
 * ids were checked once is kept with its session until it expires: a client sends the same one
 * with every request for its lifetime, and checking it took ~60 µs of a request's ~5 ms. The
 * session itself is still looked up on every request (revocation takes effect at once).
 */
function sessionReader(secret: string) {
  const known = new Map<string, { session: readonly [string, string]; exp: number }>();
  return (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    let entry = known.get(token);
    if (!entry) {
      const payload = verifyAccessToken(token, secret);
      if (!payload) throw unauthorized();
      // The token is ours (HMAC-checked), but only uuids make a session: anything else is no login.
      if (!uuid.safeParse(payload.sid).success || !uuid.safeParse(payload.sub).success) throw unauthorized();
      if (known.size >= KNOWN_TOKENS) known.clear();
      entry = { session: [payload.sid, payload.sub], exp: payload.exp };
      known.set(token, entry);
    }
    if (entry.exp < Date.now() / 1000) {
      known.delete(token);
      throw unauthorized();
    }
    return entry.session;
  };
}

/** A personal API token as the authentication reads it (what never changes after creation). */
export type ApiTokenUse = {
  id: string;
  sessionId: string;
  userId: string;
  access: 'read' | 'write';
  /** The companies it is limited to, or null for all the user sees. */
  companyIds: readonly string[] | null;
};

/** Personal API tokens start with this (modules/user/api-token-service.ts makes them). */
const API_TOKEN_PREFIX = 'pc_';
/** How many API tokens a server keeps read (revocation is checked per request, by the session). */
const KNOWN_API_TOKENS = 10_000;

/**
 * The token's row by its hash, read once and kept: its fields never change. Whether it still
 * works is its session's matter, which the authentication statement checks on every request.
 */
function apiTokenReader(db: OwnerDb) {
  const known = new Map<string, ApiTokenUse>();
  return async (token: string): Promise<ApiTokenUse> => {
    const hash = sha256(token);
    let use = known.get(hash);
    if (!use) {
      const [row] = await db
        .select({
          id: apiToken.id,
          sessionId: apiToken.sessionId,
          userId: apiToken.userId,
          access: apiToken.access,
          companyIds: apiToken.companyIds,
        })
        .from(apiToken)
        .where(eq(apiToken.tokenHash, hash));
      if (!row) throw unauthorized();
      if (known.size >= KNOWN_API_TOKENS) known.clear();
      use = row;
      known.set(hash, use);
    }
    return use;
  };
}

/**
 * What a personal API token never reaches, whatever its user may do: managing tokens,
 * passwords, e-mail and second factor (a stolen token must not take over the account), the
 * account's contract, invoices and settings (billing), and login itself.
 */
const API_TOKEN_DENIED =
  /^\/api\/(user\/api-token|user\/change-password|user\/email-change|user\/:id\/force-password-change|auth|account|billing|signup)(\/|$)/;

/** Narrows a caller to what the API token allows: read only, its companies, no platform claims. */
function narrowToToken(caller: Caller, use: ApiTokenUse, req: FastifyRequest): Caller {
  const url = req.routeOptions.url ?? '';
  if (API_TOKEN_DENIED.test(url)) throw new AppError(403, 'forbidden', 'error.apiTokenForbidden');
  if (use.access === 'read' && req.method !== 'GET' && req.method !== 'HEAD') {
    throw new AppError(403, 'forbidden', 'error.apiTokenReadOnly');
  }
  const claims = new Set(caller.claims);
  for (const c of platformClaims) claims.delete(c);
  const rule = req.routeOptions.config?.claims;
  if (rule && !satisfies([...claims], rule)) throw forbidden();
  if (!use.companyIds) return { ...caller, claims };
  const limit = new Set(use.companyIds);
  if (caller.scopeCompanyId && !limit.has(caller.scopeCompanyId)) {
    throw new AppError(403, 'scope_forbidden', 'error.scopeForbidden');
  }
  const companyIds = tenantWide(caller.companyIds.filter((id) => limit.has(id)));
  if (companyIds.length === 0) throw new AppError(403, 'scope_forbidden', 'error.scopeForbidden');
  const whole = caller.scopeCompanyIds === caller.companyIds;
  return {
    ...caller,
    claims,
    companyIds,
    grants: caller.grants.filter((g) => limit.has(g.root)),
    scopeCompanyId: caller.scopeCompanyId ?? (companyIds.length === 1 ? companyIds[0]! : null),
    scopeCompanyIds: whole ? companyIds : caller.scopeCompanyIds.filter((id) => limit.has(id)),
  };
}

/** The authentication statement's `visible` column as the rows `pc_visible_companies` answers. */
export function parseVisible(text: string): CompanyLink[] {
  if (text === '') return [];
  return text.split(',').map((entry) => {
    const active = !entry.endsWith('!');
    const [id, parent] = (active ? entry : entry.slice(0, -1)).split(':');
    return { id: id!, parent_id: parent ?? null, is_active: active };
  });
}

/** The caller the authentication row describes, checked against the route's rules. */
function callerOf(row: Authenticated | undefined, sessionId: string, req: FastifyRequest, use?: ApiTokenUse): Caller {
  const cfg = req.routeOptions.config;
  if (!row) throw unauthorized();
  if (row.mfaPending && cfg?.allowMfaPending !== true) throw new AppError(401, 'unauthorized', 'error.mfaRequired');

  const { visible, grants } = row;
  // Checked on every request, like the session and the user's own flag: deactivating the last
  // active company of a user ends their access at once, not when the access token expires.
  if (!visible.anyActive && !grants.some((g) => g.visible.anyActive)) throw unauthorized();
  let claims = row.claims;
  let companyIds: readonly string[] = visible.ids;

  const header = req.headers['x-tenant'];
  const stored = row.storedScopeId;
  const storedValid = stored !== null && (companyIds.includes(stored) || grantFor(grants, stored) !== undefined);
  // A script names its company with X-Tenant; the scope last chosen in the browser is not its own.
  const tenant = (Array.isArray(header) ? header[0] : header) ?? (cfg?.storedScope && storedValid && !use ? stored : undefined);
  // A user who sees one company has it as scope without choosing (as /api/user/me reports).
  let scopeCompanyId: string | null = companyIds.length === 1 ? companyIds[0]! : null;
  let scoped: readonly string[] = tenantWide(companyIds);
  if (tenant) {
    if (!uuid.safeParse(tenant).success) throw new AppError(403, 'scope_forbidden', 'error.scopeForbidden');
    if (companyIds.includes(tenant)) {
      scoped = scopeCompanyIds(tenant, visible.tree);
    } else {
      // A company of another tenant that granted the caller: there, only the roles it chose hold,
      // and the request sees that grant's companies alone.
      const grant = grantFor(grants, tenant);
      if (!grant) throw new AppError(403, 'scope_forbidden', 'error.scopeForbidden');
      claims = grant.claims;
      companyIds = tenantWide(grant.visible.ids);
      scoped = scopeCompanyIds(tenant, grant.visible.tree);
    }
    scopeCompanyId = tenant;
  }
  const lockReason = lockReasonOf(row, new Date());
  if (lockReason && cfg?.allowLock !== 'all' && !cfg?.allowLock?.includes(lockReason)) {
    throw new AppError(412, 'precondition_failed', `error.lock.${lockReason}`, { reason: lockReason });
  }
  if (cfg?.claims && !satisfies([...claims], cfg.claims)) throw forbidden();
  const caller: Caller = {
    lockReason,
    userId: row.userId,
    sessionId,
    companyId: row.companyId,
    claims,
    companyIds,
    grants,
    scopeCompanyId,
    scopeCompanyIds: scoped,
    locale: requestLocale(req),
  };
  return use ? narrowToToken(caller, use, req) : caller;
}

/** The grant a company of another tenant falls under: its own, else the one of its group. */
export function grantFor(grants: readonly Grant[], companyId: string): Grant | undefined {
  return grants.find((g) => g.root === companyId) ?? grants.find((g) => g.visible.ids.includes(companyId));
}

/**
 * Every /api route needs a valid session unless its config says `public`. Claim rules in route
 * config are checked here too, so a handler only runs for callers it is meant for.
 */
const noTenantDb = new Proxy({} as RequestContext['db'], {
  get() {
    throw new Error('this route runs on the owner connection (config.ownerConnection) and has no tenant transaction');
  },
});

/**
 * Every /api route needs a valid session unless its config says `public`. Claim rules in route
 * config are checked here too, so a handler only runs for callers it is meant for. Then the
 * request's tenant transaction opens (docs/decisions/0011): the handler's `ctx.db` cannot see
 * or write outside the caller's companies, and the platform commits before the answer leaves.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: OwnerDb; secret: string; rateLimiter?: RateLimiter; apiTokenRateLimit?: number }) => {
    const tokenSession = sessionReader(opts.secret);
    const readApiToken = apiTokenReader(opts.db);
    /** When each API token's last use was last written: once a minute is enough for "last used". */
    const lastUsedWritten = new Map<string, number>();
    /**
     * Counts an API token's use against its rate limit and notes it. Before the request's
     * transaction opens: these are the owner's writes, and PGlite has one connection.
     */
    const countApiTokenUse = async (use: ApiTokenUse) => {
      if (opts.rateLimiter) {
        const hit = await opts.rateLimiter.hit(`api-token:${use.id}`, opts.apiTokenRateLimit ?? 300, 60_000);
        if (!hit.allowed) throw new AppError(429, 'rate_limited', 'error.rateLimited');
      }
      const now = Date.now();
      if ((lastUsedWritten.get(use.id) ?? 0) < now - 60_000) {
        if (lastUsedWritten.size >= KNOWN_API_TOKENS) lastUsedWritten.clear();
        lastUsedWritten.set(use.id, now);
        await opts.db
          .update(apiToken)
          .set({ lastUsedAt: new Date(now) })
          .where(and(eq(apiToken.id, use.id), isNull(apiToken.revokedAt)));
      }
    };
    /** Every refused use of a known API token lands in its user's security log. */
    const refusedUse = async (req: FastifyRequest, use: ApiTokenUse, err: unknown) => {
      if (!(err instanceof AppError) || err.status >= 500) return;
      await logSecurityEvent(opts.db, {
        type: 'apiToken.refused',
        userId: use.userId,
        ip: req.ip,
        detail: { tokenId: use.id, status: err.status, code: err.code, method: req.method, route: req.routeOptions.url ?? null },
      }).catch((e: unknown) => req.log.warn({ err: e }, 'logging a refused API token failed'));
    };
    app.decorateRequest('ctx', null);
    app.decorateRequest('tenantTx', null);
    app.decorateRequest('handlerDone', null);
    // An aborted or timed-out request must not end its transaction while the handler still runs
    // statements on it, so the handler's end is tracked.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const handler = route.handler;
      // A route hook before validation reads an upload (platform/upload.ts).
      if (route.preValidation) route.config = { ...route.config, lateTransaction: true };
      route.handler = function (this: FastifyInstance, req, reply) {
        const result = Promise.resolve().then(() => handler.call(this, req, reply));
        req.handlerDone = result.then(
          () => undefined,
          () => undefined,
        );
        return result;
      };
    });
    // Authentication first, before the body is even validated (or an upload read): a stranger
    // learns nothing about the route's input rules and costs no parsing. It is also the first
    // statement of the request's transaction, except on routes that work on the owner connection
    // or read an upload in their own hook: a slow upload must not hold a connection, so there the
    // transaction opens after it, right before the handler.
    app.addHook('preValidation', async (req) => {
      const cfg = req.routeOptions.config;
      // Judge by the matched route, not the URL: the static files' catch-all also sees /api/… paths.
      if (!req.routeOptions.url?.startsWith('/api/') || cfg?.public) return;
      const bearer = bearerToken(req);
      if (bearer?.startsWith(API_TOKEN_PREFIX)) {
        const use = await readApiToken(bearer);
        try {
          await countApiTokenUse(use);
          await authenticate(req, [use.sessionId, use.userId], use);
        } catch (e) {
          await refusedUse(req, use, e);
          throw e;
        }
        return;
      }
      await authenticate(req, tokenSession(req));
    });
    const authenticate = async (req: FastifyRequest, session: readonly [string, string], use?: ApiTokenUse) => {
      const cfg = req.routeOptions.config;
      if (cfg?.ownerConnection || cfg?.lateTransaction) {
        const [row] = await authStatementsOf(opts.db).owner(session);
        req.ctx = {
          ...callerOf(row && authenticated(row), session[0], req, use),
          db: noTenantDb,
          addCompanies: async () => undefined,
          afterCommit: (fn) => fn(),
        };
        return;
      }
      const { tx, value: caller } = await openAuthenticated(
        opts.db,
        session,
        (row) => {
          const caller = callerOf(row, session[0], req, use);
          return { value: caller, companyIds: caller.companyIds };
        },
        // A GET reads (HTTP's safe method); a route that writes on one says so.
        { readOnly: (req.method === 'GET' || req.method === 'HEAD') && !cfg?.writes },
      );
      req.tenantTx = tx;
      req.ctx = { ...caller, db: tx.db, addCompanies: tx.addCompanies, afterCommit: tx.afterCommit };
    };
    app.addHook('preHandler', async (req) => {
      const caller = req.ctx;
      if (!caller || req.tenantTx || req.routeOptions.config?.ownerConnection) return;
      const tx = await openTenantTransaction(opts.db, { userId: caller.userId, companyIds: caller.companyIds });
      req.tenantTx = tx;
      req.ctx = { ...caller, db: tx.db, addCompanies: tx.addCompanies, afterCommit: tx.afterCommit };
    });
    // Commit before the answer is written, so a 2xx is never sent for writes that are then lost;
    // an error answer rolls everything back. A failed commit becomes the error answer instead.
    // A read-only transaction ends while the answer is written (a failed end cannot have lost
    // anything); its connection returns to the pool when the end is done.
    app.addHook('onSend', async (req, reply, payload) => {
      const tx = req.tenantTx;
      if (!tx) return payload;
      req.tenantTx = null;
      if (tx.readOnly) {
        tx.end(reply.statusCode < 400).catch((e: unknown) => req.log.warn({ err: e }, 'ending a read-only transaction failed'));
        return payload;
      }
      await tx.end(reply.statusCode < 400);
      return payload;
    });
    const abandon = async (req: FastifyRequest) => {
      if (!req.tenantTx) return;
      await req.handlerDone;
      const tx = req.tenantTx;
      if (!tx) return;
      req.tenantTx = null;
      await tx.end(false).catch(() => undefined);
    };
    app.addHook('onResponse', abandon);
    app.addHook('onRequestAbort', abandon);
    app.addHook('onTimeout', abandon);
  },
);

/** The caller's context in an authenticated route. */
export function ctxOf(req: FastifyRequest): RequestContext {
  if (!req.ctx) throw unauthorized();
  return req.ctx;
}
