import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('saved views', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth(token), ...(payload ? { payload } : {}) });
  const view = (over: object = {}) => ({
    register: 'issue',
    name: 'Offene von mir',
    filter: { status: '0,1', q: 'Vertrag' },
    sort: 'dueDate',
    dir: 'desc',
    columns: [
      { field: 'name', width: 320 },
      { field: 'tags', hidden: true },
    ],
    isDefault: true,
    ...over,
  });

  it('creates, lists, updates and deletes a user’s views of one list, one default at a time', async () => {
    const first = await call(admin, 'POST', '/api/view', view());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      register: 'issue',
      name: 'Offene von mir',
      filter: { status: '0,1', q: 'Vertrag' },
      sort: 'dueDate',
      dir: 'desc',
      columns: [
        { field: 'name', hidden: false, width: 320 },
        { field: 'tags', hidden: true, width: null },
      ],
      isDefault: true,
    });
    const second = (await call(admin, 'POST', '/api/view', view({ name: 'Alle', filter: {}, isDefault: true }))).json();
    const list = (await call(admin, 'GET', '/api/view?register=issue')).json();
    expect(list.map((v: { name: string; isDefault: boolean }) => [v.name, v.isDefault])).toEqual([
      ['Alle', true],
      ['Offene von mir', false],
    ]);
    // Another list and another user see none of them.
    expect((await call(admin, 'GET', '/api/view?register=process')).json()).toEqual([]);
    expect((await call(reader, 'GET', '/api/view?register=issue')).json()).toEqual([]);
    expect((await call(reader, 'PUT', `/api/view/${second.id}`, view({ name: 'Gekapert' }))).statusCode).toBe(404);
    expect((await call(reader, 'DELETE', `/api/view/${second.id}`)).statusCode).toBe(404);

    const renamed = await call(admin, 'PUT', `/api/view/${first.json().id}`, view({ name: 'Meine offenen', isDefault: true }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await call(admin, 'GET', '/api/view?register=issue')).json();
    expect(after.map((v: { name: string; isDefault: boolean }) => [v.name, v.isDefault])).toEqual([
      ['Meine offenen', true],
      ['Alle', false],
    ]);
    expect((await call(admin, 'DELETE', `/api/view/${second.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', '/api/view?register=issue')).json()).toHaveLength(1);
  });

  it('refuses a second view of the same name, an unknown list and filters outside the list terms', async () => {
    await call(admin, 'POST', '/api/view', view({ register: 'audit', name: 'Doppelt' }));
    const dup = await call(admin, 'POST', '/api/view', view({ register: 'audit', name: 'doppelt' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().fields.name).toEqual(['validation.duplicate']);
    expect((await call(admin, 'POST', '/api/view', view({ register: 'nonsense' }))).statusCode).toBe(422);
    expect((await call(admin, 'POST', '/api/view', view({ filter: { status: 'x' } }))).statusCode).toBe(422);
    expect((await call(admin, 'POST', '/api/view', view({ filter: { evil: '1' } }))).statusCode).toBe(422);
    expect((await call(admin, 'POST', '/api/view', view({ name: '' }))).statusCode).toBe(422);
    expect((await call(admin, 'GET', '/api/view?register=nonsense')).statusCode).toBe(422);
    // Ids of data the caller cannot see are refused like unknown ones, never stored and answered back.
    const other = await t.tokenFor('other@demo.local');
    const adminMe = (await call(admin, 'GET', '/api/user/me')).json();
    const foreign = await call(other, 'POST', '/api/view', view({ name: 'Fremd', filter: { assigneeId: adminMe.id } }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fields['filter.assigneeId']).toEqual(['validation.unknownReference']);
    const own = await call(admin, 'POST', '/api/view', view({ name: 'Meine', filter: { assigneeId: adminMe.id } }));
    expect(own.statusCode, own.body).toBe(201);
  });
});
