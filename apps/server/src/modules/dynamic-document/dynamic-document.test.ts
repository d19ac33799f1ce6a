import { fillPlaceholders } from '@pc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { company } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/harness';
import { layoutText } from './pdf';
import { placeholderValues } from './service';

const bakeryRow = {
  name: 'Bäckerei Schmidt',
  addressLine1: 'Marktplatz 3',
  addressLine2: null,
  zipCode: '97070',
  city: 'Würzburg',
  emailAddress: 'info@baeckerei.example',
  phoneNumber: '+49 931 123',
  url: null,
  dpaFirstname: 'Anna',
  dpaLastname: 'Admin',
  dpaAddressLine1: 'Muster Datenschutz GmbH',
  dpaAddressLine2: 'Hauptstraße 12',
  dpaZipCode: '80331',
  dpaCity: 'München',
  dpaEmailAddress: 'dsb@muster-datenschutz.example',
  dpaPhoneNumber: null,
} as unknown as typeof company.$inferSelect;

describe('filling a template', () => {
  const values = placeholderValues(bakeryRow, { number: 'DOK-0007', name: 'Datenschutzhinweis' }, '2026-11-22');

  it('fills company, DPO, document and date placeholders', () => {
    const text = fillPlaceholders(
      '{{company.name}}, {{company.address}} · DSB: {{ dpo.name }} <{{dpo.email}}>, {{dpo.address}} · {{document.number}} „{{document.name}}“ vom {{today}}',
      values,
    );
    expect(text).toBe(
      'Bäckerei Schmidt, Marktplatz 3, 97070 Würzburg · DSB: Anna Admin <dsb@muster-datenschutz.example>, ' +
        'Muster Datenschutz GmbH, Hauptstraße 12, 80331 München · DOK-0007 „Datenschutzhinweis“ vom 22.11.2026',
    );
  });

  it('leaves unknown placeholders visible and known but empty ones empty', () => {
    expect(fillPlaceholders('{{company.fax}} {{foo}} [{{company.url}}] {{company.addressLine1}} {{ company.name', values)).toBe(
      '{{company.fax}} {{foo}} [] Marktplatz 3 {{ company.name',
    );
  });
});

describe('PDF layout', () => {
  it('turns headings, bullets, paragraphs and bold spans into pdfmake blocks', () => {
    expect(layoutText('# Titel\n\nErste Zeile\nzweite **fett**\n\n- eins\n* zwei\nDanach')).toEqual([
      { text: ['Titel'], style: 'h1' },
      { text: ['Erste Zeile\nzweite ', { text: 'fett', bold: true }], margin: [0, 0, 0, 8] },
      { ul: [{ text: ['eins'] }, { text: ['zwei'] }], margin: [0, 0, 0, 8] },
      { text: ['Danach'], margin: [0, 0, 0, 8] },
    ]);
  });
});

describe('dynamic document API', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let bakery: string;
  let gruppe: string;
  let doc: { id: string; number: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    other = await t.tokenFor('other@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const id = (n: string) => list.find((c: { name: string }) => c.name === n).id;
    bakery = id('Bäckerei Schmidt');
    gruppe = id('Beispiel Gruppe');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dynamic-document',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: {
        name: 'Datenschutzhinweis',
        data: { template: '# Hinweis\n\n{{company.name}}, {{company.address}}\nDSB: {{dpo.name}}\n\n{{unbekannt}}' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('lists the placeholders', async () => {
    const res = await t.app.inject({ url: '/api/dynamic-document/placeholders', headers: t.auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ key: 'company.name', token: '{{company.name}}' });
  });

  it("answers the values of the document's company", async () => {
    const res = await t.app.inject({ url: `/api/dynamic-document/${doc.id}/placeholders`, headers: t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      'company.name': 'Bäckerei Schmidt',
      'company.address': 'Marktplatz 3, 97070 Würzburg',
      'dpo.name': 'Anna Admin',
      'document.number': doc.number,
    });
  });

  it('renders the filled template as a PDF named after the number', async () => {
    const res = await t.app.inject({ url: `/api/dynamic-document/${doc.id}/pdf`, headers: t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${doc.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });

  it('another tenant, a scope without the document and a wrong type get 404', async () => {
    for (const path of ['pdf', 'placeholders']) {
      expect((await t.app.inject({ url: `/api/dynamic-document/${doc.id}/${path}`, headers: t.auth(other) })).statusCode).toBe(
        404,
      );
      const scoped = await t.app.inject({
        url: `/api/dynamic-document/${doc.id}/${path}`,
        headers: t.auth(admin, { 'x-tenant': gruppe }),
      });
      expect(scoped.statusCode).toBe(404);
    }
    const issue = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: 'Keine Vorlage', data: { priority: 'Low' } },
    });
    expect((await t.app.inject({ url: `/api/dynamic-document/${issue.json().id}/pdf`, headers: t.auth(admin) })).statusCode).toBe(
      404,
    );
  });
});
