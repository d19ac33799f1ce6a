import { type Checklist, itemTypeDefs } from '@pc/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims, sampleData } from '../../test/helpers';

describe('getting-started checklist', () => {
  let t: TestApp;
  let admin: string;
  let fresh: string;
  const get = async (token: string, tenant?: string) => {
    const res = await t.app.inject({
      url: '/api/dashboard/checklist',
      headers: t.auth(token, tenant ? { 'x-tenant': tenant } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Checklist;
  };
  const done = (c: Checklist) => Object.fromEntries(c.steps.map((s) => [s.key, s.done]));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: t.auth(admin),
      payload: { name: 'Neukunde GmbH' },
    });
    expect(res.statusCode, res.body).toBe(201);
    fresh = res.json().id;
  });
  afterAll(() => t.close());

  it('shows every step open for a new company, in order, and the admin may act on each', async () => {
    const c = await get(admin, fresh);
    expect(c).toMatchObject({ companyId: fresh, companyName: 'Neukunde GmbH', show: true, dismissed: false });
    expect(c.steps.map((s) => s.key)).toEqual(['companyData', 'dpo', 'activities', 'processors', 'measures', 'colleagues']);
    expect(c.steps.every((s) => !s.done && s.canAct)).toBe(true);
  });

  it('ticks steps off from the real data: address, DPO, a processing activity, a colleague', async () => {
    await t.db
      .update(company)
      .set({ addressLine1: 'Am Markt 1', zipCode: '12345', city: 'Musterstadt', dpaLastname: 'Berger' })
      .where(eq(company.id, fresh));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/process',
      headers: t.auth(admin, { 'x-tenant': fresh }),
      payload: { name: 'Lohnabrechnung', data: { role: 'controller' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    await addUserWithClaims(t, { email: 'kollege@neukunde.example', companyId: fresh, claims: ['Process.Read'] });
    const c = await get(admin, fresh);
    expect(done(c)).toEqual({
      companyData: true,
      dpo: true,
      activities: true,
      processors: false,
      measures: false,
      colleagues: true,
    });
    expect(c.steps.find((s) => s.key === 'activities')!.count).toBe(1);
    expect(c.show).toBe(true);
  });

  it('tells a user without write rights that they cannot act, from the server', async () => {
    const c = await get(await t.tokenFor('kollege@neukunde.example'));
    // The colleague sees only this company: it is theirs without a scope.
    expect(c.companyId).toBe(fresh);
    expect(c.steps.every((s) => !s.canAct)).toBe(true);
  });

  it('is dismissed per user and company, and can be brought back', async () => {
    const put = (token: string, dismissed: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/dashboard/checklist',
        headers: t.auth(token, { 'x-tenant': fresh }),
        payload: { dismissed },
      });
    const res = await put(admin, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dismissed: true, show: false });
    expect((await get(admin, fresh)).show).toBe(false);
    // Another user of the company still sees it; another company of the same user too.
    expect((await get(await t.tokenFor('kollege@neukunde.example'))).show).toBe(true);
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json() as {
      id: string;
      name: string;
    }[];
    const demo = list.find((c) => c.name !== 'Neukunde GmbH' && c.name !== 'Muster Datenschutz GmbH')!;
    expect((await get(admin, demo.id)).dismissed).toBe(false);
    expect((await put(admin, false)).json()).toMatchObject({ dismissed: false, show: true });
  });

  it('is not shown over all companies of an agency, nor once every step is done', async () => {
    expect(await get(admin)).toMatchObject({ companyId: null, show: false, steps: [] });
    for (const type of ['service-agreement-with-provider', 'measure'] as const) {
      const data = sampleData(itemTypeDefs[type].fields);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${type}`,
        headers: t.auth(admin, { 'x-tenant': fresh }),
        payload: { name: `Erster Eintrag ${type}`, data },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const c = await get(admin, fresh);
    expect(c.steps.every((s) => s.done)).toBe(true);
    expect(c.show).toBe(false);
  });

  it("refuses another tenant's company as scope", async () => {
    const res = await t.app.inject({
      url: '/api/dashboard/checklist',
      headers: t.auth(await t.tokenFor('other@demo.local'), { 'x-tenant': fresh }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('Neukunde');
  });
});
