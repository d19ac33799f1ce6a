import { type ItemTypeKey, itemTypeDefs, itemTypes } from '@pc/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart, sampleData as sample } from '../../test/helpers';

describe('compliance items', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let other: string;
  let bakery: string;
  let gruppe: string;
  let handel: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
    other = await t.tokenFor('other@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const id = (n: string) => list.find((c: { name: string }) => c.name === n).id;
    bakery = id('Bäckerei Schmidt');
    gruppe = id('Beispiel Gruppe');
    handel = id('Beispiel Handel GmbH');
  });
  afterAll(() => t.close());

  const as = (token: string, scope?: string) => t.auth(token, scope ? { 'x-tenant': scope } : {});

  describe.each(itemTypes.map((x) => x.key))('%s', (type: ItemTypeKey) => {
    it('creates, reads, lists, updates, records history and deletes', async () => {
      const def = itemTypeDefs[type];
      const create = await t.app.inject({
        method: 'POST',
        url: `/api/${type}`,
        headers: as(admin, bakery),
        payload: { name: `Test ${type}`, description: 'Beschreibung', data: sample(def.fields) },
      });
      expect(create.statusCode, create.body).toBe(201);
      const created = create.json();
      expect(created.number).toMatch(new RegExp(`^${def.prefix}-\\d{4}$`));
      expect(created.companyName).toBe('Bäckerei Schmidt');
      expect(created.owner?.name).toBe('Anna Admin');

      const read = await t.app.inject({ url: `/api/${type}/${created.id}`, headers: as(admin) });
      expect(read.json()).toEqual(created);

      const list = (
        await t.app.inject({ url: `/api/${type}?q=${encodeURIComponent(`Test ${type}`)}`, headers: as(admin, bakery) })
      ).json();
      expect(list.items.map((i: { id: string }) => i.id)).toContain(created.id);

      const update = await t.app.inject({
        method: 'PUT',
        url: `/api/${type}/${created.id}`,
        headers: as(admin, bakery),
        payload: { ...created, name: `Geändert ${type}`, status: 4, data: created.data },
      });
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json()).toMatchObject({ name: `Geändert ${type}`, status: 4 });

      const history = (await t.app.inject({ url: `/api/${type}/${created.id}/history`, headers: as(admin) })).json();
      expect(history.map((h: { action: string }) => h.action)).toEqual(['updated', 'created']);
      expect(history[0].changes.name).toEqual({ from: `Test ${type}`, to: `Geändert ${type}` });
      expect(history[0].userName).toBe('Anna Admin');

      expect((await t.app.inject({ method: 'DELETE', url: `/api/${type}/${created.id}`, headers: as(admin) })).statusCode).toBe(
        204,
      );
      expect((await t.app.inject({ url: `/api/${type}/${created.id}`, headers: as(admin) })).statusCode).toBe(404);
    });

    it('answers 422 with field messages for bad input and creates nothing', async () => {
      const before = (await t.app.inject({ url: `/api/${type}`, headers: as(admin, bakery) })).json().total;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${type}`,
        headers: as(admin, bakery),
        payload: { name: '', status: 9, dueDate: '22.11.2026' },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['name', 'status', 'dueDate']));
      expect((await t.app.inject({ url: `/api/${type}`, headers: as(admin, bakery) })).json().total).toBe(before);
    });

    it('enforces the claims: a reader may read but not write', async () => {
      expect((await t.app.inject({ url: `/api/${type}`, headers: as(reader) })).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${type}`,
        headers: as(reader),
        payload: { name: 'x', data: sample(itemTypeDefs[type].fields) },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  it('sends the rights of the caller with every item: the reader may not change what the admin may', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: as(admin, bakery),
      payload: { name: 'Rechte', data: { priority: 'Low' } },
    });
    expect(created.json().rights).toEqual({ write: true, delete: true });
    const asReader = (await t.app.inject({ url: `/api/issue/${created.json().id}`, headers: as(reader) })).json();
    expect(asReader.rights).toEqual({ write: false, delete: false });
    const list = (await t.app.inject({ url: '/api/issue', headers: as(reader) })).json();
    expect(list.items.every((i: { rights: { write: boolean } }) => !i.rights.write)).toBe(true);
  });

  describe('tenancy', () => {
    let item: { id: string };
    beforeAll(async () => {
      item = (
        await t.app.inject({
          method: 'POST',
          url: '/api/issue',
          headers: as(admin, bakery),
          payload: { name: 'Geheim', data: { priority: 'High' } },
        })
      ).json();
    });

    it('another tenant can neither read, change, delete nor list it, whatever ids are sent', async () => {
      expect((await t.app.inject({ url: `/api/issue/${item.id}`, headers: as(other) })).statusCode).toBe(404);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/issue/${item.id}`,
        headers: as(other),
        payload: { name: 'gehackt', data: { priority: 'Low' } },
      });
      expect(put.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/issue/${item.id}`, headers: as(other) })).statusCode).toBe(404);
      const list = (await t.app.inject({ url: '/api/issue?pageSize=500', headers: as(other) })).json();
      expect(list.items.some((i: { id: string }) => i.id === item.id)).toBe(false);
      const create = await t.app.inject({
        method: 'POST',
        url: '/api/issue',
        headers: as(other),
        payload: { name: 'fremd', companyId: bakery, data: { priority: 'Low' } },
      });
      expect(create.statusCode).toBe(422);
      expect((await t.app.inject({ url: `/api/issue/${item.id}`, headers: as(admin) })).json().name).toBe('Geheim');
    });

    it('a scope limits the list; a group scope includes its children', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/issue',
        headers: as(admin, handel),
        payload: { name: 'Im Kind', data: { priority: 'Low' } },
      });
      const inGroup = (await t.app.inject({ url: '/api/issue?pageSize=500', headers: as(admin, gruppe) })).json();
      expect(inGroup.items.some((i: { name: string }) => i.name === 'Im Kind')).toBe(true);
      expect(inGroup.items.some((i: { id: string }) => i.id === item.id)).toBe(false);
      const all = (await t.app.inject({ url: '/api/issue?pageSize=500', headers: as(admin) })).json();
      expect(all.items.some((i: { id: string }) => i.id === item.id)).toBe(true);
      // Reading the bakery's item under the group scope is outside the scope: 404.
      expect((await t.app.inject({ url: `/api/issue/${item.id}`, headers: as(admin, gruppe) })).statusCode).toBe(404);
    });

    it('links must point at items of the same company', async () => {
      const measure = (
        await t.app.inject({
          method: 'POST',
          url: '/api/measure',
          headers: as(admin, handel),
          payload: { name: 'TOM', data: { category: 'encryption' } },
        })
      ).json();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/process',
        headers: as(admin, bakery),
        payload: { name: 'VT', data: { role: 'controller', measures: [measure.id] } },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields['data.measures']).toEqual(['validation.unknownReference']);
    });
  });

  it('hands out unique numbers to concurrent creates', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/training',
          headers: as(admin, gruppe),
          payload: { name: `Schulung ${i}`, data: { topic: 'DSGVO' } },
        }),
      ),
    );
    const numbers = results.map((r) => r.json().number);
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(numbers).size).toBe(12);
  });

  it('pages, sorts and filters in the database', async () => {
    for (const [name, due, status] of [
      ['Alpha', '2026-01-10', 0],
      ['Beta', '2026-03-10', 1],
      ['Gamma', null, 4],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/website',
        headers: as(admin, handel),
        payload: { name, dueDate: due, status, data: { url: `https://${name}.example` } },
      });
    }
    const q = (s: string) => t.app.inject({ url: `/api/website?${s}`, headers: as(admin, handel) }).then((r) => r.json());
    expect((await q('sort=name&dir=asc')).items.map((i: { name: string }) => i.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect((await q('sort=dueDate&dir=asc')).items.map((i: { name: string }) => i.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const page = await q('sort=name&dir=asc&page=1&pageSize=2');
    expect(page).toMatchObject({ total: 3 });
    expect(page.items.map((i: { name: string }) => i.name)).toEqual(['Gamma']);
    expect((await q('open=true')).total).toBe(2);
    expect((await q('status=1')).items[0].name).toBe('Beta');
    // Totals of status filters come from the counts the trigger keeps (item_stat).
    expect((await q('status=1')).total).toBe(1);
    expect((await q('status=0,4')).total).toBe(2);
    expect((await q('open=false')).total).toBe(1);
    // The whole tenant (no X-Tenant): Handel's three and the demo's websites, counted both ways.
    const all = await t.app.inject({ url: '/api/website?pageSize=500', headers: as(admin) }).then((r) => r.json());
    expect(all.total).toBe(all.items.length);
    expect(
      (await q('from=2026-02-01%2000:00:00&until=2026-12-31%2023:59:59')).items.map((i: { name: string }) => i.name),
    ).toEqual(['Beta']);
    expect((await t.app.inject({ url: '/api/website?page=-1', headers: as(admin) })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/website?pageSize=-5', headers: as(admin) })).statusCode).toBe(422);
  });

  it('lists each item whole: people, attachment count, timestamps as the database holds them, ties in id order', async () => {
    const me = (await t.app.inject({ url: '/api/user/me', headers: as(admin) })).json();
    const create = (name: string, extra: object = {}) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/website',
          headers: as(admin, bakery),
          payload: { name, data: { url: 'https://zwilling.example' }, ...extra },
        })
        .then((r) => r.json().id as string);
    const first = await create('Zwilling', { ownerId: me.id, assigneeId: me.id });
    // Without an owner the creator owns it.
    const second = await create('Zwilling');
    const m = multipart('Impressum.pdf', 'application/pdf', Buffer.from('%PDF-1.4 x'));
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/website/${first}/attachment`,
      payload: m.payload,
      headers: { ...as(admin), ...m.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    for (const dir of ['asc', 'desc']) {
      const page = (
        await t.app.inject({ url: `/api/website?q=Zwilling&sort=name&dir=${dir}`, headers: as(admin, bakery) })
      ).json();
      const ids = [first, second].sort();
      expect(page.items.map((i: { id: string }) => i.id)).toEqual(dir === 'asc' ? ids : ids.reverse());
    }
    const listed = (await t.app.inject({ url: '/api/website?q=Zwilling', headers: as(admin, bakery) })).json().items;
    const one = listed.find((i: { id: string }) => i.id === first);
    const [row] = (
      (await t.db.execute(sql`select created_at, updated_at from item where id = ${first}`)) as unknown as {
        rows: { created_at: string; updated_at: string }[];
      }
    ).rows;
    expect(one).toMatchObject({
      companyName: 'Bäckerei Schmidt',
      owner: { id: me.id, name: `${me.firstname} ${me.lastname}` },
      assignee: { id: me.id, name: `${me.firstname} ${me.lastname}` },
      attachmentCount: 1,
      createdAt: new Date(row!.created_at).toISOString(),
      updatedAt: new Date(row!.updated_at).toISOString(),
    });
    expect(listed.find((i: { id: string }) => i.id === second)).toMatchObject({
      owner: { id: me.id },
      assignee: null,
      attachmentCount: 0,
    });
    // The detail answers the same item.
    expect((await t.app.inject({ url: `/api/website/${first}`, headers: as(admin) })).json()).toEqual(one);
  });

  it('finds German inflections through full-text search', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/concept',
      headers: as(admin, bakery),
      payload: { name: 'Löschkonzept für Verträge', data: { conceptType: 'deletion' } },
    });
    const res = (await t.app.inject({ url: '/api/concept?q=Vertrag', headers: as(admin, bakery) })).json();
    expect(res.items.map((i: { name: string }) => i.name)).toContain('Löschkonzept für Verträge');
  });

  it('random list queries never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          page: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.string()),
          pageSize: fc.oneof(fc.integer({ min: -10, max: 600 }), fc.string()),
          sort: fc.oneof(fc.constantFrom('number', 'name', 'status', 'dueDate', 'companyName'), fc.string()),
          dir: fc.oneof(fc.constantFrom('asc', 'desc'), fc.string()),
          q: fc.string({ maxLength: 30 }),
          status: fc.string({ maxLength: 6 }),
          from: fc.oneof(fc.constant('2026-01-01 00:00:00'), fc.string({ maxLength: 20 })),
        }),
        async (query) => {
          const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
          const res = await t.app.inject({ url: `/api/process?${params}`, headers: as(admin) });
          expect([200, 422]).toContain(res.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });

  describe('domain rules', () => {
    it('a processing activity with special categories and no Art. 9(2) basis carries the finding, and loses it with one', async () => {
      const create = await t.app.inject({
        method: 'POST',
        url: '/api/process',
        headers: as(admin, bakery),
        payload: { name: 'Gesundheitsdaten', data: { role: 'controller', specialCategories: true, legalBases: ['art6_1_b'] } },
      });
      expect(create.statusCode, create.body).toBe(201);
      const created = create.json();
      expect(created.derived.findings).toEqual(['art9BasisMissing']);
      const listed = (
        await t.app.inject({ url: `/api/process?q=${encodeURIComponent('Gesundheitsdaten')}`, headers: as(admin, bakery) })
      ).json();
      expect(listed.items.find((i: { id: string }) => i.id === created.id).derived.findings).toEqual(['art9BasisMissing']);
      const fixed = await t.app.inject({
        method: 'PUT',
        url: `/api/process/${created.id}`,
        headers: as(admin, bakery),
        payload: { ...created, data: { ...created.data, legalBases: ['art6_1_b', 'art9_2'] } },
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json().derived.findings).toBeUndefined();
    });

    it('a data breach is due 72 hours after discovery and shows its deadline', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/data-breach',
        headers: as(admin, bakery),
        payload: { name: 'Laptop verloren', dueDate: '2030-01-01', data: { discoveredAt: '2026-11-20T08:00:00.000Z' } },
      });
      const b = res.json();
      expect(b.derived.authorityDeadline).toBe('2026-11-23T08:00:00.000Z');
      expect(b.dueDate).toBe('2026-11-23');
    });

    it('a privacy request is due one month after receipt, three when extended', async () => {
      const body = { name: 'Auskunft', data: { requestType: 'access', requester: 'Max Muster', receivedDate: '2026-11-10' } };
      const r = (
        await t.app.inject({ method: 'POST', url: '/api/privacy-request', headers: as(admin, bakery), payload: body })
      ).json();
      expect(r.dueDate).toBe('2026-12-10');
      const ext = await t.app.inject({
        method: 'PUT',
        url: `/api/privacy-request/${r.id}`,
        headers: as(admin),
        payload: { ...body, data: { ...body.data, extended: true } },
      });
      expect(ext.json().dueDate).toBe('2027-02-10');
    });

    it('an impact assessment derives its risk level from likelihood × severity', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/impact-assessment',
        headers: as(admin, bakery),
        payload: {
          name: 'DSFA Video',
          data: {
            risks: [
              { description: 'Profilbildung', likelihood: 3, severity: 4 },
              { description: 'Leck', likelihood: 1, severity: 2 },
            ],
          },
        },
      });
      expect(res.json().derived).toEqual({ riskLevel: 'veryHigh', riskLevels: ['veryHigh', 'low'] });
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/impact-assessment',
        headers: as(admin, bakery),
        payload: { name: 'DSFA', data: { risks: [{ description: 'x', likelihood: 7, severity: 0 }] } },
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().fields)).toEqual(
        expect.arrayContaining(['data.risks.0.likelihood', 'data.risks.0.severity']),
      );
    });
  });

  describe('dashboard queries', () => {
    it('statistics equal the counts of the items behind them', async () => {
      const stats = (await t.app.inject({ url: '/api/item/statistics', headers: as(admin, handel) })).json();
      for (const s of stats) {
        const all = (await t.app.inject({ url: `/api/${s.itemType}?pageSize=500`, headers: as(admin, handel) })).json();
        expect(s.total).toBe(all.total);
        expect(s.open).toBe(all.items.filter((i: { status: number }) => i.status < 3).length);
      }
      const website = stats.find((s: { itemType: string }) => s.itemType === 'website');
      expect(website).toMatchObject({ total: 3, open: 2, red: 2 });
    });

    it('lists open issues by due date for the dashboard', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/issue',
        headers: as(admin, handel),
        payload: { name: 'Bald', dueDate: '2026-11-25', assigneeId: null, data: { priority: 'High' } },
      });
      const due = (await t.app.inject({ url: '/api/issue/due', headers: as(admin, handel) })).json();
      expect(due[0]).toMatchObject({
        name: 'Bald',
        priority: 'High',
        companyName: 'Beispiel Handel GmbH',
        dueDate: '2026-11-25',
        ownerName: 'Anna Admin',
      });
    });

    it('reports PDCA progress', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/pdca-list',
        headers: as(admin, bakery),
        payload: { name: 'Zyklus 1', data: { phase: 'plan', planEnd: '2020-01-01' } },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/pdca-list',
        headers: as(admin, bakery),
        payload: { name: 'Zyklus 2', data: { phase: 'do', doEnd: '2099-01-01' } },
      });
      const p = (await t.app.inject({ url: '/api/pdca-list/progress', headers: as(admin, bakery) })).json();
      expect(p).toEqual({ total: 2, onSchedule: 1, onSchedulePercentage: 50, overdue: 1 });
    });
  });
});
