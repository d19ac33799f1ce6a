import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/helpers';
import { numberQuery } from './service';

describe('numberQuery', () => {
  it('reads a bare number, with leading zeros, and a prefix with or without a separator', () => {
    expect(numberQuery('5')).toEqual({ number: 5, types: null });
    expect(numberQuery(' 0005 ')).toEqual({ number: 5, types: null });
    expect(numberQuery('AUF 5')).toEqual({ number: 5, types: ['issue'] });
    expect(numberQuery('auf-0005')).toEqual({ number: 5, types: ['issue'] });
    expect(numberQuery('VT12')).toEqual({ number: 12, types: ['process'] });
  });

  it('leaves words, unknown prefixes and over-long numbers to the text search', () => {
    expect(numberQuery('Raum 5')).toBeNull();
    expect(numberQuery('5 Räume')).toBeNull();
    expect(numberQuery('1234567890')).toBeNull();
    expect(numberQuery('AUF')).toBeNull();
  });
});

describe('search by item number', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  let handel: string;
  const numbers: Record<string, string> = {};
  const create = async (scope: string, type: string, name: string, data: Record<string, unknown>, status = 0) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${type}`,
      headers: t.auth(admin, { 'x-tenant': scope }),
      payload: { name, status, data },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; number: string };
  };
  const search = async (q: string, token = admin, scope?: string) => {
    const res = await t.app.inject({
      url: `/api/searchable-item/search/${encodeURIComponent(q)}`,
      headers: t.auth(token, scope ? { 'x-tenant': scope } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; number: string; companyName: string; type: string; status: number | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    handel = list.find((c: { name: string }) => c.name === 'Beispiel Handel GmbH').id;
    for (let i = 1; i <= 5; i++) {
      const issue = await create(bakery, 'issue', `Aufgabe ${i + 10}`, { priority: 'Low' }, i === 5 ? 1 : 0);
      numbers[`issue${i}`] = issue.id;
      numbers[`process${i}`] = (await create(bakery, 'process', `Tätigkeit ${i + 20}`, { role: 'controller' })).id;
    }
    numbers.handelIssue = (await create(handel, 'issue', 'Aufgabe im Handel', { priority: 'Low' })).id;
    // Text that mentions the number must not push the numbered items down.
    numbers.mentions = (await create(bakery, 'issue', 'Raum 5 aufräumen', { priority: 'Low' })).id;
  });
  afterAll(() => t.close());

  it('finds the items of that number in every register first, for "5" and "0005" alike', async () => {
    for (const q of ['5', '0005']) {
      const got = await search(q, admin, bakery);
      expect(
        got
          .slice(0, 2)
          .map((r) => r.id)
          .sort(),
        q,
      ).toEqual([numbers.issue5, numbers.process5].sort());
      expect(
        got
          .map((r) => r.number)
          .slice(0, 2)
          .sort(),
        q,
      ).toEqual(['AUF-0005', 'VT-0005']);
    }
    // Only numbers that exist: the sixth issue is the one that mentions "5".
    expect((await search('5', admin, bakery)).map((r) => r.id)).not.toContain(numbers.issue4);
  });

  it('finds AUF-0005 first for "AUF 5", "auf-5" and "AUF5"', async () => {
    for (const q of ['AUF 5', 'auf-5', 'AUF5', 'AUF-0005']) {
      const got = await search(q, admin, bakery);
      expect(got[0]?.id, q).toBe(numbers.issue5);
    }
    // The prefix narrows the number to its register (the full text of "AUF-0005" still finds VT-0005's "0005").
    expect((await search('AUF 5', admin, bakery)).map((r) => r.id)).not.toContain(numbers.process5);
  });

  it('over all companies finds the number in each company, and stays in the tenant and the read claims', async () => {
    const got = await search('AUF 1');
    expect(
      got
        .slice(0, 2)
        .map((r) => r.companyName)
        .sort(),
    ).toEqual(['Beispiel Handel GmbH', 'Bäckerei Schmidt']);
    expect(await search('AUF 1', await t.tokenFor('other@demo.local'))).toEqual([]);
    // The reader sees one client company: never the agency's other clients.
    const reader = await search('1', await t.tokenFor('reader@demo.local'));
    expect(new Set(reader.map((r) => r.companyName)).size).toBeLessThanOrEqual(1);
  });

  it("shows an attachment hit with its item's status", async () => {
    const m = multipart('Bestandsliste_Keller.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'));
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/issue/${numbers.issue5}/attachment`,
      payload: m.payload,
      headers: { ...t.auth(admin), ...m.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    const doc = (await search('Bestandsliste', admin, bakery)).find((r) => r.type === 'document');
    expect(doc).toMatchObject({ id: up.json().id, status: 1 });
  });
});
