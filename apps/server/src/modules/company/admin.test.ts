import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyProfile, demoProfiles } from '../../seed/demo-profiles';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMail, multipart } from '../../test/helpers';
import { resetDueDemoCompanies } from './demo-reset';

describe('administration', () => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    ids = Object.fromEntries(list.map((c: { name: string; id: string }) => [c.name, c.id]));
  });
  afterAll(() => t.close());

  const put = (id: string, body: Record<string, unknown>, token = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/company/${id}`, headers: t.auth(token), payload: body });
  // The detail as form input: what a PUT takes.
  const g = ({ rights: _r, ...rest }: Record<string, unknown>) => rest;
  const detail = async (id: string, token = admin) =>
    (await t.app.inject({ url: `/api/company/${id}`, headers: t.auth(token) })).json();

  describe('companies', () => {
    it('shows a group with its children and child count', async () => {
      const g = await detail(ids['Beispiel Gruppe']!);
      expect(g).toMatchObject({
        type: 'Group',
        numberOfChildCompanies: 2,
        agencyCompanyName: 'Muster Datenschutz GmbH',
        country: 'DE',
        rights: { write: true, move: true, export: true },
      });
      expect(g.children.map((c: { name: string }) => c.name)).toEqual(['Beispiel Handel GmbH', 'Beispiel Logistik GmbH']);
    });

    it('creates a client company of the agency and a child of a group; both are visible at once', async () => {
      const client = await t.app.inject({
        method: 'POST',
        url: '/api/company',
        headers: t.auth(admin),
        payload: { name: 'Neue Kanzlei' },
      });
      expect(client.statusCode, client.body).toBe(201);
      expect(client.json()).toMatchObject({ agencyCompanyName: 'Muster Datenschutz GmbH', dataPrivacyAgentCountry: 'DE' });
      const child = await t.app.inject({
        method: 'POST',
        url: '/api/company',
        headers: t.auth(admin),
        payload: { name: 'Beispiel Service GmbH', parentCompanyId: ids['Beispiel Gruppe'] },
      });
      expect(child.json().parentCompanyName).toBe('Beispiel Gruppe');
      expect((await detail(ids['Beispiel Gruppe']!)).numberOfChildCompanies).toBe(3);
      const names = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) }))
        .json()
        .map((c: { name: string }) => c.name);
      expect(names).toEqual(expect.arrayContaining(['Neue Kanzlei', 'Beispiel Service GmbH']));
    });

    const move = (id: string, body: Record<string, unknown>, token = admin) =>
      t.app.inject({ method: 'POST', url: `/api/company/${id}/move`, headers: t.auth(token), payload: body });

    it('a plain edit never moves a company out of its group or agency', async () => {
      const handel = await detail(ids['Beispiel Handel GmbH']!);
      for (const parentCompanyId of [null, ids['Bäckerei Schmidt']]) {
        const res = await put(ids['Beispiel Handel GmbH']!, { ...handel, parentCompanyId });
        expect(res.statusCode).toBe(422);
        expect(res.json().fields.parentCompanyId).toEqual(['validation.moveIsExplicit']);
      }
      // Still in its group, and still reachable by the agency.
      expect((await detail(ids['Beispiel Handel GmbH']!)).parentCompanyId).toBe(ids['Beispiel Gruppe']);
    });

    it('moves a company explicitly, refusing cycles, non-groups, non-agencies and an unreachable place', async () => {
      const self = await move(ids['Beispiel Gruppe']!, { parentCompanyId: ids['Beispiel Gruppe'] });
      expect(self.statusCode).toBe(422);
      expect(self.json().fields.parentCompanyId).toEqual(['validation.cycle']);
      // Make a sub-group under the group, then try to put the group under its own sub-group.
      const sub = (
        await t.app.inject({
          method: 'POST',
          url: '/api/company',
          headers: t.auth(admin),
          payload: { name: 'Untergruppe', type: 'Group', parentCompanyId: ids['Beispiel Gruppe'] },
        })
      ).json();
      const cycle = await move(ids['Beispiel Gruppe']!, { parentCompanyId: sub.id });
      expect(cycle.json().fields.parentCompanyId).toEqual(['validation.cycle']);
      const notGroup = await move(ids['Bäckerei Schmidt']!, { parentCompanyId: ids['Beispiel Handel GmbH'] });
      expect(notGroup.json().fields.parentCompanyId).toEqual(['validation.parentNotGroup']);
      const notAgency = await move(ids['Bäckerei Schmidt']!, { agencyCompanyId: ids['Beispiel Handel GmbH'] });
      expect(notAgency.json().fields.agencyCompanyId).toEqual(['validation.notAgency']);
      const nowhere = await move(ids['Beispiel Handel GmbH']!, { parentCompanyId: null, agencyCompanyId: null });
      expect(nowhere.json().fields.parentCompanyId).toEqual(['validation.moveUnreachable']);
      // Another tenant's group is no target: it does not exist for this caller.
      const other = await t.tokenFor('other@demo.local');
      const [fremd] = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(other) })).json();
      const foreign = await move(ids['Beispiel Handel GmbH']!, { parentCompanyId: fremd.id });
      expect(foreign.json().fields.parentCompanyId).toEqual(['validation.unknownReference']);
      expect((await move(fremd.id, { agencyCompanyId: ids['Muster Datenschutz GmbH'] })).statusCode).toBe(404);
      expect((await detail(ids['Beispiel Gruppe']!)).parentCompanyId).toBeNull();

      // A real move: the sub-group's child goes to the agency directly, and stays visible.
      const moved = await move(sub.id, { agencyCompanyId: ids['Muster Datenschutz GmbH'] });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ parentCompanyId: null, agencyCompanyName: 'Muster Datenschutz GmbH' });
      const back = await move(sub.id, { parentCompanyId: ids['Beispiel Gruppe'] });
      expect(back.json()).toMatchObject({ parentCompanyId: ids['Beispiel Gruppe'], agencyCompanyId: null });
      const demote = await put(ids['Beispiel Gruppe']!, { ...g(await detail(ids['Beispiel Gruppe']!)), type: 'Company' });
      expect(demote.json().fields.type).toEqual(['validation.groupHasChildren']);
      // Without Company.Move (the reader), the action is refused.
      const reader = await t.tokenFor('reader@demo.local');
      expect((await move(ids['Bäckerei Schmidt']!, { agencyCompanyId: ids['Muster Datenschutz GmbH'] }, reader)).statusCode).toBe(
        403,
      );
    });

    it('edits every field and requires a name', async () => {
      const b = await detail(ids['Bäckerei Schmidt']!);
      const res = await put(ids['Bäckerei Schmidt']!, {
        ...b,
        vatNumber: 'DE 136 695 976',
        dataPrivacyAgentLastname: 'Hahn',
        passwordExpiryDays: 90,
        isDataProcessor: true,
      });
      expect(res.json()).toMatchObject({
        vatNumber: 'DE 136 695 976',
        dataPrivacyAgentLastname: 'Hahn',
        passwordExpiryDays: 90,
        isDataProcessor: true,
      });
      const bad = await put(ids['Bäckerei Schmidt']!, { ...b, name: ' ', emailAddress: 'kein-mail' });
      expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['name', 'emailAddress']));
    });

    it('refuses a VAT number that is not valid, on its field, and keeps the stored one', async () => {
      const b = await detail(ids['Bäckerei Schmidt']!);
      // The same number with the last check digit changed: the pattern fits, the check does not.
      for (const vatNumber of ['DE136695977', 'DE12345', 'XX123']) {
        const bad = await put(ids['Bäckerei Schmidt']!, { ...g(b), vatNumber });
        expect(bad.statusCode, vatNumber).toBe(422);
        expect(bad.json().fields).toEqual({ vatNumber: ['validation.vatNumber'] });
      }
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/company',
        headers: t.auth(admin),
        payload: { name: 'Falsche USt GmbH', vatNumber: 'ATU12345678' },
      });
      expect(created.statusCode).toBe(422);
      expect(created.json().fields).toEqual({ vatNumber: ['validation.vatNumber'] });
      expect((await detail(ids['Bäckerei Schmidt']!)).vatNumber).toBe(b.vatNumber);
      // A German number typed without "DE" for a German company is stored with it; for an Austrian one it is refused.
      const bare = await put(ids['Bäckerei Schmidt']!, { ...g(b), country: 'DE', vatNumber: '136 695 976' });
      expect(bare.statusCode).toBe(200);
      expect(bare.json().vatNumber).toBe('DE136695976');
      const austrian = await put(ids['Bäckerei Schmidt']!, { ...g(b), country: 'AT', vatNumber: '136 695 976' });
      expect(austrian.json().fields).toEqual({ vatNumber: ['validation.vatNumber'] });
      const cleared = await put(ids['Bäckerei Schmidt']!, { ...g(b), vatNumber: '' });
      expect(cleared.json().vatNumber).toBe('');
    });

    it('deactivating a company hides nothing but blocks logins of its users', async () => {
      const b = await detail(ids['Bäckerei Schmidt']!);
      await put(ids['Bäckerei Schmidt']!, { ...b, isActive: false });
      expect((await t.login('reader@demo.local')).json().error_description).toBe('login_failed');
      const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
      expect(list.find((c: { id: string }) => c.id === ids['Bäckerei Schmidt']).isActive).toBe(false);
      await put(ids['Bäckerei Schmidt']!, { ...b, isActive: true });
      expect((await t.login('reader@demo.local')).statusCode).toBe(200);
    });

    it('stores a logo and serves it resized; refuses other file types', async () => {
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      const m = multipart('logo.png', 'image/png', png);
      const up = await t.app.inject({
        method: 'POST',
        url: `/api/company/${ids['Bäckerei Schmidt']}/logo`,
        payload: m.payload,
        headers: { ...t.auth(admin), ...m.headers },
      });
      expect(up.statusCode).toBe(204);
      const logo = await t.app.inject({
        url: `/api/company/${ids['Bäckerei Schmidt']}/logo?width=150&height=50`,
        headers: t.auth(admin),
      });
      expect((await sharp(logo.rawPayload).metadata()).height).toBe(50);
      const fake = multipart('logo.png', 'image/png', Buffer.from('not an image'));
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/company/${ids['Bäckerei Schmidt']}/logo`,
        payload: fake.payload,
        headers: { ...t.auth(admin), ...fake.headers },
      });
      expect(bad.statusCode).toBe(422);
      // An empty file is refused as such, for every image type (it used to answer 500).
      for (const mime of ['image/png', 'image/jpeg', 'image/gif']) {
        const empty = multipart('leer.png', mime, Buffer.alloc(0));
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/company/${ids['Bäckerei Schmidt']}/logo`,
          payload: empty.payload,
          headers: { ...t.auth(admin), ...empty.headers },
        });
        expect(res.statusCode, mime).toBe(422);
        expect(res.json().fields.file).toEqual(['validation.fileEmpty']);
      }
      const pdf = multipart('x.pdf', 'application/pdf', Buffer.from('%PDF'));
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/company/${ids['Bäckerei Schmidt']}/logo`,
            payload: pdf.payload,
            headers: { ...t.auth(admin), ...pdf.headers },
          })
        ).statusCode,
      ).toBe(422);
    });

    it('a reader gets 403 on every administration endpoint and nothing changes', async () => {
      const reader = await t.tokenFor('reader@demo.local');
      const b = await detail(ids['Bäckerei Schmidt']!, reader);
      expect(b.rights).toEqual({ write: false, move: false, export: false });
      expect((await put(ids['Bäckerei Schmidt']!, { ...b, name: 'gehackt' }, reader)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/company', headers: t.auth(reader), payload: { name: 'x' } })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ url: '/api/user', headers: t.auth(reader) })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/role', headers: t.auth(reader), payload: { name: 'x', claims: [] } }))
          .statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/company/demo', headers: t.auth(reader) })).statusCode).toBe(403);
      expect((await detail(ids['Bäckerei Schmidt']!)).name).toBe('Bäckerei Schmidt');
      const other = await t.tokenFor('other@demo.local');
      expect((await t.app.inject({ url: `/api/company/${ids['Bäckerei Schmidt']}`, headers: t.auth(other) })).statusCode).toBe(
        404,
      );
    });
  });

  describe('demo companies', () => {
    it('an agency creates a filled demo company that is reset seven days later', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/company/demo', headers: t.auth(admin) });
      expect(res.statusCode).toBe(201);
      const demo = res.json();
      expect(demo.isDemo).toBe(true);
      const scoped = t.auth(admin, { 'x-tenant': demo.id });
      const before = (await t.app.inject({ url: '/api/issue?pageSize=500', headers: scoped })).json();
      expect(before.total).toBeGreaterThan(0);
      // A user change that the reset must drop.
      await t.app.inject({
        method: 'POST',
        url: '/api/issue',
        headers: scoped,
        payload: { name: 'Nutzeränderung', data: { priority: 'Low' } },
      });
      await t.app.inject({ method: 'DELETE', url: `/api/issue/${before.items[0].id}`, headers: scoped });

      // The seeded demo company's wizard, finished by a user: the reset opens it again.
      const seeded = ids['Demo Unternehmen GmbH']!;
      const wizard = {
        companyId: seeded,
        step: 6,
        websites: ['https://demo.example'],
        autoGenerateMeasures: false,
      };
      const finished = await t.app.inject({
        method: 'POST',
        url: '/api/initiation/finish',
        headers: t.auth(admin),
        payload: wizard,
      });
      expect(finished.json()).toMatchObject({ websites: 1 });
      const wizardOf = async (id: string) =>
        (await t.app.inject({ url: `/api/initiation?companyId=${id}`, headers: t.auth(admin) })).json();

      expect(await resetDueDemoCompanies(t.db, { timeZone: 'Europe/Berlin', now: new Date(Date.now() + 6 * 86_400_000) })).toBe(
        0,
      );
      const later = new Date(Date.now() + 7 * 86_400_000 + 60_000);
      expect(await resetDueDemoCompanies(t.db, { timeZone: 'Europe/Berlin', now: later })).toBeGreaterThanOrEqual(1);
      const after = (await t.app.inject({ url: '/api/issue?pageSize=500', headers: scoped })).json();
      expect(after.total).toBe(before.total);
      expect(after.items.some((i: { name: string }) => i.name === 'Nutzeränderung')).toBe(false);
      expect(after.items.map((i: { number: string }) => i.number).sort()).toEqual(
        before.items.map((i: { number: string }) => i.number).sort(),
      );
      expect((await detail(demo.id)).creationDate).toBe(later.toISOString());
      expect(await wizardOf(seeded)).toMatchObject({ isFinished: false, step: 0, websites: [], showReminder: true });
      expect((await wizardOf(demo.id)).isFinished).toBe(true);
      // Created and reset with the demo companies' industry, not the bakery's items.
      const processes = (await t.app.inject({ url: '/api/process?pageSize=500', headers: scoped })).json();
      const names = processes.items.map((i: { name: string }) => i.name);
      expect(names).toContain(demoProfiles[demoCompanyProfile].processes[3].name);
      expect(names).not.toContain('Lohn- und Gehaltsabrechnung');
      // A whole demo company is seeded twice: far more work than one request.
    }, 120_000);

    it('only agencies create demo companies', async () => {
      const other = await t.tokenFor('other@demo.local');
      expect((await t.app.inject({ method: 'POST', url: '/api/company/demo', headers: t.auth(other) })).statusCode).toBe(409);
    });

    it('counts demo companies per user and company: past five an hour, 429 with Retry-After until the hour is over', async () => {
      // Every request counts, refused ones too, so this user's requests (409: no agency) reach the limit cheaply.
      const other = await t.tokenFor('other@demo.local');
      const demo = () => t.app.inject({ method: 'POST', url: '/api/company/demo', headers: t.auth(other) });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await demo()).statusCode);
      expect(statuses.slice(0, statuses.indexOf(429)).every((s) => s === 409)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const refused = await demo();
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.advance(3_600_000 + 1_000);
      try {
        const later = await t.tokenFor('other@demo.local');
        const res = await t.app.inject({ method: 'POST', url: '/api/company/demo', headers: t.auth(later) });
        expect(res.statusCode).toBe(409);
      } finally {
        t.clock.advance(-(3_600_000 + 1_000));
      }
    });
  });

  describe('users and roles', () => {
    it('creates a reader for one company; the invitation mail lets them set a password and they see only that company, read-only', async () => {
      const roles = (await t.app.inject({ url: '/api/role', headers: t.auth(admin) })).json();
      const readerRole = roles.find((r: { key: string }) => r.key === 'reader');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: t.auth(admin),
        payload: {
          firstname: 'Nina',
          lastname: 'Neu',
          email: 'nina@demo.local',
          companyId: ids['Beispiel Handel GmbH'],
          roleIds: [readerRole.id],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ hasPassword: false, roleNames: ['Leser'], companyName: 'Beispiel Handel GmbH' });
      const mail = (await lastMail(t, 'nina@demo.local'))!;
      expect(mail.template).toBe('invite');
      const m = /\/reset-password\/([0-9a-f-]{36})\?token=([A-Za-z0-9_%-]+)/.exec(mail.body)!;
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { userId: m[1], token: decodeURIComponent(m[2]!), password: 'Nina-Pass1!', passwordRepeated: 'Nina-Pass1!' },
      });
      expect(set.statusCode).toBe(204);
      const nina = (await t.login('nina@demo.local', 'Nina-Pass1!')).json().access_token;
      const visible = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(nina) })).json();
      expect(visible.map((c: { name: string }) => c.name)).toEqual(['Beispiel Handel GmbH']);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/issue',
            headers: t.auth(nina),
            payload: { name: 'x', data: { priority: 'Low' } },
          })
        ).statusCode,
      ).toBe(403);
      const dup = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: t.auth(admin),
        payload: {
          firstname: 'N',
          lastname: 'N',
          email: 'NINA@demo.local',
          companyId: ids['Beispiel Handel GmbH'],
          roleIds: [readerRole.id],
        },
      });
      expect(dup.json().fields.email).toEqual(['validation.duplicate']);
    });

    it('counts the holders of a built-in role within the tenant only', async () => {
      const count = async (token: string) =>
        (await t.app.inject({ url: '/api/role', headers: t.auth(token) }))
          .json()
          .find((r: { key: string }) => r.key === 'administrator').userCount;
      // Anna administers the agency, Otto the foreign tenant: neither sees the other.
      expect(await count(admin)).toBe(1);
      expect(await count(await t.tokenFor('other@demo.local'))).toBe(1);
    });

    it('creates custom roles from held claims only', async () => {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/role',
        headers: t.auth(admin),
        payload: { name: 'Nur Aufgaben', claims: ['Issue.Read', 'Issue.Write'] },
      });
      expect(ok.statusCode).toBe(201);
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/role',
        headers: t.auth(admin),
        payload: { name: 'x', claims: ['Everything.Ever'] },
      });
      expect(unknown.json().fields.claims).toEqual(['validation.unknownClaim']);
      const builtIn = (await t.app.inject({ url: '/api/role', headers: t.auth(admin) }))
        .json()
        .find((r: { key: string }) => r.key === 'reader');
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/role/${builtIn.id}`,
            headers: t.auth(admin),
            payload: { name: 'x', claims: [] },
          })
        ).statusCode,
      ).toBe(409);
    });

    it('protects the last administrator of a tenant from removing their own rights', async () => {
      const other = await t.tokenFor('other@demo.local');
      const me = (await t.app.inject({ url: '/api/user', headers: t.auth(other) }))
        .json()
        .find((u: { email: string }) => u.email === 'other@demo.local');
      const roles = (await t.app.inject({ url: '/api/role', headers: t.auth(other) })).json();
      const reader = roles.find((r: { key: string }) => r.key === 'reader');
      const body = {
        firstname: me.firstname,
        lastname: me.lastname,
        email: me.email,
        companyId: me.companyId,
        roleIds: [reader.id],
        companyIds: me.companyIds,
      };
      const res = await t.app.inject({ method: 'PUT', url: `/api/user/${me.id}`, headers: t.auth(other), payload: body });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('keine aktive Administration');
      const off = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${me.id}`,
        headers: t.auth(other),
        payload: { ...body, roleIds: me.roleIds, isActive: false },
      });
      expect(off.statusCode).toBe(409);
      expect((await t.app.inject({ url: '/api/user/me', headers: t.auth(other) })).json().isAdministrator).toBe(true);
    });

    it('nobody deactivates their own user; the right says so on each user', async () => {
      const admin = await t.tokenFor('admin@demo.local');
      const users = (await t.app.inject({ url: '/api/user', headers: t.auth(admin) })).json();
      const me = users.find((u: { email: string }) => u.email === 'admin@demo.local');
      const someone = users.find((u: { email: string }) => u.email === 'reader@demo.local');
      expect(me.rights).toEqual({ write: true, deactivate: false, grant: false });
      expect(someone.rights).toEqual({ write: true, deactivate: true, grant: false });
      const { id, rights, companyName, roleNames, lockedUntil, twoFactorEnabled, mustChangePassword, hasPassword, ...input } = me;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${me.id}`,
        headers: t.auth(admin),
        payload: { ...input, isActive: false },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('eigenen Zugang');
      const after = (await t.app.inject({ url: `/api/user/${me.id}`, headers: t.auth(admin) })).json();
      expect(after.isActive).toBe(true);
    });

    it('a user administrator cannot grant companies or roles beyond their own', async () => {
      const other = await t.tokenFor('other@demo.local');
      const roles = (await t.app.inject({ url: '/api/role', headers: t.auth(other) })).json();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: t.auth(other),
        payload: {
          firstname: 'E',
          lastname: 'E',
          email: 'e@fremd.example',
          companyId: ids['Bäckerei Schmidt'],
          roleIds: [roles[0].id],
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields.companyId).toEqual(['validation.companyNotAllowed']);
    });
  });
});
