import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, initiation, invitation, mailOutbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMail } from '../../test/helpers';
import { processTemplates } from './templates';

describe('initiation wizard API', () => {
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
  const h = (extra: Record<string, string> = {}) => t.auth(admin, extra);
  const get = (companyId: string, token = admin) =>
    t.app.inject({ url: `/api/initiation?companyId=${companyId}`, headers: t.auth(token) });
  const base = (companyId: string) => ({
    companyId,
    step: 2,
    showReminder: true,
    dataProtectionOfficerType: 'External',
    dataProtectionOfficerEmail: 'dsb@extern.example',
    processTemplateIds: [] as string[],
    processes: [] as string[],
    serviceAgreements: [] as string[],
    websites: [] as string[],
    clients: [] as string[],
    createDemo: false,
    autoGenerateMeasures: true,
  });
  const count = async (companyId: string, type: string) =>
    (await t.app.inject({ url: `/api/${type}?pageSize=500`, headers: h({ 'x-tenant': companyId }) })).json().total as number;

  it('every company has an initiation: the demo company unfinished, the others finished, a new one unfinished', async () => {
    const rows = await t.db.select({ id: initiation.companyId, done: initiation.isFinished }).from(initiation);
    const all = await t.db.select({ id: company.id, name: company.name }).from(company);
    expect(rows).toHaveLength(all.length);
    const done = new Map(rows.map((r) => [r.id, r.done]));
    for (const c of all) expect([c.name, done.get(c.id)]).toEqual([c.name, c.name !== 'Demo Unternehmen GmbH']);

    const demo = (await get(ids['Demo Unternehmen GmbH']!)).json();
    expect(demo).toMatchObject({ step: 0, isFinished: false, showReminder: true, isAgency: false, rights: { write: true } });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: h(),
      payload: { name: 'Neu GmbH', type: 'Company', isResponsibleParty: true },
    });
    expect(created.statusCode).toBe(201);
    expect((await get(created.json().id)).json()).toMatchObject({ isFinished: false, step: 0 });
    // A demo company made by the agency is filled already: nothing to set up.
    const demo2 = (await t.app.inject({ method: 'POST', url: '/api/company/demo', headers: h() })).json();
    expect((await get(demo2.id)).json().isFinished).toBe(true);
  });

  it('user/me offers the wizard for a writable, unfinished scope company only', async () => {
    const me = async (token: string) => (await t.app.inject({ url: '/api/user/me', headers: t.auth(token) })).json();
    const scope = (companyId: string | null) =>
      t.app.inject({ method: 'PUT', url: '/api/user/scope', headers: h(), payload: { companyId } });
    expect((await scope(ids['Demo Unternehmen GmbH']!)).statusCode).toBeLessThan(300);
    expect(await me(admin)).toMatchObject({ supportsInitiation: true, canContinueInitiation: true });
    await scope(ids['Bäckerei Schmidt']!);
    expect(await me(admin)).toMatchObject({ supportsInitiation: true, canContinueInitiation: false });
    await scope(null);
    const reader = await t.tokenFor('reader@demo.local');
    expect(await me(reader)).toMatchObject({ supportsInitiation: false, canContinueInitiation: false });
  });

  it('serves the templates paged, sorted and filtered in the caller language', async () => {
    expect(processTemplates.length).toBeGreaterThanOrEqual(40);
    const page = (q: string, lang = 'de') =>
      t.app.inject({ url: `/api/process-template?${q}`, headers: h({ 'accept-language': lang }) });
    const first = (await page('page=0&pageSize=15')).json();
    expect(first.items).toHaveLength(15);
    expect(first.total).toBe(processTemplates.length);
    expect(first.allIds).toHaveLength(processTemplates.length);
    const names = first.items.map((i: { templateName: string }) => i.templateName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    const second = (await page('page=1&pageSize=15')).json();
    expect(second.items[0].id).not.toBe(first.items[0].id);
    const desc = (await page('dir=desc&pageSize=50')).json().items.map((i: { templateName: string }) => i.templateName);
    expect(desc).toEqual([...desc].sort((a, b) => b.localeCompare(a, 'de')));
    const filtered = (await page('filter=lohn')).json();
    expect(filtered.items.map((i: { id: string }) => i.id)).toContain('payroll');
    expect(filtered.total).toBe(filtered.allIds.length);
    const english = (await page('filter=payroll', 'en')).json().items;
    expect(english.find((i: { id: string }) => i.id === 'payroll')).toMatchObject({
      templateName: 'Payroll',
      dataCategories: ['Master data', 'Bank details', 'Tax data', 'Social insurance data'],
      personGroups: ['Employees'],
      retention: '10 years (§ 147 AO)',
    });
    expect((await page('pageSize=0')).statusCode).toBe(422);
    expect((await page('sort=password')).statusCode).toBe(422);
  });

  it('has every template text in both languages, the categories pair by pair', () => {
    for (const tpl of processTemplates) {
      for (const key of ['dataCategories', 'personGroups'] as const) {
        expect([tpl.id, key, tpl[key].en.length]).toEqual([tpl.id, key, tpl[key].de.length]);
        for (const name of [...tpl[key].de, ...tpl[key].en]) expect(name.trim()).not.toBe('');
      }
      for (const key of ['name', 'purpose', 'retention'] as const) {
        expect(tpl[key].de.trim(), `${tpl.id} ${key}`).not.toBe('');
        expect(tpl[key].en.trim(), `${tpl.id} ${key}`).not.toBe('');
      }
    }
    // An English list that still reads German is the bug this guards against.
    const german = new Set(processTemplates.flatMap((x) => x.dataCategories.de));
    const untranslated = processTemplates.flatMap((x) => x.dataCategories.en).filter((n) => german.has(n) && n !== 'Name');
    expect(untranslated).toEqual([]);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const demo = ids['Demo Unternehmen GmbH']!;
    const before = (await get(demo)).json();
    const put = (patch: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/initiation', headers: h(), payload: { ...base(demo), ...patch } });
    const cases: [Record<string, unknown>, string][] = [
      [{ processTemplateIds: ['payroll', 'no-such-template'] }, 'processTemplateIds.1'],
      [{ processes: Array.from({ length: 300 }, (_, n) => `Prozess ${n}`) }, 'processes'],
      [{ websites: ['x'.repeat(10_000)] }, 'websites.0'],
      [{ clients: ['ok', '   '] }, 'clients.1'],
      [{ step: 7 }, 'step'],
      [{ step: -1 }, 'step'],
      [{ step: 1.5 }, 'step'],
      [{ dataProtectionOfficerEmail: 'not-an-address' }, 'dataProtectionOfficerEmail'],
      [{ dataProtectionOfficerType: 'Nobody' }, 'dataProtectionOfficerType'],
    ];
    for (const [patch, field] of cases) {
      const res = await put(patch);
      expect([JSON.stringify(patch).slice(0, 60), res.statusCode]).toEqual([JSON.stringify(patch).slice(0, 60), 422]);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    // Finishing checks the same rules, before anything is created.
    const fin = await t.app.inject({
      method: 'POST',
      url: '/api/initiation/finish',
      headers: h(),
      payload: { ...base(demo), processTemplateIds: ['nope'] },
    });
    expect(fin.statusCode).toBe(422);
    expect((await get(demo)).json()).toEqual(before);
    expect(await count(demo, 'process')).toBe(0);
  });

  it('an agency has three steps; a step beyond them is refused', async () => {
    const agency = ids['Muster Datenschutz GmbH']!;
    expect((await get(agency)).json()).toMatchObject({ isAgency: true, isFinished: true });
    await t.db.update(initiation).set({ isFinished: false }).where(eq(initiation.companyId, agency));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/initiation',
      headers: h(),
      payload: { ...base(agency), step: 3 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.step).toBeDefined();
    await t.db.update(initiation).set({ isFinished: true }).where(eq(initiation.companyId, agency));
  });

  it('a reader may look but not save or finish (403); another tenant gets 404', async () => {
    const bakery = ids['Bäckerei Schmidt']!;
    const reader = await t.tokenFor('reader@demo.local');
    await t.db.update(initiation).set({ isFinished: false }).where(eq(initiation.companyId, bakery));
    expect((await get(bakery, reader)).json().rights).toEqual({ write: false });
    for (const [method, url] of [
      ['PUT', '/api/initiation'],
      ['POST', '/api/initiation/finish'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.auth(reader), payload: base(bakery) });
      expect(res.statusCode).toBe(403);
    }
    expect(await count(bakery, 'website')).toBe(0);
    await t.db.update(initiation).set({ isFinished: true }).where(eq(initiation.companyId, bakery));

    const other = await t.tokenFor('other@demo.local');
    const demo = ids['Demo Unternehmen GmbH']!;
    expect((await get(demo, other)).statusCode).toBe(404);
    for (const [method, url] of [
      ['PUT', '/api/initiation'],
      ['POST', '/api/initiation/finish'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.auth(other), payload: base(demo) });
      expect(res.statusCode).toBe(404);
    }
    expect((await get(demo)).json().isFinished).toBe(false);
  });

  it('invites an external DPO once when the address is saved, and withdraws it when the choice changes', async () => {
    const demo = ids['Demo Unternehmen GmbH']!;
    const put = (patch: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/initiation', headers: h(), payload: { ...base(demo), ...patch } });
    const sent = async (email: string) =>
      (
        await t.db
          .select({ status: invitation.status, purpose: invitation.purpose, company: invitation.companyName })
          .from(invitation)
          .where(and(eq(invitation.senderCompanyId, demo), eq(invitation.recipientEmail, email)))
      ).map((r) => `${r.purpose} ${r.status} ${r.company}`);
    const mails = async (email: string) =>
      (await t.db.select({ template: mailOutbox.template }).from(mailOutbox).where(eq(mailOutbox.recipient, email))).map(
        (m) => m.template,
      );

    const first = await put({ step: 2, dataProtectionOfficerEmail: 'dsb-eins@extern.example' });
    expect(first.statusCode).toBe(200);
    expect(first.json().dpoInvitation).toMatchObject({ recipient: 'dsb-eins@extern.example', status: 'Pending' });
    expect(await sent('dsb-eins@extern.example')).toEqual(['AsDpo Pending Demo Unternehmen GmbH']);
    const mail = (await lastMail(t, 'dsb-eins@extern.example'))!;
    expect(mail.body).toMatch(/\/invitation\/token\/[A-Za-z0-9_%-]{20,}/);
    // The step saved again (back and forth in the wizard) sends nothing more.
    expect((await put({ step: 3, dataProtectionOfficerEmail: 'DSB-eins@extern.example' })).statusCode).toBe(200);
    expect(await sent('dsb-eins@extern.example')).toHaveLength(1);
    expect(await mails('dsb-eins@extern.example')).toEqual(['invitation']);
    // The sending user finds it on /invitation although their own company is the agency.
    const listed = (await t.app.inject({ url: '/api/invitation', headers: h() })).json();
    expect(listed.find((i: { recipient: string }) => i.recipient === 'dsb-eins@extern.example')).toMatchObject({
      role: 'Sender',
      purpose: 'AsDpo',
      companyName: 'Demo Unternehmen GmbH',
      rights: { withdraw: true },
    });

    // Another address: the earlier invitation is withdrawn (and its recipient told), the new one sent.
    const second = await put({ dataProtectionOfficerEmail: 'dsb-zwei@extern.example' });
    expect(second.json().dpoInvitation).toMatchObject({ recipient: 'dsb-zwei@extern.example', status: 'Pending' });
    expect(await sent('dsb-eins@extern.example')).toEqual(['AsDpo Withdrawn Demo Unternehmen GmbH']);
    expect((await mails('dsb-eins@extern.example')).sort()).toEqual(['invitation', 'invitation-withdrawn']);
    expect(await sent('dsb-zwei@extern.example')).toEqual(['AsDpo Pending Demo Unternehmen GmbH']);

    // No longer external: withdrawn too, and the wizard shows no invitation.
    const internal = await put({ dataProtectionOfficerType: 'Internal', dataProtectionOfficerEmail: 'dsb-zwei@extern.example' });
    expect(internal.json().dpoInvitation).toBeNull();
    expect(await sent('dsb-zwei@extern.example')).toEqual(['AsDpo Withdrawn Demo Unternehmen GmbH']);

    // A refused save sends nothing: bad input elsewhere leaves the DPO uninvited.
    const bad = await put({ dataProtectionOfficerEmail: 'dsb-drei@extern.example', step: 9 });
    expect(bad.statusCode).toBe(422);
    expect(await sent('dsb-drei@extern.example')).toEqual([]);
    expect(await mails('dsb-drei@extern.example')).toEqual([]);
  });

  it('saves the state, then finishing creates real items once', async () => {
    const demo = ids['Demo Unternehmen GmbH']!;
    const state = {
      ...base(demo),
      step: 6,
      processTemplateIds: ['payroll', 'newsletter', 'payroll'],
      processes: ['Tourenplanung', 'tourenplanung'],
      serviceAgreements: ['Cloud Hosting AG'],
      websites: ['https://www.demo.example'],
    };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/initiation', headers: h(), payload: state });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ step: 6, processTemplateIds: ['payroll', 'newsletter'], processes: ['Tourenplanung'] });

    const finish = () => t.app.inject({ method: 'POST', url: '/api/initiation/finish', headers: h(), payload: state });
    const res = await finish();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processes: 3, serviceAgreements: 1, websites: 1 });
    expect(res.json().measures).toBeGreaterThan(0);
    expect((await get(demo)).json()).toMatchObject({ isFinished: true, showReminder: false });

    const processes = (await t.app.inject({ url: '/api/process?pageSize=50', headers: h({ 'x-tenant': demo }) })).json().items;
    const payroll = processes.find((p: { name: string }) => p.name === 'Lohn- und Gehaltsabrechnung');
    expect(payroll.data).toMatchObject({ role: 'controller', legalBases: ['art6_1_b', 'art6_1_c'] });
    expect(payroll.data.purposes).toContain('Löhne');
    expect(payroll.data.storagePeriods).toHaveLength(1);
    expect(payroll.tags.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Bankdaten', 'Beschäftigte']));
    expect(processes.map((p: { name: string }) => p.name)).toContain('Tourenplanung');
    const [dpo] = await t.db.select({ email: company.dpaEmailAddress }).from(company).where(eq(company.id, demo));
    expect(dpo!.email).toBe('dsb@extern.example');

    const counts = async () =>
      Promise.all(
        ['process', 'storage-period', 'service-agreement-with-provider', 'website', 'measure'].map((x) => count(demo, x)),
      );
    const after = await counts();
    const again = await finish();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ processes: 0, serviceAgreements: 0, websites: 0, clients: 0, measures: 0 });
    expect(await counts()).toEqual(after);
    // Saving a finished initiation is refused.
    expect((await t.app.inject({ method: 'PUT', url: '/api/initiation', headers: h(), payload: state })).statusCode).toBe(409);
  });

  it('finishing in English creates English process, tags and storage period', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: h(),
      payload: { name: 'English Ltd', type: 'Company', isResponsibleParty: true },
    });
    const id = created.json().id as string;
    const en = h({ 'accept-language': 'en' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/initiation/finish',
      headers: en,
      payload: {
        ...base(id),
        dataProtectionOfficerType: 'AccountHolder',
        dataProtectionOfficerEmail: '',
        processTemplateIds: ['payroll'],
        autoGenerateMeasures: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const [process] = (await t.app.inject({ url: '/api/process', headers: { ...en, 'x-tenant': id } })).json().items;
    expect(process.name).toBe('Payroll');
    expect(process.tags.map((x: { name: string }) => x.name).sort()).toEqual([
      'Bank details',
      'Employees',
      'Master data',
      'Social insurance data',
      'Tax data',
    ]);
    const [period] = (await t.app.inject({ url: '/api/storage-period', headers: { ...en, 'x-tenant': id } })).json().items;
    expect(period.data.period).toBe('10 years (§ 147 AO)');
  });

  it("counts the measures made when their step was left and links every new activity to the run's processors, websites and measures", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: h(),
      payload: { name: 'Verknüpft GmbH', type: 'Company', isResponsibleParty: true },
    });
    const id = created.json().id as string;
    const tenant = h({ 'x-tenant': id });
    // Leaving the measures step generates the catalogue's measures (the wizard's own call).
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/measure/add-missing',
      headers: h(),
      payload: { companyId: id },
    });
    expect(early.statusCode, early.body).toBe(200);
    const generated = await count(id, 'measure');
    expect(generated).toBeGreaterThan(0);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/initiation/finish',
      headers: h(),
      payload: {
        ...base(id),
        dataProtectionOfficerType: 'AccountHolder',
        dataProtectionOfficerEmail: '',
        processTemplateIds: ['payroll'],
        processes: ['Tourenplanung'],
        serviceAgreements: ['Steuerkanzlei Berg, Hansen & Partner', 'Cloud Hosting AG'],
        websites: ['https://www.verknuepft.example'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ processes: 2, serviceAgreements: 2, websites: 1, clients: 0, measures: generated });
    expect(await count(id, 'measure')).toBe(generated);

    const list = async (type: string) =>
      (await t.app.inject({ url: `/api/${type}?pageSize=500`, headers: tenant })).json().items as {
        id: string;
        name: string;
        data: Record<string, unknown>;
      }[];
    const processors = await list('service-agreement-with-provider');
    expect(processors.map((p) => p.name).sort()).toEqual(['Cloud Hosting AG', 'Steuerkanzlei Berg, Hansen & Partner']);
    const websites = await list('website');
    const measures = await list('measure');
    const processes = await list('process');
    expect(processes).toHaveLength(2);
    for (const p of processes) {
      expect([...(p.data.processors as string[])].sort(), p.name).toEqual(processors.map((x) => x.id).sort());
      expect(p.data.websites, p.name).toEqual(websites.map((x) => x.id));
      expect([...(p.data.measures as string[])].sort(), p.name).toEqual(measures.map((x) => x.id).sort());
    }
  });

  it('an agency finishing creates its clients and a demo company', async () => {
    const agency = ids['Muster Datenschutz GmbH']!;
    await t.db.update(initiation).set({ isFinished: false }).where(eq(initiation.companyId, agency));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/initiation/finish',
      headers: h(),
      payload: { ...base(agency), step: 2, clients: ['Kunde Eins GmbH', 'Kunde Zwei KG'], createDemo: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().clients).toBe(3);
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: h() })).json();
    const byName = (n: string) => list.find((c: { name: string }) => c.name === n);
    expect(byName('Kunde Eins GmbH')).toBeTruthy();
    expect(byName('Kunde Zwei KG')).toBeTruthy();
    const newDemo = list.filter((c: { name: string; isDemo: boolean }) => c.isDemo && /^Demo Unternehmen \(/.test(c.name));
    expect(newDemo.length).toBeGreaterThanOrEqual(1);
    // The new clients get a wizard of their own.
    expect((await get(byName('Kunde Eins GmbH').id)).json().isFinished).toBe(false);
  });
});
