import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { userId } from '../../test/helpers';

describe('the DPO of a company as a user of the installation', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
  });
  afterAll(() => t.close());

  const detail = async () => (await t.app.inject({ url: `/api/company/${bakery}`, headers: t.auth(admin) })).json();
  const put = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/company/${bakery}`, headers: t.auth(admin), payload: body });

  it('names a visible user as DPO, and clears it again', async () => {
    const anna = await userId(t, 'admin@demo.local');
    const res = await put({ ...(await detail()), dataPrivacyAgentId: anna });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail()).dataPrivacyAgentId).toBe(anna);
    expect((await put({ ...(await detail()), dataPrivacyAgentId: null })).statusCode).toBe(200);
    expect((await detail()).dataPrivacyAgentId).toBeNull();
  });

  it('refuses a user of another tenant and changes nothing', async () => {
    const before = await detail();
    const otto = await userId(t, 'other@demo.local');
    const res = await put({ ...before, name: 'Umbenannt', dataPrivacyAgentId: otto });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.dataPrivacyAgentId).toEqual(['validation.unknownReference']);
    expect((await detail()).name).toBe(before.name);
  });
});
