import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '@pc/shared';
import { and, eq, sql } from 'drizzle-orm';
import { appUser, company, ssoConfig, userCompany, userRole } from '../../db/schema/index';
import { ipAllowed } from '../../platform/auth/ip';
import { discoverProvider, oidc, type PendingSso, providerDidMfa } from '../../platform/auth/oidc';
import { logSecurityEvent } from '../../platform/security-log';
import { hasActiveVisibleCompany } from '../../platform/tenancy';
import { type AuthDeps, nowOf } from './deps';
import { clearFailedLogins, createSession } from './service';

/** How long a started sign-in may take at the provider. */
const PENDING_SECONDS = 10 * 60;

export const domainOf = (email: string) => email.trim().toLowerCase().split('@').at(-1) ?? '';

/** The single sign-on provider covering an address's domain, if any (a domain belongs to one account). */
export async function ssoConfigForEmail(d: Pick<AuthDeps, 'db'>, email: string) {
  const domain = domainOf(email);
  if (!email.includes('@') || !domain) return null;
  const [row] = await d.db.select().from(ssoConfig).where(sql`${domain} = ANY(${ssoConfig.domains})`);
  return row ?? null;
}

/**
 * Whether the address must sign in through its provider: its domain's account turned password
 * login off. The account holder keeps password and second factor as the way in when the provider
 * is down or misconfigured (break-glass).
 */
export async function passwordLoginBlocked(d: Pick<AuthDeps, 'db'>, user: { email: string; hasAccount: boolean }) {
  if (user.hasAccount) return false;
  const cfg = await ssoConfigForEmail(d, user.email);
  return cfg?.passwordLoginDisabled === true;
}

export interface SsoSettings {
  production: boolean;
  redirectUri: string;
}

const openSecret = (d: AuthDeps, sealed: string) => d.box.open(sealed);

/** The provider's authorization URL for an address (PKCE, state and nonce), and the pending sign-in to keep. */
export async function startSso(d: AuthDeps, s: SsoSettings, email: string) {
  const cfg = await ssoConfigForEmail(d, email);
  if (!cfg) return null;
  const provider = await discoverProvider(
    { issuer: cfg.issuer, clientId: cfg.clientId, clientSecret: openSecret(d, cfg.clientSecret) },
    s.production,
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const pending: PendingSso = {
    companyId: cfg.companyId,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    exp: Math.floor(nowOf(d).getTime() / 1000) + PENDING_SECONDS,
  };
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: s.redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
    login_hint: email.trim(),
  });
  return { url: url.href, pending };
}

/** A refused single sign-on; `reason` goes to the security log and the login page. */
export class SsoRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Completes a sign-in: openid-client checks state, nonce, PKCE and the ID token (signature,
 * issuer, audience, expiry). The user is found by the provider's subject, else by a verified
 * address, else created with the account's default role. A deactivated user is refused whatever
 * the provider says. Our second factor is asked unless the provider reports multi-factor.
 */
