import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';

interface Entry {
  id: string;
  entity: string;
  name: string;
  hasHappened: boolean;
}
interface Appointment {
  id: string;
  title: string;
  itemId: string | null;
  itemType: string | null;
  itemName: string | null;
}

describe('timeline, calendar and appointment links show only readable, non-excluded item types', () => {
  let t: TestApp;
  let admin: string;
  let limited: string;
  let bakery: string;
  const items: Record<string, string> = {};
  const h = (token: string) => t.auth(token, { 'x-tenant': bakery });
  const range = '2030-06-01T00:00:00/2030-06-30T23:59:59';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    const create = async (type: string, name: string, dueDate: string, data: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${type}`,
        headers: h(admin),
        payload: { name, dueDate, data },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      items[type] = res.json().id;
    };
    await create('issue', 'Aufgabe sichtbar', '2030-06-10', { priority: 'Low' });
    await create('process', 'Geheime Verarbeitung', '2030-06-11', { role: 'controller' });
    await create('hr', 'Personalvorgang', '2030-06-12', { kind: 'onboarding' });
    // Reads issues and HR items, but not processes.
    await addUserWithClaims(t, {
      email: 'limited@demo.local',
      companyId: bakery,
      claims: ['Issue.Read', 'Hr.Read', 'Appointment.Read', 'Appointment.Write'],
    });
    limited = await t.tokenFor('limited@demo.local');
  });
  afterAll(() => t.close());

  const entities = (entries: Entry[]) => [...new Set(entries.map((e) => e.entity))].sort();
  const past = async (token: string) => (await t.app.inject({ url: '/api/timeline/past', headers: h(token) })).json() as Entry[];
  const between = async (token: string) =>
    (await t.app.inject({ url: `/api/timeline/between/${range}`, headers: h(token) })).json() as Entry[];

  it('never shows HR items (spec entity HrManagement), even to a user who may read them', async () => {
    expect(entities(await past(admin))).toEqual(['issue', 'process']);
    expect(entities(await past(limited))).not.toContain('hr');
    const due = await between(admin);
    expect(due.filter((e) => !e.hasHappened).map((e) => e.entity)).toEqual(['issue', 'process']);
  });

  it('names the user by name, never by e-mail address', async () => {
    const entries = (await past(limited)) as (Entry & { userName: string | null; userFullName: string | null })[];
    expect(entries.length).toBeGreaterThan(0);
    const me = (await t.app.inject({ url: '/api/user/me', headers: h(admin) })).json();
    for (const e of entries) {
      expect(e.userName).toBe(`${me.firstname} ${me.lastname}`);
      expect(e.userFullName).toBe(e.userName);
    }
  });

  it('shows neither the history nor the due dates of types the user may not read', async () => {
    const happened = await past(limited);
    expect(entities(happened)).toEqual(['issue']);
    expect(happened.some((e) => e.name === 'Geheime Verarbeitung')).toBe(false);
    const calendar = await between(limited);
    expect(calendar.filter((e) => !e.hasHappened).map((e) => e.name)).toEqual(['Aufgabe sichtbar']);
  });

  it('hides the name of a linked item the user may not read, keeps the link, and refuses new links to it', async () => {
    const add = async (title: string, itemId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointment',
        headers: h(admin),
        payload: { title, start: '2030-06-20T09:00:00.000Z', end: '2030-06-20T10:00:00.000Z', attendees: '', itemId },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json() as Appointment;
    };
    const secret = await add('Termin zur Verarbeitung', items.process!);
    await add('Termin zur Aufgabe', items.issue!);
    const window = `from=${encodeURIComponent('2030-06-01T00:00:00Z')}&until=${encodeURIComponent('2030-06-30T00:00:00Z')}`;
    const list = async (token: string) =>
      (await t.app.inject({ url: `/api/appointment?${window}`, headers: h(token) })).json() as Appointment[];
    const byTitle = (rows: Appointment[], title: string) => rows.find((a) => a.title === title)!;

    expect(byTitle(await list(admin), 'Termin zur Verarbeitung')).toMatchObject({
      itemType: 'process',
      itemName: 'Geheime Verarbeitung',
    });
    const seen = await list(limited);
    expect(byTitle(seen, 'Termin zur Verarbeitung')).toMatchObject({ itemId: items.process, itemType: null, itemName: null });
    expect(byTitle(seen, 'Termin zur Aufgabe')).toMatchObject({ itemType: 'issue', itemName: 'Aufgabe sichtbar' });

    // Editing the appointment keeps its link without revealing the item.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/appointment/${secret.id}`,
      headers: h(limited),
      payload: {
        title: 'Termin verschoben',
        start: '2030-06-21T09:00:00.000Z',
        end: '2030-06-21T10:00:00.000Z',
        attendees: '',
        itemId: items.process,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ itemId: items.process, itemName: null });
    expect(byTitle(await list(admin), 'Termin verschoben').itemName).toBe('Geheime Verarbeitung');

    // A new link to an unreadable item answers like a missing one.
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      headers: h(limited),
      payload: {
        title: 'Neu',
        start: '2030-06-22T09:00:00.000Z',
        end: '2030-06-22T10:00:00.000Z',
        attendees: '',
        itemId: items.process,
      },
    });
    expect(link.statusCode).toBe(422);
    expect(link.json().fields.itemId).toEqual(['validation.unknownReference']);
  });
});
