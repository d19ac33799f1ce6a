import { type ItemTypeKey, itemTypes, progressTileTypes } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates';
import type { TestApp } from '../../test/harness';
import { addUserWithClaims } from '../../test/helpers';
import { type PostedItem, pdfPages, reportSetup } from '../../test/report-setup';
import { webTexts } from './web-texts';

describe('management report', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let bakery: string;
  let today: string;
  let from: string;

  const url = (q: Record<string, string | undefined>) =>
    `/api/report/management?${new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined))}`;
  let post: (path: string, payload: object) => Promise<PostedItem>;
  const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();

  beforeAll(async () => {
    ({ t, admin, other, bakery, post } = await reportSetup());
    today = todayIn('Europe/Berlin');
    from = addDays(today, -40);
    const d10 = addDays(today, -10);
    const d8 = addDays(today, -8);
    await post('data-breach', {
      name: 'Fehlversand Lieferschein',
      data: { discoveredAt: at(d10, '09:00'), notifiedAt: at(addDays(d10, 1), '09:00'), riskLevel: 'risk' },
    });
    await post('data-breach', { name: 'Verlorener USB-Stick', data: { discoveredAt: at(d8, '10:00'), riskLevel: 'risk' } });
    await post('privacy-request', {
      name: 'Auskunft Frau Berg',
      data: { requestType: 'access', requester: 'Frau Berg', receivedDate: d8, respondedDate: addDays(d8, 3) },
    });
    const measure = await post('measure', { name: 'Bildschirmsperre nach 5 Minuten', data: { category: 'accessControl' } });
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/measure/${measure.id}`,
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { ...measure, status: 4 },
    });
    expect(done.statusCode, done.body).toBe(200);
    const project = await post('project', {
      companyId: bakery,
      name: 'Betreuung Managementbericht',
      validFrom: addDays(today, -60),
      budgetHours: 10,
      budgetPeriod: 'Month',
      plannedHours: [{ month: today.slice(0, 7), hours: 8 }],
    });
    await post('time-record', { day: today, hours: 2.5, projectId: project.id, description: 'Quartalsbericht vorbereitet' });
  });
  afterAll(() => t.close());

  it('renders radar, registers, breaches and requests with deadlines met or missed, measures and time; kept under documents', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, from, until: today, format: 'pdf' }),
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`Managementbericht Bäckerei Schmidt ${from} – ${today}.pdf`),
    );
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).toContain(`Seite 1 von ${pages.length}`);
    expect(pages.at(-1)).toContain(`Seite ${pages.length} von ${pages.length}`);
    const all = pages.join(' ');
    expect(pages[0]).toMatch(/Datenschutz- ?Managementbericht/);
    expect(pages[0]).toContain('Bäckerei Schmidt');
    expect(pages[0]).toContain(`Zeitraum ${from.split('-').reverse().join('.')} – ${today.split('-').reverse().join('.')}`);
    // The radar: its codes (drawn as SVG text) and the table beside it.
    expect(all).toContain('Datenschutzstatus');
    expect(all).toMatch(/PRO .*Verarbeitungstätigkeiten/);
    expect(all).toMatch(/Durchschnitt über \d+ Register: \d+ %/);
    // Beside each register's share now, the share at the end of the previous quarter (mark and
    // column): the bakery's items are all from today, so no register had items then.
    const previous = (
      await t.app.inject({ url: '/api/item/previous-quarter', headers: t.auth(admin, { 'x-tenant': bakery }) })
    ).json() as { until: string };
    const until = previous.until.split('-').reverse().join('.');
    expect(all).toContain(`Am Ende des Vorquartals (${until}) hatte noch kein Register Einträge: kein Vergleich.`);
    expect(all).toMatch(/Register Erledigt Vorquartal/);
    expect(all).toMatch(/PRO Verarbeitungstätigkeiten \d+ % –/);
    expect(all).toContain('Offene und überfällige Einträge je Register');
    // A breach told within 72 hours meets the deadline; one never told after 72 hours misses it.
    expect(all).toMatch(/Fehlversand Lieferschein .*fristgerecht gemeldet am .*eingehalten/);
    expect(all).toMatch(/Verlorener USB- ?Stick .*nicht gemeldet, Frist abgelaufen am .*versäumt/);
    expect(all).toMatch(/\d+ von \d+ Fristen eingehalten/);
    // Every column of the deadline tables is named, the verdict's too.
    expect(all).toContain('Eintrag Entdeckt Frist Meldung Bewertung');
    expect(all).toContain('Eintrag Eingegangen Frist Antwort Bewertung');
    expect(all).toMatch(/Auskunft Frau Berg .*fristgerecht beantwortet am .*eingehalten/);
    expect(all).toMatch(/TOM-\d+ Bildschirmsperre nach 5 Minuten/);
    expect(all).toContain('Gebuchte Zeit gegenüber Budget');
    expect(all).toMatch(/Summe [\d.]+,\d\d [\d.]+,\d\d [\d.]+,\d\d/);

    const documentId = res.headers['x-document-id'] as string;
    const again = await t.app.inject({ url: `/api/attachment/${documentId}/download`, headers: t.auth(admin) });
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  }, 120_000);

  it('compares with the previous quarter where the registers had items then', async () => {
    // The bakery's items as if they had been there, as they are, for 200 days.
    await t.db.execute(sql`update item_event set at = at - interval '200 days' where company_id = ${bakery}`);
    const res = await t.app.inject({ url: url({ companyId: bakery, from, until: today }), headers: t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const all = (await pdfPages(res.rawPayload)).join(' ');
    const now = (await t.app.inject({ url: '/api/item/statistics', headers: t.auth(admin, { 'x-tenant': bakery }) })).json() as {
      itemType: string;
      closedPercent: number;
    }[];
    const measures = Math.round(now.find((x) => x.itemType === 'measure')!.closedPercent);
    expect(all).toMatch(/am Ende des Vorquartals \(\d\d\.\d\d\.\d{4}\), im Durchschnitt \d+ %/);
    // The measures then as now; a register without items then has no comparison.
    expect(all).toContain(`TOM Maßnahmen (TOM) ${measures} % ${measures} %`);
    expect(all).toContain('PRO Verarbeitungstätigkeiten 0 % –');
    await t.db.execute(sql`update item_event set at = at + interval '200 days' where company_id = ${bakery}`);
  }, 60_000);

  it("prints each register's last 12 weeks as the dashboard trend counts them, in words beside the chart", async () => {
    type Trend = { itemType: ItemTypeKey; weeks: { day: string; open: number; overdue: number }[] }[];
    const trend = async () => {
      const res = await t.app.inject({ url: '/api/item/trend', headers: t.auth(admin, { 'x-tenant': bakery }) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Trend;
    };
    const measures = (x: Trend) => x.find((e) => e.itemType === 'measure')!.weeks;
    const before = measures(await trend());
    // Measures with a history over the weeks: each created now, its item_event rows then moved to
    // when it was created and closed (the first weekly point is 77 days ago).
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const measure = async (name: string, createdDaysAgo: number, dueDaysAgo: number, closedDaysAgo?: number) => {
      const { id } = await post('measure', { name, data: { category: 'accessControl' } });
      await t.db.execute(sql`update item set due_date = ${addDays(today, -dueDaysAgo)}::date where id = ${id}`);
      await t.db.execute(sql`update item_event set at = ${ago(createdDaysAgo)}::timestamptz where item_id = ${id}`);
      if (closedDaysAgo === undefined) return;
      await t.db.execute(sql`update item set status = 3 where id = ${id}`);
      await t.db.execute(
        sql`update item_event set at = ${ago(closedDaysAgo)}::timestamptz where item_id = ${id} and at > now() - interval '10 minutes'`,
      );
    };
    // Open from 80 days ago, overdue from 60 days ago, closed 10 days ago; open from 80 days ago,
    // closed 40 days ago, never overdue while open; new 20 days ago and overdue since 3 days ago.
    await measure('Trend Drucker ohne PIN', 80, 60, 10);
    await measure('Trend Aktenvernichtung', 80, -30, 40);
    await measure('Trend Zutritt Lager', 20, 3);
    const after = await trend();
    // The history is there: 77 days ago two more measures were open than before, none overdue; today one, overdue.
    const first = (x: { open: number; overdue: number }[]) => [x[0]!.open, x[0]!.overdue];
    const last = (x: { open: number; overdue: number }[]) => [x.at(-1)!.open, x.at(-1)!.overdue];
    expect(first(measures(after)).map((v, i) => v - first(before)[i]!)).toEqual([2, 0]);
    expect(last(measures(after)).map((v, i) => v - last(before)[i]!)).toEqual([1, 1]);

    const section = async (locale: 'de' | 'en', heading: string, next: string) => {
      const res = await t.app.inject({
        url: url({ companyId: bakery, from, until: today }),
        headers: t.auth(admin, { 'accept-language': locale }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const all = (await pdfPages(res.rawPayload)).join(' ').replace(/\s+/g, ' ');
      expect(all).toContain(heading);
      return all.slice(all.indexOf(heading), all.indexOf(next));
    };
    const de = await section('de', 'Entwicklung der letzten 12 Wochen', 'Datenpannen im Zeitraum');
    const en = await section('en', 'The last 12 weeks', 'Data breaches in the period');
    const since = after[0]!.weeks[0]!.day.split('-').reverse().join('.');
    expect(de).toContain(`Kürzel Register Verlauf Vom ${since} bis heute`);
    expect(en).toContain(`Code Register Trend From ${since} until today`);
    // Each of the radar's registers with items in these weeks, with the trend's first and last
    // figures; a register without any is left out.
    const radar = [...progressTileTypes, 'service-agreement-with-provider', 'service-agreement-with-shared-responsibility'];
    const [tDe, tEn] = [webTexts('de'), webTexts('en')];
    let listed = 0;
    for (const { itemType, weeks } of after.filter((x) => radar.includes(x.itemType))) {
      const code = itemTypes.find((x) => x.key === itemType)!.code;
      const [o0, d0] = first(weeks);
      const [o1, d1] = last(weeks);
      const rowDe = `${code} ${tDe(`section.${itemType}`)} offen von ${o0} auf ${o1}, überfällig von ${d0} auf ${d1}`;
      const rowEn = `${code} ${tEn(`section.${itemType}`)} open from ${o0} to ${o1}, overdue from ${d0} to ${d1}`;
      if (weeks.every((w) => w.open + w.overdue === 0)) {
        expect(de).not.toContain(`${code} ${tDe(`section.${itemType}`)}`);
        continue;
      }
      expect(de).toContain(rowDe);
      expect(en).toContain(rowEn);
      listed++;
    }
    expect(listed).toBeGreaterThan(0);
  }, 120_000);

  it('is written in English for an English user', async () => {
    const res = await t.app.inject({
      url: url({ companyId: bakery, from, until: today }),
      headers: t.auth(admin, { 'accept-language': 'en' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const all = (await pdfPages(res.rawPayload)).join(' ');
    expect(all).toContain('Data protection management report');
    expect(all).toContain('Time booked against budget');
    expect(all).toContain('Item Discovered Deadline Notification Assessment');
    expect(all).toContain('Item Received Deadline Response Assessment');
    expect(all).toMatch(/Page 1 of \d+/);
  }, 60_000);

  it('leaves out what the caller may not read, saying so, instead of showing it empty', async () => {
    await addUserWithClaims(t, {
      email: 'management-reader@demo.local',
      companyId: bakery,
      claims: ['Summary.Read', 'DataBreach.Read'],
    });
    const token = await t.tokenFor('management-reader@demo.local');
    const res = await t.app.inject({ url: url({ companyId: bakery, from, until: today }), headers: t.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    const all = (await pdfPages(res.rawPayload)).join(' ');
    expect(all).toContain('Fehlversand Lieferschein');
    expect(all).not.toContain('Auskunft Frau Berg');
    expect(all).not.toContain('Bildschirmsperre');
    expect(all).toContain('Nicht enthalten: Sie dürfen dieses Register nicht lesen.');
    expect(all).toContain('Nicht enthalten: Sie dürfen die Zeitauswertung nicht lesen.');
  }, 60_000);

  it('refuses without Summary.Read (403), answers 404 for another tenant, 422 for a bad period', async () => {
    await addUserWithClaims(t, { email: 'no-summary@demo.local', companyId: bakery, claims: ['Process.Read'] });
    const token = await t.tokenFor('no-summary@demo.local');
    expect((await t.app.inject({ url: url({ companyId: bakery, from, until: today }), headers: t.auth(token) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: url({ companyId: bakery, from, until: today }), headers: t.auth(other) })).statusCode).toBe(
      404,
    );
    for (const q of [
      { companyId: bakery, from: today, until: from },
      { companyId: bakery, from: '2020-01-01', until: '2026-01-01' },
      { companyId: bakery, from, until: today, format: 'xlsx' },
      { companyId: 'nope', from, until: today },
    ]) {
      const res = await t.app.inject({ url: url(q), headers: t.auth(admin) });
      expect(res.statusCode, JSON.stringify(q)).toBe(422);
    }
  });
});