export async function completeSso(
  d: AuthDeps,
  s: SsoSettings,
  input: { callbackUrl: URL; pending: PendingSso | null; ip: string; userAgent: string | undefined },
): Promise<TokenResponse> {
  const { db } = d;
  const refuse = async (reason: string, extra: { userId?: string; email?: string } = {}): Promise<never> => {
    await logSecurityEvent(db, {
      type: 'sso.refused',
      ip: input.ip,
      userId: extra.userId,
      email: extra.email,
      detail: { reason },
    });
    throw new SsoRefused(reason);
  };
  if (!input.pending) return refuse('no_pending_sign_in');
  const [cfg] = await db.select().from(ssoConfig).where(eq(ssoConfig.companyId, input.pending.companyId));
  if (!cfg) return refuse('not_configured');
  let claims: oidc.IDToken | undefined;
  try {
    const provider = await discoverProvider(
      { issuer: cfg.issuer, clientId: cfg.clientId, clientSecret: openSecret(d, cfg.clientSecret) },
      s.production,
    );
    // Only the parameters the provider sent back; the redirect URI must match the one started with.
    const current = new URL(s.redirectUri);
    current.search = input.callbackUrl.search;
    const tokens = await oidc.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: input.pending.verifier,
      expectedState: input.pending.state,
      expectedNonce: input.pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (e) {
    const code = (e as { code?: string; error?: string }).error ?? (e as { code?: string }).code ?? 'invalid_response';
    return refuse(String(code));
  }
  if (!claims) return refuse('no_id_token');
  const issuer = claims.iss;
  const subject = claims.sub;
  const email = typeof claims.email === 'string' ? claims.email.trim() : undefined;
  const verified = claims.email_verified === true;

  type Found = { id: string; isActive: boolean; totpSecret: string | null; ipAllowList: string[]; ssoSubject: string | null };
  const select = {
    id: appUser.id,
    isActive: appUser.isActive,
    totpSecret: appUser.totpSecret,
    ipAllowList: company.ipAllowList,
    ssoSubject: appUser.ssoSubject,
  };
  let [user]: (Found | undefined)[] = await db
    .select(select)
    .from(appUser)
    .innerJoin(company, eq(company.id, appUser.companyId))
    .where(and(eq(appUser.ssoIssuer, issuer), eq(appUser.ssoSubject, subject)));
  if (!user) {
    // The provider may vouch only for the domains this account covers, and only for addresses it verified.
    if (!email || !verified) return refuse('email_not_verified', { email });
    if (!cfg.domains.includes(domainOf(email))) return refuse('domain_not_covered', { email });
    [user] = await db
      .select(select)
      .from(appUser)
      .innerJoin(company, eq(company.id, appUser.companyId))
      .where(sql`lower(${appUser.email}) = lower(${email})`);
    if (user?.ssoSubject) return refuse('other_subject', { userId: user.id, email });
    if (user) {
      await db.update(appUser).set({ ssoIssuer: issuer, ssoSubject: subject }).where(eq(appUser.id, user.id));
    } else {
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await tx.insert(appUser).values({
          id,
          email,
          firstname: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 200) : '',
          lastname: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 200) : '',
          companyId: cfg.companyId,
          language: claims.locale === 'en' || String(claims.locale ?? '').startsWith('en') ? 'en' : 'de',
          ssoIssuer: issuer,
          ssoSubject: subject,
        });
        await tx.insert(userRole).values({ userId: id, roleId: cfg.defaultRoleId });
        await tx.insert(userCompany).values({ userId: id, companyId: cfg.companyId });
      });
      await logSecurityEvent(db, { type: 'sso.userCreated', userId: id, email, ip: input.ip, detail: { issuer } });
      [user] = await db
        .select(select)
        .from(appUser)
        .innerJoin(company, eq(company.id, appUser.companyId))
        .where(eq(appUser.id, id));
    }
  }
  if (!user) return refuse('no_user', { email });
  if (!user.isActive) return refuse('inactive', { userId: user.id, email });
  if (!(await hasActiveVisibleCompany(db, user.id))) return refuse('companies_inactive', { userId: user.id, email });
  if (!ipAllowed(input.ip, user.ipAllowList)) {
    await logSecurityEvent(db, { type: 'login.ipBlocked', userId: user.id, email, ip: input.ip });
    throw new SsoRefused('ip_not_allowed');
  }
  const mfaPending = user.totpSecret !== null && !providerDidMfa(claims.amr);
  if (!mfaPending) await clearFailedLogins(d, user.id);
  await logSecurityEvent(db, {
    type: 'sso.login',
    userId: user.id,
    email,
    ip: input.ip,
    detail: { issuer, mfaPending, providerMfa: providerDidMfa(claims.amr) },
  });
  return createSession(d, user.id, mfaPending, input);
}
