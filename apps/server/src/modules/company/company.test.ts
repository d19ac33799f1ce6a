import { companyListItemSchema } from '@pc/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { visibleCompanyIds } from '../../platform/tenancy';
import { createTestApp, type TestApp } from '../../test/harness';
import { asTenant } from '../../test/helpers';

describe('companies', () => {
  let t: TestApp;
  let admin: string;
  const names = async (token: string) =>
    (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(token) })).json().map((c: { name: string }) => c.name);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
  });
  afterAll(() => t.close());

  it('lists the agency, its clients and their children for the agency administrator', async () => {
    const res = await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    for (const item of items) companyListItemSchema.parse(item);
    expect(items.map((c: { name: string }) => c.name).sort()).toEqual(
      [
        'Alte Druckerei KG',
        'Bäckerei Schmidt',
        'Beispiel Gruppe',
        'Beispiel Handel GmbH',
        'Beispiel Logistik GmbH',
        'Demo Unternehmen GmbH',
        'Muster Datenschutz GmbH',
      ].sort(),
    );
    const group = items.find((c: { name: string }) => c.name === 'Beispiel Gruppe');
    expect(group).toMatchObject({
      type: 'Group',
      numberOfChildCompanies: 2,
      childCompanyNames: ['Beispiel Handel GmbH', 'Beispiel Logistik GmbH'],
    });
    const child = items.find((c: { name: string }) => c.name === 'Beispiel Handel GmbH');
    expect(child).toMatchObject({
      parentCompanyName: 'Beispiel Gruppe',
      parentCompany: { id: group.id, name: 'Beispiel Gruppe' },
    });
    expect(items.find((c: { name: string }) => c.name === 'Alte Druckerei KG').isActive).toBe(false);
    expect(items.find((c: { name: string }) => c.name === 'Demo Unternehmen GmbH').isDemo).toBe(true);
  });

  it('shows the reader their one company and the other tenant only theirs', async () => {
    expect(await names(await t.tokenFor('reader@demo.local'))).toEqual(['Bäckerei Schmidt']);
    expect(await names(await t.tokenFor('other@demo.local'))).toEqual(['Fremdfirma AG']);
  });

  it('row-level security hides other tenants even from a query without a WHERE', async () => {
    const [reader] = await queryRows<{ id: string }>(t.db, sql`select id::text from app_user where email = 'reader@demo.local'`);
    const visible = await visibleCompanyIds(t.db, reader!.id);
    const who = { userId: reader!.id, companyIds: visible };
    const rows = await asTenant(t, who, (tx) => queryRows<{ name: string }>(tx, sql`select name from company`));
    expect(rows.map((r) => r.name)).toEqual(['Bäckerei Schmidt']);
    const none = await asTenant(t, { ...who, companyIds: [] }, (tx) =>
      queryRows<{ name: string }>(tx, sql`select name from company`),
    );
    expect(none).toEqual([]);
    // Writes outside the visible set are refused by the policy, not just filtered.
    const updated = await asTenant(t, who, (tx) =>
      queryRows<{ id: string }>(tx, sql`update company set name = 'gehackt' where name = 'Fremdfirma AG' returning id`),
    );
    expect(updated).toEqual([]);
  });

  describe('logo', () => {
    let bakeryId: string;
    beforeAll(async () => {
      bakeryId = await t.companyIdOf('Bäckerei Schmidt');
      const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1565c0' } })
        .png()
        .toBuffer();
      const hash = await t.storage.put(png);
      await t.db.update(company).set({ logoHash: hash }).where(eq(company.id, bakeryId));
    });

    it('serves the logo resized to fit 150×50', async () => {
      const res = await t.app.inject({ url: `/api/company/${bakeryId}/logo?width=150&height=50`, headers: t.auth(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.height).toBe(50);
      expect(meta.width).toBe(75);
      const cached = await t.app.inject({
        url: `/api/company/${bakeryId}/logo?width=150&height=50`,
        headers: t.auth(admin, { 'if-none-match': res.headers.etag as string }),
      });
      expect(cached.statusCode).toBe(304);
      const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
      expect(list.find((c: { id: string }) => c.id === bakeryId).hasLogo).toBe(true);
    });

    it('answers 404 when there is no logo, and for a company of another tenant', async () => {
      const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
      const group = list.find((c: { name: string }) => c.name === 'Beispiel Gruppe');
      expect((await t.app.inject({ url: `/api/company/${group.id}/logo`, headers: t.auth(admin) })).statusCode).toBe(404);
      const other = await t.tokenFor('other@demo.local');
      const foreign = await t.app.inject({ url: `/api/company/${bakeryId}/logo`, headers: t.auth(other) });
      expect(foreign.statusCode).toBe(404);
    });

    it('rejects bad sizes with 422', async () => {
      const res = await t.app.inject({ url: `/api/company/${bakeryId}/logo?width=-3`, headers: t.auth(admin) });
      expect(res.statusCode).toBe(422);
    });
  });
});
