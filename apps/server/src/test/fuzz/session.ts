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
