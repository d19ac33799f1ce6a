import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/types';
import type { TestApp } from '../harness';

/** A logged-in walker whose session survives operations that lock it (new terms of use, a reset scope). */
export async function walker(t: TestApp, email: string) {
  const me = { email, token: await t.tokenFor(email) };
  const headers = () => ({ ...t.auth(me.token), 'accept-language': 'de' });
  const user = (await t.app.inject({ url: '/api/user/me', headers: headers() })).json() as { id: string; companyId: string };

  /**
   * Brings the session back after an operation: consents to terms of use the walk published
   * and logs in again when the walk revoked the session. Answers what it had to repair, so a
   * lock nobody expects fails the walk instead of being hidden.
   */
  async function repair(): Promise<string | null> {
    const probe = await t.app.inject({ url: '/api/item/statistics', headers: headers() });
    if (probe.statusCode === 200) return null;
    if (probe.statusCode === 412 && probe.json().reason === 'TermsOfUseConsentRequired') {
      const current = (await t.app.inject({ url: '/api/terms-of-use/current', headers: headers() })).json();
      await t.app.inject({ method: 'POST', url: `/api/terms-of-use/${current.id}/consent`, headers: headers() });
      return 'terms-of-use consent';
    }
    if (probe.statusCode === 401) {
      me.token = await t.tokenFor(email);
      return 'new login';
    }
    throw new Error(`session of ${email} unusable: ${probe.statusCode} ${probe.body}`);
  }

  return { id: user.id, companyId: user.companyId, headers, repair };
}

/** The ids of the companies a user sees. */
export async function visibleCompanyIds(t: TestApp, headers: Record<string, string>) {
  const list = (await t.app.inject({ url: '/api/company/list-items', headers })).json() as { id: string }[];
  return list.map((c) => c.id);
}

/**
 * OpenAPI paths a personal API token never reaches, as the auth plugin refuses them (token, password
 * and e-mail management, login, the account and billing); the walk checks each answers 401/403.
 */
export const tokenDenied = (path: string) =>
  /^\/api\/(user\/api-token|user\/change-password|user\/email-change|user\/\{id\}\/force-password-change|auth|account|billing|signup)(\/|$)/.test(
    path,
  );

/**
 * A personal API token (pc_…, write access, every company) of a walker, used as a walker itself.
 * It is made anew through its owner's session when the walk ended it (a password change, the
 * owner's sessions revoked).
 */
export async function tokenWalker(t: TestApp, owner: Awaited<ReturnType<typeof walker>>) {
  const me = { id: '', token: '' };
  const make = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-token',
      headers: owner.headers(),
      payload: { name: 'Fuzz', access: 'write', expiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString() },
    });
    if (res.statusCode !== 201) throw new Error(`API token not created: ${res.statusCode} ${res.body}`);
    Object.assign(me, res.json() as { id: string; token: string });
  };
  await make();
  const headers = () => ({ ...t.auth(me.token), 'accept-language': 'de' });

  async function repair(): Promise<string | null> {
    const probe = await t.app.inject({ url: '/api/item/statistics', headers: headers() });
    if (probe.statusCode === 200) return null;
    const ownerRepaired = await owner.repair();
    const again = await t.app.inject({ url: '/api/item/statistics', headers: headers() });
    if (again.statusCode === 200) return ownerRepaired ?? `owner's session (${probe.statusCode})`;
    if (again.statusCode === 401) {
      await make();
      return 'new API token';
    }
    throw new Error(`API token unusable: ${again.statusCode} ${again.body}`);
  }

  /** How often the token's use was noted (its last use is written on the first request). */
  const uses = async () =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from api_token where user_id = ${owner.id}::uuid and last_used_at is not null`,
      )
    )[0]!.n;

  return { headers, repair, uses };
}
