import { itemTypes } from '@pc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('demo data', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  beforeAll(async () => {
    t = await createTestApp({}, { demoItems: true });
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
  });
  afterAll(() => t.close());

  it('fills every register of the bakery, with overdue and due-soon items', async () => {
    const stats = (await t.app.inject({ url: '/api/item/statistics', headers: t.auth(admin, { 'x-tenant': bakery }) })).json();
    for (const type of itemTypes) {
      expect(stats.find((s: { itemType: string }) => s.itemType === type.key).total, type.key).toBeGreaterThan(0);
    }
    expect(stats.reduce((n: number, s: { red: number }) => n + s.red, 0)).toBeGreaterThan(0);
    expect(stats.reduce((n: number, s: { yellow: number }) => n + s.yellow, 0)).toBeGreaterThan(0);
    const breach = (await t.app.inject({ url: '/api/data-breach', headers: t.auth(admin, { 'x-tenant': bakery }) })).json()
      .items[0];
    expect(breach.derived.overdue).toBe(false);
    const process = (await t.app.inject({ url: '/api/process?q=Lohn', headers: t.auth(admin, { 'x-tenant': bakery }) })).json()
      .items[0];
    expect(process.tags.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['Stammdaten', 'Bankdaten', 'Beschäftigte', 'Personal']),
    );
  });

  it('keeps the other tenant apart: its own items only', async () => {
    const other = await t.tokenFor('other@demo.local');
    const issues = (await t.app.inject({ url: '/api/issue?pageSize=500', headers: t.auth(other) })).json();
    expect(issues.total).toBeGreaterThan(0);
    expect(issues.items.every((i: { companyName: string }) => i.companyName === 'Fremdfirma AG')).toBe(true);
  });
});
