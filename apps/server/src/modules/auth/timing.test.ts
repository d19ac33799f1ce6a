import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { form } from '../../test/helpers';

/**
 * Whether an address has an account must not show in how long an answer takes. Statistical by
 * nature, so kept apart and made robust: the two kinds of request alternate (which goes first
 * alternates too), so load on the machine falls on both alike; after a warm-up, the medians of
 * 200 each are compared, which a few slow outliers do not move.
 */
const RUNS = 200;
const WARM_UP = 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

async function compare(a: (i: number) => Promise<number>, b: (i: number) => Promise<number>) {
  const time = async (call: (i: number) => Promise<number>, i: number) => {
    const start = process.hrtime.bigint();
    const status = await call(i);
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, status };
  };
  for (let i = 0; i < WARM_UP; i++) {
    await a(-1 - i);
    await b(-1 - i);
  }
  const ta: number[] = [];
  const tb: number[] = [];
  const statuses = new Set<string>();
  for (let i = 0; i < RUNS; i++) {
    const pair = i % 2 === 0 ? [await time(a, i), await time(b, i)] : [await time(b, i), await time(a, i)].reverse();
    ta.push(pair[0]!.ms);
    tb.push(pair[1]!.ms);
    statuses.add(`${pair[0]!.status}/${pair[1]!.status}`);
  }
  return { a: median(ta), b: median(tb), ratio: median(ta) / median(tb), statuses: [...statuses] };
}

describe('answer times tell nothing about accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SUBSCRIPTIONS_ENABLED: 'true', LOGIN_RATE_LIMIT: '100000' });
    // Invited users who have not chosen a password yet, one per request: repeated failures would
    // lock one account, and a locked one is answered as an unknown address already.
    const [admin] = await t.db
      .select({ companyId: appUser.companyId })
      .from(appUser)
      .where(eq(appUser.email, 'admin@demo.local'));
    await t.db.insert(appUser).values(
      Array.from({ length: RUNS + WARM_UP }, (_, i) => ({
        email: `invited-${i}@demo.local`,
        companyId: admin!.companyId,
        firstname: 'Ida',
        lastname: 'Eingeladen',
      })),
    );
  });
  afterAll(() => t.close());

  const signup = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        cart: { planVariantId: 'trial' },
        customer: {
          emailAddress: email,
          firstName: 'Nina',
          lastName: 'Neu',
          companyName: `Neu GmbH ${email}`,
          vatId: 'DE 136 695 976',
          phoneNumber: '+49 30 123456',
          locale: 'de',
          address: { street: 'Lindenweg', houseNumber: '4', postalCode: '10115', city: 'Berlin', country: 'DE' },
          customFields: {
            hasConfirmedTermsOfUse: true,
            hasConfirmedPrivacyAgreement: true,
            hasConfirmedMarketingAgreement: true,
          },
        },
      },
    });

  it(`sign-up: a known address takes as long as a new one (medians of ${RUNS}, ratio 0.8–1.25)`, {
    timeout: 300_000,
  }, async () => {
    const r = await compare(
      async () => (await signup('admin@demo.local')).statusCode,
      async (i) => (await signup(`neu-${i + 100}@timing.example`)).statusCode,
    );
    expect(r.statuses).toEqual(['201/201']);
    expect(r.ratio, `known ${r.a.toFixed(2)} ms, new ${r.b.toFixed(2)} ms`).toBeGreaterThanOrEqual(0.8);
    expect(r.ratio, `known ${r.a.toFixed(2)} ms, new ${r.b.toFixed(2)} ms`).toBeLessThanOrEqual(1.25);
    // The known address got no second account, and every new one got its own.
    expect(await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.email, 'admin@demo.local'))).toHaveLength(1);
    expect(await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.email, 'neu-150@timing.example'))).toHaveLength(
      1,
    );
  });

  it(`login: an account without a password takes as long as an unknown address (medians of ${RUNS}, ratio 0.8–1.25)`, {
    timeout: 300_000,
  }, async () => {
    const login = async (username: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          ...form({ grant_type: 'password', username, password: 'Geraten123!' }),
        })
      ).statusCode;
    const r = await compare(
      (i) => login(`invited-${i + WARM_UP}@demo.local`),
      (i) => login(`unbekannt-${i + 100}@timing.example`),
    );
    expect(r.statuses).toEqual(['400/400']);
    expect(r.ratio, `no password ${r.a.toFixed(2)} ms, unknown ${r.b.toFixed(2)} ms`).toBeGreaterThanOrEqual(0.8);
    expect(r.ratio, `no password ${r.a.toFixed(2)} ms, unknown ${r.b.toFixed(2)} ms`).toBeLessThanOrEqual(1.25);
  });
});
