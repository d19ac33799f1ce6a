import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role, roleClaim, userRole } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { userId } from '../../test/helpers';

type Listed = { items: { id: string; number: string; parentType: string | null; parentId: string | null }[]; total: number };

describe('parent links: children of an item', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let other: string;
  let bakery: string;
  let handel: string;
  let audit: { id: string; number: string };
  let issue: { id: string; number: string };
  let measure: { id: string };

  const as = (token: string, scope?: string) => t.auth(token, scope ? { 'x-tenant': scope } : {});
  const create = (token: string, type: string, payload: object, scope?: string) =>
    t.app.inject({ method: 'POST', url: `/api/${type}`, headers: as(token, scope), payload });
  const children = (token: string, type: string, parentId: string, scope?: string, parentType = 'audit') =>
    t.app.inject({ url: `/api/${type}?parentType=${parentType}&parentId=${parentId}`, headers: as(token, scope) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    other = await t.tokenFor('other@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const id = (n: string) => list.find((c: { name: string }) => c.name === n).id;
    bakery = id('Bäckerei Schmidt');
    handel = id('Beispiel Handel GmbH');

    // The reader (bakery) gets a role that may read audits and measures but not issues.
    const [limited] = await t.db.insert(role).values({ name: 'Nur Audits', companyId: bakery }).returning({ id: role.id });
    await t.db.insert(roleClaim).values(['Audit.Read', 'Measure.Read'].map((claim) => ({ roleId: limited!.id, claim })));
    const readerId = await userId(t, 'reader@demo.local');
    await t.db.delete(userRole).where(eq(userRole.userId, readerId));
    await t.db.insert(userRole).values({ userId: readerId, roleId: limited!.id });
    reader = await t.tokenFor('reader@demo.local');

    audit = (
      await create(admin, 'audit', { name: 'Jahresaudit', data: { findings: 'Passwörter zu kurz\nZweite Zeile' } }, bakery)
    ).json();
  });
  afterAll(() => t.close());

  it('creates an issue and a measure with the audit as parent, in the audit company', async () => {
    const res = await create(admin, 'issue', {
      name: 'Passwörter zu kurz',
      dueDate: '2026-12-01',
      parentType: 'audit',
      parentId: audit.id,
      companyId: bakery,
      data: { priority: 'High' },
    });
    expect(res.statusCode, res.body).toBe(201);
    issue = res.json();
    expect(res.json()).toMatchObject({
      parentType: 'audit',
      parentId: audit.id,
      companyName: 'Bäckerei Schmidt',
      dueDate: '2026-12-01',
    });

    const m = await create(admin, 'measure', {
      name: 'Passwortrichtlinie',
      parentType: 'audit',
      parentId: audit.id,
      companyId: bakery,
      data: { category: 'accessControl' },
    });
    expect(m.statusCode, m.body).toBe(201);
    measure = m.json();
  });

  it('lists exactly the children of the item, per type', async () => {
    // Noise: an issue without parent and one under another audit.
    await create(admin, 'issue', { name: 'Ohne Eltern', data: { priority: 'Low' } }, bakery);
    const otherAudit = (await create(admin, 'audit', { name: 'Anderes Audit' }, bakery)).json();
    await create(
      admin,
      'issue',
      { name: 'Fremdes Kind', parentType: 'audit', parentId: otherAudit.id, data: { priority: 'Low' } },
      bakery,
    );

    const issues: Listed = (await children(admin, 'issue', audit.id)).json();
    expect(issues.items.map((i) => i.id)).toEqual([issue.id]);
    expect(issues.total).toBe(1);
    const measures: Listed = (await children(admin, 'measure', audit.id, bakery)).json();
    expect(measures.items.map((i) => i.id)).toEqual([measure.id]);
    expect((await children(admin, 'process', audit.id)).json()).toEqual({ items: [], total: 0 });
    // The id alone is enough; a wrong parent type finds nothing.
    const byId: Listed = (await t.app.inject({ url: `/api/issue?parentId=${audit.id}`, headers: as(admin) })).json();
    expect(byId.items.map((i) => i.id)).toEqual([issue.id]);
    expect((await children(admin, 'issue', audit.id, undefined, 'process')).json().total).toBe(0);
  });

  it('never lists children of another tenant or outside the scope', async () => {
    const res = await children(other, 'issue', audit.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0 });
    expect((await children(admin, 'issue', audit.id, handel)).json().total).toBe(0);
  });

  it('another tenant cannot hang an item under the audit', async () => {
    const res = await create(other, 'issue', {
      name: 'Fremd',
      parentType: 'audit',
      parentId: audit.id,
      data: { priority: 'Low' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.parentId).toEqual(['validation.unknownReference']);
  });

  it('a child belongs to the company of its parent, even for a user who sees both', async () => {
    const res = await create(admin, 'issue', {
      name: 'Falscher Mandant',
      parentType: 'audit',
      parentId: audit.id,
      companyId: handel,
      data: { priority: 'Low' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.parentId).toEqual(['validation.unknownReference']);
  });

  it('a type the user may not read stays closed; readable ones list', async () => {
    expect((await children(reader, 'issue', audit.id)).statusCode).toBe(403);
    const measures: Listed = (await children(reader, 'measure', audit.id)).json();
    expect(measures.items.map((i) => i.id)).toEqual([measure.id]);
  });

  it('answers all children of readable types in one request, and 404 to others as the item does', async () => {
    const get = (token: string, scope?: string, url = `/api/audit/${audit.id}/children`) =>
      t.app.inject({ url, headers: as(token, scope) });
    const all = async (token: string, scope?: string) => (await get(token, scope)).json() as Listed;
    const mine = await all(admin);
    expect(mine.total).toBe(2);
    expect(mine.items.map((i) => i.id).sort()).toEqual([issue.id, measure.id].sort());
    // The reader may read audits and measures, not issues: the issue stays out.
    expect((await all(reader)).items.map((i) => i.id)).toEqual([measure.id]);
    // A foreign or out-of-scope item is not found, here as on the item itself.
    for (const [token, scope] of [[other], [admin, handel]] as const) {
      expect((await get(token, scope, `/api/audit/${audit.id}`)).statusCode).toBe(404);
      const res = await get(token, scope);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    // The right id under the wrong register is not found either.
    expect((await get(admin, undefined, `/api/process/${audit.id}/children`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/audit/nope/children`, headers: as(admin) })).statusCode).toBe(422);
  });

  it('rejects malformed parent filters with 422', async () => {
    expect((await t.app.inject({ url: '/api/issue?parentId=nope', headers: as(admin) })).statusCode).toBe(422);
    expect((await children(admin, 'issue', audit.id, undefined, 'no-such-type')).statusCode).toBe(422);
  });
});
