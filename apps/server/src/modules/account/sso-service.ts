import type { SsoConfig, SsoConfigForm, SsoTestResult } from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import { ssoConfig } from '../../db/schema/index';
import type { RequestContext } from '../../platform/auth/context';
import { discoverProvider, issuerAllowed } from '../../platform/auth/oidc';
import { validationFailed } from '../../platform/errors';
import { logSecurityEvent } from '../../platform/security-log';
import type { AccountDeps } from '../auth/deps';
import { checkGrantRoles, grantableRoles } from '../roles/service';

type Ctx = Pick<RequestContext, 'db' | 'companyId' | 'companyIds' | 'claims' | 'userId'>;
export type SsoDeps = AccountDeps & { production: boolean; redirectUri: string };

/** The account is the caller's own company: its administrators decide how its people sign in. */
export async function getSsoConfig(d: SsoDeps, ctx: Ctx): Promise<SsoConfig> {
  const [row] = await ctx.db.select().from(ssoConfig).where(eq(ssoConfig.companyId, ctx.companyId));
  const roles = (await grantableRoles(ctx)).map(({ id, name }) => ({ id, name }));
  return {
    configured: !!row,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: !!row,
    domains: row?.domains ?? [],
    defaultRoleId: row?.defaultRoleId ?? null,
    passwordLoginDisabled: row?.passwordLoginDisabled ?? false,
    redirectUri: d.redirectUri,
    roles,
    rights: { write: true },
  };
}

export async function putSsoConfig(d: SsoDeps, ctx: Ctx, input: SsoConfigForm, ip: string) {
  const issuer = input.issuer.replace(/\/+$/, '');
  if (!issuerAllowed(issuer, d.production)) throw validationFailed({ issuer: ['validation.ssoIssuer'] });
  const domains = [...new Set(input.domains)];
  // A domain belongs to one account; the function sees other accounts' domains, the caller does not.
  const [row] = await ctx.db
    .select({
      taken: sql<string[]>`pc_sso_domains_taken(ARRAY[${sql.join(
        domains.map((x) => sql`${x}`),
        sql`, `,
      )}]::text[], ${ctx.companyId}::uuid)`,
    })
    .from(sql`(select 1) as one`);
  if (row?.taken.length) throw validationFailed({ domains: ['validation.ssoDomainTaken'] });
  const [existing] = await ctx.db.select().from(ssoConfig).where(eq(ssoConfig.companyId, ctx.companyId));
  const secret = input.clientSecret?.trim();
  if (!existing && !secret) throw validationFailed({ clientSecret: ['validation.required'] });
  await checkGrantRoles(ctx, [input.defaultRoleId], 'defaultRoleId');
  const values = {
    issuer,
    clientId: input.clientId,
    clientSecret: secret ? d.box.seal(secret) : existing!.clientSecret,
    domains,
    defaultRoleId: input.defaultRoleId,
    passwordLoginDisabled: input.passwordLoginDisabled,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(ssoConfig)
    .values({ companyId: ctx.companyId, ...values })
    .onConflictDoUpdate({ target: ssoConfig.companyId, set: values });
  await logSecurityEvent(ctx.db, {
    type: 'sso.configured',
    userId: ctx.userId,
    ip,
    detail: { issuer, domains, passwordLoginDisabled: input.passwordLoginDisabled },
  });
}

/** "Test connection": the stored provider's discovery document is fetched and read. */
export async function testSsoConfig(d: SsoDeps, ctx: Ctx): Promise<SsoTestResult> {
  const [row] = await ctx.db.select().from(ssoConfig).where(eq(ssoConfig.companyId, ctx.companyId));
  if (!row) return { ok: false, error: 'not_configured' };
  try {
    const provider = await discoverProvider(
      { issuer: row.issuer, clientId: row.clientId, clientSecret: d.box.open(row.clientSecret) },
      d.production,
    );
    return { ok: true, authorizationEndpoint: provider.serverMetadata().authorization_endpoint };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message.slice(0, 300) : 'discovery_failed' };
  }
}
