import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';
import { readPdf } from '../../test/pdf';
import { buildDiagram } from './build';

type Node = { id: string; name: string; type: string; containerId: string | null };
type Link = { id: string; from: string; to: string };

describe('organisation diagram', () => {
  let t: TestApp;
  let admin: string;
  let gruppe: string;
  let handel: string;
  const id: Record<string, string> = {};

  const create = async (scope: string, type: string, name: string, data: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${type}`,
      headers: t.auth(admin, { 'x-tenant': scope }),
      payload: { name, data },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const diagram = (token: string, companyId: string) =>
    t.app.inject({ url: `/api/diagram?companyId=${companyId}`, headers: t.auth(token) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const company = (n: string) => list.find((c: { name: string }) => c.name === n).id;
    gruppe = company('Beispiel Gruppe');
    handel = company('Beispiel Handel GmbH');

    id.avv = await create(gruppe, 'service-agreement-with-provider', 'Lohnbuchhaltung extern', { counterparty: 'Lohn AG' });
    id.avvFree = await create(gruppe, 'service-agreement-with-provider', 'Aktenvernichtung', { counterparty: 'Shredder GmbH' });
    id.gv = await create(handel, 'service-agreement-with-shared-responsibility', 'Gemeinsamer Shop', {
      counterparty: 'Partner KG',
    });
    id.payroll = await create(gruppe, 'process', 'Gehaltsabrechnung', { role: 'controller', processors: [id.avv] });
    id.hiring = await create(gruppe, 'process', 'Bewerbungen', { role: 'controller' });
    id.shop = await create(handel, 'process', 'Onlineshop', { role: 'controller' });
    id.hr = await create(gruppe, 'organisation-unit', 'Personal', { processes: [id.payroll, id.hiring] });
    id.recruiting = await create(gruppe, 'organisation-unit', 'Recruiting', { parentUnit: [id.hr], processes: [id.hiring] });
  });
  afterAll(() => t.close());

  it('draws companies, units, processes and agreements with containment and links', async () => {
    const res = await diagram(admin, gruppe);
    expect(res.statusCode, res.body).toBe(200);
    const { nodes, links } = res.json() as { nodes: Node[]; links: Link[] };
    const node = (nodeId: string) => nodes.find((n) => n.id === nodeId);
    expect(node(`C-${gruppe}`)).toEqual({ id: `C-${gruppe}`, name: 'Beispiel Gruppe', type: 'C', containerId: null });
    expect(node(`C-${handel}`)).toMatchObject({ type: 'C', containerId: `C-${gruppe}` });
    expect(nodes.filter((n) => n.type === 'C')).toHaveLength(3);
    expect(node(`O-${id.hr}`)).toEqual({ id: `O-${id.hr}`, name: 'Personal', type: 'O', containerId: `C-${gruppe}` });
    expect(node(`O-${id.recruiting}`)).toMatchObject({ type: 'O', containerId: `O-${id.hr}` });
    expect(node(`P-${id.payroll}`)).toEqual({
      id: `P-${id.payroll}`,
      name: 'Gehaltsabrechnung',
      type: 'P',
      containerId: `O-${id.hr}`,
    });
    // Listed by two units: drawn in the first, linked from the second.
    expect(node(`P-${id.hiring}`)).toMatchObject({ containerId: `O-${id.hr}` });
    expect(node(`P-${id.shop}`)).toMatchObject({ type: 'P', containerId: `C-${handel}` });
    expect(node(`PSA-${id.avv}`)).toEqual({
      id: `PSA-${id.avv}`,
      name: 'Lohnbuchhaltung extern',
      type: 'PSA',
      containerId: `C-${gruppe}`,
    });
    expect(node(`SA-${id.avvFree}`)).toMatchObject({ type: 'SA', containerId: `C-${gruppe}` });
    expect(node(`SA-${id.gv}`)).toMatchObject({ type: 'SA', containerId: `C-${handel}` });
    expect(links).toEqual(
      expect.arrayContaining([
        { id: `P-${id.payroll}--PSA-${id.avv}`, from: `P-${id.payroll}`, to: `PSA-${id.avv}` },
        { id: `O-${id.recruiting}--P-${id.hiring}`, from: `O-${id.recruiting}`, to: `P-${id.hiring}` },
      ]),
    );
    expect(links).toHaveLength(2);
    // Every container and link end is a node of the answer.
    const ids = new Set(nodes.map((n) => n.id));
    for (const n of nodes) if (n.containerId) expect(ids.has(n.containerId)).toBe(true);
    for (const l of links) expect(ids.has(l.from) && ids.has(l.to)).toBe(true);
  });

  it('a child company alone shows only its own part', async () => {
    const { nodes } = (await diagram(admin, handel)).json() as { nodes: Node[] };
    expect(nodes.map((n) => n.id).sort()).toEqual([`C-${handel}`, `P-${id.shop}`, `SA-${id.gv}`].sort());
    expect(nodes.find((n) => n.type === 'C')?.containerId).toBeNull();
  });

  it('shows nothing of a register the caller may not read', async () => {
    await addUserWithClaims(t, { email: 'nur-firmen@demo.local', companyId: gruppe, claims: ['Diagram.Read', 'Company.Read'] });
    const onlyCompanies = (await diagram(await t.tokenFor('nur-firmen@demo.local'), gruppe)).json() as {
      nodes: Node[];
      links: Link[];
    };
    expect(new Set(onlyCompanies.nodes.map((n) => n.type))).toEqual(new Set(['C']));
    expect(onlyCompanies.links).toEqual([]);

    await addUserWithClaims(t, {
      email: 'ohne-firma@demo.local',
      companyId: gruppe,
      claims: ['Diagram.Read', 'ServiceAgreementWithProvider.Read', 'OrganisationUnit.Read'],
    });
    const body = (await diagram(await t.tokenFor('ohne-firma@demo.local'), gruppe)).json() as { nodes: Node[]; links: Link[] };
    expect(body.nodes.some((n) => n.type === 'C' || n.type === 'P' || n.id.includes(gruppe))).toBe(false);
    // Without the processes, no agreement is known to be a processor of one.
    expect(
      body.nodes
        .filter((n) => n.type === 'SA')
        .map((n) => n.name)
        .sort(),
    ).toEqual(['Aktenvernichtung', 'Lohnbuchhaltung extern']);
    expect(body.nodes.find((n) => n.id === `O-${id.hr}`)?.containerId).toBeNull();
    expect(body.links).toEqual([]);

    await addUserWithClaims(t, {
      email: 'ohne-diagramm@demo.local',
      companyId: gruppe,
      claims: ['Company.Read', 'Process.Read'],
    });
    expect((await diagram(await t.tokenFor('ohne-diagramm@demo.local'), gruppe)).statusCode).toBe(403);
  });

  it("another tenant's company is not found, a bad id is refused", async () => {
    const other = await t.tokenFor('other@demo.local');
    const res = await diagram(other, gruppe);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Beispiel');
    const reader = await t.tokenFor('reader@demo.local');
    expect((await diagram(reader, gruppe)).statusCode).toBe(404);
    const bad = await diagram(admin, 'not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields)).toEqual(['companyId']);
    expect((await t.app.inject({ url: '/api/diagram', headers: t.auth(admin) })).statusCode).toBe(422);
  });

  it('prints the chart as one landscape page in A4 or A3 with title, company, date, names and legend', async () => {
    const pdf = (query: string, token = admin, lang = 'de') =>
      t.app.inject({ url: `/api/diagram/pdf?companyId=${gruppe}${query}`, headers: t.auth(token, { 'accept-language': lang }) });
    const a4 = await pdf('');
    expect(a4.statusCode, a4.body).toBe(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    expect(a4.headers['content-disposition']).toMatch(
      /^attachment; filename="Organigramm Beispiel Gruppe \d{4}-\d{2}-\d{2}\.pdf"/,
    );
    const [page, ...more] = await readPdf(a4.rawPayload);
    expect(more).toHaveLength(0);
    expect([Math.round(page!.width), Math.round(page!.height)]).toEqual([842, 595]);
    const today = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    for (const text of [
      'Organigramm',
      `Beispiel Gruppe · ${today.format(new Date())}`,
      'Gehaltsabrechnung',
      'Recruiting',
      'Lohnbuchhaltung extern',
      'Legende:',
      'Auftragsverarbeiter einer Verarbeitungstätigkeit',
    ])
      expect(page!.text).toContain(text);

    const a3 = await pdf('&paper=a3', admin, 'en');
    expect(a3.statusCode, a3.body).toBe(200);
    const [big] = await readPdf(a3.rawPayload);
    expect([Math.round(big!.width), Math.round(big!.height)]).toEqual([1191, 842]);
    expect(big!.text).toContain('Legend:');

    expect((await pdf('&paper=letter')).statusCode).toBe(422);
    const other = await pdf('', await t.tokenFor('other@demo.local'));
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Beispiel');
  });

  it('a unit may name neither two parents nor itself', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organisation-unit',
      headers: t.auth(admin, { 'x-tenant': gruppe }),
      payload: { name: 'Zwei Eltern', data: { parentUnit: [id.hr, id.recruiting] } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields)).toEqual(['data.parentUnit']);

    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/organisation-unit/${id.hr}`,
      headers: t.auth(admin, { 'x-tenant': gruppe }),
      payload: { name: 'Personal', status: 0, data: { parentUnit: [id.hr], processes: [id.payroll, id.hiring] } },
    });
    expect(self.statusCode, self.body).toBe(422);
    expect(self.json().fields).toEqual({ 'data.parentUnit': ['validation.selfReference'] });
  });
});

describe('buildDiagram', () => {
  it('draws a unit whose parents loop in its company', () => {
    const { nodes } = buildDiagram({
      companies: [{ id: 'c', name: 'Firma', parentId: null }],
      units: [
        { id: 'a', name: 'A', companyId: 'c', parentUnit: 'b', processes: [] },
        { id: 'b', name: 'B', companyId: 'c', parentUnit: 'a', processes: [] },
        { id: 's', name: 'Selbst', companyId: 'c', parentUnit: 's', processes: [] },
      ],
      processes: [],
      agreements: [],
    });
    expect(nodes.find((n) => n.id === 'O-a')?.containerId).toBe('O-b');
    expect(nodes.find((n) => n.id === 'O-b')?.containerId).toBe('C-c');
    expect(nodes.find((n) => n.id === 'O-s')?.containerId).toBe('C-c');
  });
});
