import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims, multipart, userId } from '../../test/helpers';
import { UNDO_KEEP_MS } from './bulk';

describe('bulk actions', () => {
  let t: TestApp;
  let admin: string;
  let limited: string;
  let reader: string;
  let bakery: string;
  let handel: string;
  let readerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const id = (n: string) => list.find((c: { name: string }) => c.name === n).id;
    bakery = id('Bäckerei Schmidt');
    handel = id('Beispiel Handel GmbH');
    readerId = await userId(t, 'reader@demo.local');
    // Writes agreements with clients, only reads those with providers.
    await addUserWithClaims(t, {
      email: 'vertraege@demo.local',
      companyId: bakery,
      claims: [
        'ServiceAgreementWithClient.Read',
        'ServiceAgreementWithClient.Write',
        'ServiceAgreementWithProvider.Read',
        'Issue.Read',
      ],
    });
    limited = await t.tokenFor('vertraege@demo.local');
  });
  afterAll(() => t.close());

  const as = (token: string, scope?: string) => t.auth(token, scope ? { 'x-tenant': scope } : {});
  const create = async (type: string, name: string, scope = bakery, extra: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${type}`,
      headers: as(admin, scope),
      payload: { name, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; number: string; version: number };
  };
  const bulk = (token: string, path: string, payload: object, scope?: string) =>
    t.app.inject({ method: 'POST', url: `/api/${path}/bulk`, headers: as(token, scope), payload });
  const historyOf = async (type: string, id: string) =>
    (await t.app.inject({ url: `/api/${type}/${id}/history`, headers: as(admin) })).json() as {
      action: string;
      changes: Record<string, { from: unknown; to: unknown }>;
    }[];

  it('sets status, assignee and due date on listed items, one history entry each', async () => {
    const a = await create('issue', 'Bulk A');
    const b = await create('issue', 'Bulk B');
    const res = await bulk(admin, 'issue', {
      ids: [a.id, b.id],
      set: { status: 1, assigneeId: readerId, dueDate: '2030-05-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2, unchanged: 0, skipped: [], undoId: null });
    const read = (await t.app.inject({ url: `/api/issue/${a.id}`, headers: as(admin) })).json();
    expect(read).toMatchObject({ status: 1, dueDate: '2030-05-01', assignee: { id: readerId } });
    expect(read.version).toBe(a.version + 1);
    const history = await historyOf('issue', a.id);
    expect(history.map((h) => h.action)).toEqual(['updated', 'created']);
    expect(history[0]!.changes.status).toEqual({ from: 0, to: 1 });
    expect(history[0]!.changes.assigneeId).toEqual({ from: null, to: readerId });
    // The new assignee is told, as after a form's save.
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notification where item_id = ${a.id} and recipient_id = ${readerId} and kind = 'assigned'`,
    );
    expect(n!.n).toBe(1);

    // The same again changes nothing and writes no history.
    const again = await bulk(admin, 'issue', { ids: [a.id, b.id], set: { status: 1 } });
    expect(again.json()).toMatchObject({ changed: 0, unchanged: 2, skipped: [] });
    expect(await historyOf('issue', a.id)).toHaveLength(2);
  });

  it('reaches every item a filter in the list terms matches, in the scope only', async () => {
    const names = ['Filter-Eins', 'Filter-Zwei', 'Filter-Drei'];
    for (const n of names) await create('training', n);
    const foreign = await create('training', 'Filter-Vier', handel);
    const res = await bulk(admin, 'training', { filter: { q: 'Filter', status: '0' }, set: { status: 4 } }, bakery);
    expect(res.json()).toMatchObject({ changed: 3, skipped: [] });
    const list = (await t.app.inject({ url: '/api/training?q=Filter&status=4', headers: as(admin, bakery) })).json();
    expect(list.total).toBe(3);
    const other = (await t.app.inject({ url: `/api/training/${foreign.id}`, headers: as(admin) })).json();
    expect(other.status).toBe(0);
  });

  it('says which items it skipped and why: unknown ids, missing rights, tags of another company', async () => {
    const client = await create('service-agreement-with-client', 'Kunde AV');
    const provider = await create('service-agreement-with-provider', 'Dienstleister AV');
    const foreign = await create('service-agreement-with-client', 'Fremd AV', handel);
    const res = await bulk(limited, 'service-agreement', { ids: [client.id, provider.id, foreign.id], set: { status: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.changed).toBe(1);
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        { id: provider.id, number: provider.number, name: 'Dienstleister AV', reason: 'noRight' },
        { id: foreign.id, number: null, name: null, reason: 'notFound' },
      ]),
    );
    expect(body.skipped).toHaveLength(2);

    const tag = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tag/person-groups',
        headers: as(admin, bakery),
        payload: { name: 'Bulk-Kunden', companyId: bakery },
      })
    ).json();
    expect(tag.id).toBeTruthy();
    const p1 = await create('process', 'Bulk-Prozess Bäckerei');
    const p2 = await create('process', 'Bulk-Prozess Handel', handel);
    const tagged = await bulk(admin, 'process', { ids: [p1.id, p2.id], addTagIds: [tag.id] });
    expect(tagged.json()).toMatchObject({ changed: 1, skipped: [{ id: p2.id, reason: 'tagNotInCompany' }] });
    const read = (await t.app.inject({ url: `/api/process/${p1.id}`, headers: as(admin) })).json();
    expect(read.tags.map((x: { id: string }) => x.id)).toEqual([tag.id]);
    const untagged = await bulk(admin, 'process', { ids: [p1.id], removeTagIds: [tag.id] });
    expect(untagged.json()).toMatchObject({ changed: 1 });
    expect((await t.app.inject({ url: `/api/process/${p1.id}`, headers: as(admin) })).json().tags).toEqual([]);
  });

  it('refuses unclear requests and unknown people with 422, changing nothing', async () => {
    const a = await create('issue', 'Unverändert');
    const cases = [
      { set: { status: 1 } },
      { ids: [a.id], filter: {}, set: { status: 1 } },
      { ids: [a.id] },
      { ids: [a.id], set: { status: 1 }, delete: true },
      { ids: [a.id], set: { status: 9 } },
      { ids: [a.id], set: { assigneeId: '00000000-0000-4000-8000-000000000000' } },
    ];
    for (const payload of cases) {
      const res = await bulk(admin, 'issue', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await t.app.inject({ url: `/api/issue/${a.id}`, headers: as(admin) })).json().status).toBe(0);
  });

  it('a reader may not ask (403), and changes nothing', async () => {
    const a = await create('issue', 'Nur lesbar');
    const res = await bulk(reader, 'issue', { ids: [a.id], set: { status: 4 } }, bakery);
    expect(res.statusCode, res.body).toBe(403);
    const del = await bulk(reader, 'issue', { ids: [a.id], delete: true }, bakery);
    expect(del.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/issue/${a.id}`, headers: as(admin) })).json().status).toBe(0);
  });

  it('deletes with an undo that brings items back with attachments, children and history', async () => {
    const parent = await create('audit', 'Zu löschendes Audit');
    const child = await create('issue', 'Feststellung', bakery, { parentType: 'audit', parentId: parent.id });
    const other = await create('audit', 'Zweites Audit');
    const m = multipart('Bericht.pdf', 'application/pdf', Buffer.from('%PDF-1.4 x'));
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/audit/${parent.id}/attachment`,
      payload: m.payload,
      headers: { ...as(admin), ...m.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    const res = await bulk(admin, 'audit', { ids: [parent.id, other.id], delete: true });
    expect(res.statusCode, res.body).toBe(200);
    const { changed, undoId } = res.json();
    expect(changed).toBe(2);
    expect(undoId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.app.inject({ url: `/api/audit/${parent.id}`, headers: as(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/issue/${child.id}`, headers: as(admin) })).json().parentId).toBeNull();

    // Somebody else cannot undo it: the reader may not ask, another writer finds nothing to restore.
    const readerUndo = await t.app.inject({
      method: 'POST',
      url: '/api/audit/bulk/undo',
      headers: as(reader, bakery),
      payload: { undoId },
    });
    expect(readerUndo.statusCode).toBe(403);
    await addUserWithClaims(t, { email: 'auditor@demo.local', companyId: bakery, claims: ['Audit.Read', 'Audit.Write'] });
    const auditor = await t.tokenFor('auditor@demo.local');
    const foreignUndo = await t.app.inject({
      method: 'POST',
      url: '/api/audit/bulk/undo',
      headers: as(auditor),
      payload: { undoId },
    });
    expect(foreignUndo.json()).toEqual({ restored: 0 });

    const undo = await t.app.inject({ method: 'POST', url: '/api/audit/bulk/undo', headers: as(admin), payload: { undoId } });
    expect(undo.json()).toEqual({ restored: 2 });
    const back = (await t.app.inject({ url: `/api/audit/${parent.id}`, headers: as(admin) })).json();
    expect(back).toMatchObject({ name: 'Zu löschendes Audit', number: parent.number, attachmentCount: 1 });
    const files = (await t.app.inject({ url: `/api/audit/${parent.id}/attachment`, headers: as(admin) })).json();
    expect(files.map((f: { fileName: string }) => f.fileName)).toEqual(['Bericht.pdf']);
    expect((await t.app.inject({ url: `/api/issue/${child.id}`, headers: as(admin) })).json().parentId).toBe(parent.id);
    expect((await historyOf('audit', parent.id)).map((h) => h.action)).toEqual(['restored', 'deleted', 'created']);
    // An undo counts once.
    const twice = await t.app.inject({ method: 'POST', url: '/api/audit/bulk/undo', headers: as(admin), payload: { undoId } });
    expect(twice.json()).toEqual({ restored: 0 });
  });

  it('keeps the counts and the word list in step, once per statement', async () => {
    const count = async (status: number) => {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select coalesce(sum(n), 0)::int as n from item_stat where company_id = ${bakery} and type = 'hr' and status = ${status}`,
      );
      return row!.n;
    };
    const words = async (word: string) =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from search_word where word = ${word}`))[0]!.n;
    const a = await create('hr', 'Zählseite Eins');
    const b = await create('hr', 'Zählseite Zwei');
    const open = await count(0);
    const done = await count(4);
    await bulk(admin, 'hr', { ids: [a.id, b.id], set: { status: 4 } });
    expect([await count(0), await count(4)]).toEqual([open - 2, done + 2]);
    const { undoId } = (await bulk(admin, 'hr', { ids: [a.id], delete: true })).json();
    expect(await count(4)).toBe(done + 1);
    await t.app.inject({ method: 'POST', url: '/api/hr/bulk/undo', headers: as(admin), payload: { undoId } });
    expect(await count(4)).toBe(done + 2);
    // A rename brings its new words; a change of status adds none.
    expect(await words('umbenannt')).toBe(0);
    await t.db.execute(sql`update item set status = 1 where id = ${b.id}`);
    expect(await words('umbenannt')).toBe(0);
    await t.db.execute(sql`update item set name = 'Zählseite umbenannt' where id = ${a.id}`);
    expect(await words('umbenannt')).toBe(1);
  });

  it('keeps a deleted item for its undo only a short while', async () => {
    const a = await create('hr', 'Gleich weg');
    const { undoId } = (await bulk(admin, 'hr', { ids: [a.id], delete: true })).json();
    t.clock.advance(UNDO_KEEP_MS + 1000);
    try {
      const undo = await t.app.inject({ method: 'POST', url: '/api/hr/bulk/undo', headers: as(admin), payload: { undoId } });
      expect(undo.json()).toEqual({ restored: 0 });
      expect((await t.app.inject({ url: `/api/hr/${a.id}`, headers: as(admin) })).statusCode).toBe(404);
    } finally {
      t.clock.advance(-(UNDO_KEEP_MS + 1000));
    }
  });
});
