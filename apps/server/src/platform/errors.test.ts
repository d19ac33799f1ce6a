import { type ItemTypeKey, itemTypeDefs } from '@pc/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/types';
import { createTestApp, type TestApp } from '../test/harness';
import { sampleData } from '../test/helpers';
import { registerErrorHandling } from './errors';

/** Each input the probe found to answer 500 (or to be stored as nonsense) is refused with a field error. */
describe('bad input answers 4xx, never 500', () => {
  let t: TestApp;
  let admin: string;
  let issueId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/issue',
      headers: t.auth(admin),
      payload: { name: 'Bestehend', data: sampleData(itemTypeDefs.issue.fields) },
    });
    issueId = created.json().id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: t.auth(admin), payload });
  const itemCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from item`))[0]!.n;

  it.each(['2026-02-30', '0000-00-00', '2026-13-01', '0101-01-01', '2200-01-01'])(
    'refuses the due date %s on create and update',
    async (dueDate) => {
      const before = await itemCount();
      const created = await post('/api/issue', { name: 'x', dueDate, data: sampleData(itemTypeDefs.issue.fields) });
      expect(created.statusCode, created.body).toBe(422);
      expect(created.json().fields.dueDate).toEqual(['validation.date']);
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/issue/${issueId}`,
        headers: t.auth(admin),
        payload: { name: 'x', dueDate, data: sampleData(itemTypeDefs.issue.fields) },
      });
      expect(updated.statusCode, updated.body).toBe(422);
      expect(await itemCount()).toBe(before);
    },
  );

  it('accepts the edges of the year range and a leap day', async () => {
    for (const dueDate of ['1900-01-01', '2199-12-31', '2028-02-29']) {
      const res = await post('/api/issue', { name: dueDate, dueDate, data: sampleData(itemTypeDefs.issue.fields) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().dueDate).toBe(dueDate);
    }
  });

  const dataDates: [ItemTypeKey, string][] = [
    ['training', 'date'],
    ['privacy-request', 'receivedDate'],
    ['privacy-request', 'respondedDate'],
    ['pdca-list', 'planStart'],
    ['summary', 'periodFrom'],
    ['service-agreement-with-provider', 'contractDate'],
    ['hr', 'signedOn'],
    ['website', 'lastCheck'],
    ['audit', 'date'],
  ];
  it.each(dataDates)('refuses an impossible date in the data of %s (%s) instead of storing it', async (type, key) => {
    for (const value of ['2026-02-30', '0101-01-01']) {
      const data = { ...sampleData(itemTypeDefs[type].fields), [key]: value };
      const res = await post(`/api/${type}`, { name: 'x', data });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fields[`data.${key}`]).toEqual(['validation.date']);
    }
  });

  it('refuses an impossible date-time in the data (data breach discovered at)', async () => {
    const data = { ...sampleData(itemTypeDefs['data-breach'].fields), discoveredAt: '0101-02-29T10:00:00Z' };
    const res = await post('/api/data-breach', { name: 'x', data });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields['data.discoveredAt']).toEqual(['validation.dateTime']);
  });

  it('refuses impossible dates in the timeline range and the list filter', async () => {
    const timeline = await t.app.inject({
      url: '/api/timeline/between/0101-01-01T00:00:00/2026-02-30T00:00:00',
      headers: t.auth(admin),
    });
    expect(timeline.statusCode, timeline.body).toBe(422);
    expect(Object.keys(timeline.json().fields).sort()).toEqual(['from', 'until']);
    const ok = await t.app.inject({
      url: '/api/timeline/between/2026-01-01T00:00:00/2026-02-28T23:59:59',
      headers: t.auth(admin),
    });
    expect(ok.statusCode).toBe(200);
    const list = await t.app.inject({
      url: `/api/issue?from=${encodeURIComponent('2026-02-30 00:00:00')}&until=${encodeURIComponent('2026-03-01 25:00:00')}`,
      headers: t.auth(admin),
    });
    expect(list.statusCode, list.body).toBe(422);
    expect(Object.keys(list.json().fields).sort()).toEqual(['from', 'until']);
  });

  it('refuses a terms-of-use release in year 0101 and a user valid until 2026-02-30', async () => {
    const terms = await post('/api/terms-of-use', {
      releaseDate: '0101-01-01T00:00:00Z',
      contentDe: 'Bedingungen',
      contentEn: 'Terms',
    });
    expect(terms.statusCode, terms.body).toBe(422);
    expect(terms.json().fields.releaseDate).toEqual(['validation.dateTime']);
    const me = (await t.app.inject({ url: '/api/user/me', headers: t.auth(admin) })).json();
    const user = await post('/api/user', {
      firstname: 'Neu',
      lastname: 'Nutzer',
      email: 'neu@demo.local',
      companyId: me.companyId,
      roleIds: [],
      validUntil: '2026-02-30',
    });
    expect(user.statusCode).toBe(422);
    expect(user.json().fields.validUntil).toEqual(['validation.date']);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['an unpaired high surrogate', 'a\uD800b'],
    ['an unpaired low surrogate', '\uDC00'],
  ])('refuses %s in a text field with a field error', async (_, bad) => {
    const before = await itemCount();
    const res = await post('/api/issue', { name: bad, description: bad, data: sampleData(itemTypeDefs.issue.fields) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields.name).toEqual(['validation.text']);
    expect(res.json().fields.description).toEqual(['validation.text']);
    const tag = await post('/api/tag/person-groups', { name: bad });
    expect(tag.statusCode).toBe(422);
    expect(await itemCount()).toBe(before);
  });

  it('keeps text with valid surrogate pairs (emoji)', async () => {
    const res = await post('/api/issue', { name: 'Prüfung 😀', data: sampleData(itemTypeDefs.issue.fields) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Prüfung 😀');
  });

  it('refuses NUL in a search and in a login name', async () => {
    const search = await t.app.inject({ url: '/api/searchable-item/search/%00', headers: t.auth(admin) });
    expect(search.statusCode, search.body).toBe(422);
    const login = await t.login('admin\u0000@demo.local');
    expect(login.statusCode, login.body).toBe(400);
    expect(login.json().error).toBe('invalid_request');
  });

  it.each([
    ['an empty JSON body', ''],
    ['malformed JSON', '{"grant_type":'],
  ])('answers %s at the token endpoint as an OAuth2 invalid_request', async (_, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'invalid_request' });
  });
});

describe('a database input error that a schema let through', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['an impossible date', sql`select '2026-02-30'::date`],
    ['a number out of range', sql`select 99999999999::int4`],
    ['invalid text for a type', sql`select 'abc'::uuid`],
    ['NUL in text', sql`select ${'a\u0000b'}::text`],
  ])('answers 422 in the validation shape for %s', async (_, query) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/probe', async () => t.db.execute(query));
    const res = await app.inject({ url: '/probe' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { _: ['validation.notAccepted'] } });
    await app.close();
  });

  it('still answers 500 for an error that is not about input', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/probe', async () => t.db.execute(sql`select * from no_such_table`));
    const res = await app.inject({ url: '/probe' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal_error');
    await app.close();
  });
});
