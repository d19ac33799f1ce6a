import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('tags and text modules', () => {
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
  const h = () => t.auth(admin, { 'x-tenant': bakery });

  it('adds, edits, lists and deletes tags per type', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/tag/person-groups',
      headers: h(),
      payload: { name: 'Bewerber', description: 'Externe Bewerbungen' },
    });
    expect(add.statusCode).toBe(201);
    const id = add.json().id;
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/tag/person-groups',
      headers: h(),
      payload: { name: 'bewerber' },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().fields.name).toEqual(['validation.duplicate']);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/tag/person-groups/${id}`,
      headers: h(),
      payload: { name: 'Bewerber', description: 'Alle Bewerbungen' },
    });
    expect(put.statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/api/tag/person-groups', headers: h() })).json();
    expect(list.find((x: { id: string }) => x.id === id)).toMatchObject({
      description: 'Alle Bewerbungen',
      usage: 0,
      companyName: 'Bäckerei Schmidt',
      rights: { write: true, delete: true },
    });
    expect(
      (await t.app.inject({ url: '/api/tag/data-categories', headers: h() })).json().some((x: { id: string }) => x.id === id),
    ).toBe(false);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/tag/data-categories/${id}`, headers: h(), payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/tag/unknown-type', headers: h() })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tag/person-groups/${id}`, headers: h() })).statusCode).toBe(204);
  });

  it('refuses to delete a tag in use and tags items so the list can filter by them', async () => {
    const tagId = (
      await t.app.inject({ method: 'POST', url: '/api/tag/data-categories', headers: h(), payload: { name: 'Gesundheitsdaten' } })
    ).json().id;
    const proc = await t.app.inject({
      method: 'POST',
      url: '/api/process',
      headers: h(),
      payload: { name: 'Arbeitsmedizin', data: { role: 'controller', dataCategories: [tagId] } },
    });
    expect(proc.json().tags).toEqual([{ id: tagId, name: 'Gesundheitsdaten', type: 'data-categories' }]);
    const filtered = (await t.app.inject({ url: `/api/process?tagId=${tagId}`, headers: h() })).json();
    expect(filtered.items.map((i: { name: string }) => i.name)).toEqual(['Arbeitsmedizin']);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/tag/data-categories/${tagId}`, headers: h() });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('verwendet');
  });

  it('a reader lists tags but cannot change them; another tenant sees none', async () => {
    const reader = await t.tokenFor('reader@demo.local');
    const asReader = await t.app.inject({ url: '/api/tag/data-categories', headers: t.auth(reader) });
    expect(asReader.statusCode).toBe(200);
    expect(asReader.json().length).toBeGreaterThan(0);
    for (const tag of asReader.json()) expect(tag.rights).toEqual({ write: false, delete: false });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tag/person-groups', headers: t.auth(reader), payload: { name: 'x' } }))
        .statusCode,
    ).toBe(403);
    const other = await t.tokenFor('other@demo.local');
    const theirs = (await t.app.inject({ url: '/api/tag/data-categories', headers: t.auth(other) })).json();
    expect(theirs.some((x: { name: string }) => x.name === 'Gesundheitsdaten')).toBe(false);
  });

  it('manages text modules', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/text-module',
      headers: h(),
      payload: { name: 'Art. 6 Abs. 1 lit. b DSGVO' },
    });
    expect(add.statusCode).toBe(201);
    expect(typeof add.json().id).toBe('number');
    expect(add.json().rights).toEqual({ write: true, delete: true });
    const list = (await t.app.inject({ url: '/api/text-module', headers: h() })).json();
    expect(list.map((m: { name: string }) => m.name)).toContain('Art. 6 Abs. 1 lit. b DSGVO');
    // The reader (the bakery, read claims only) sees it without the right to change it.
    const reader = await t.tokenFor('reader@demo.local');
    const asReader = (await t.app.inject({ url: '/api/text-module', headers: t.auth(reader) })).json();
    expect(asReader.find((m: { id: number }) => m.id === add.json().id).rights).toEqual({ write: false, delete: false });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/text-module/${add.json().id}`, headers: t.auth(reader) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/text-module/${add.json().id}`, headers: h(), payload: { name: '' } }))
        .statusCode,
    ).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/text-module/${add.json().id}`, headers: h() })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/text-module/${add.json().id}`, headers: h() })).statusCode).toBe(
      404,
    );
  });
});
