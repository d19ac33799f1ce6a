import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { itemTypeDefs } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerDb } from '../../db/client';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleData } from '../../test/helpers';
import { runNotificationPass } from '../notification/scheduler';
import { urlProblem } from './address';
import { backoffMs, WEBHOOK_PAUSE_AFTER } from './worker';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver as a customer would run one: it checks the signature the way the README shows. */
function verify(secret: string, headers: http.IncomingHttpHeaders, body: string) {
  const timestamp = String(headers['x-pc-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  const given = String(headers['x-pc-signature'] ?? '');
  return expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

describe('outgoing webhooks', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  let receiver: http.Server;
  let base: string;
  let received: Received[] = [];
  let answer = 200;
  const hour = 3_600_000;

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token = admin, payload?: unknown, tenant = bakery) =>
    t.app.inject({ method, url, headers: t.auth(token, { 'x-tenant': tenant }), payload: payload as never });
  const register = async (events: string[], path = '/hook') => {
    const res = await api('POST', '/api/webhook', admin, { companyId: bakery, url: `${base}${path}`, events });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string };
  };
  const createItem = async (
    type: 'issue' | 'data-breach' | 'privacy-request',
    name = `Neu ${type}`,
    data: Record<string, unknown> = {},
  ) => {
    const res = await api('POST', `/api/${type}`, admin, { name, data: { ...sampleData(itemTypeDefs[type].fields), ...data } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; version: number; name: string; data: unknown; status: number; dueDate: string | null };
  };
  const deliveries = async (id: string) =>
    (await api('GET', `/api/webhook/${id}/deliveries?pageSize=100`)).json().items as {
      id: string;
      event: string;
      status: string;
      attempts: number;
      responseStatus: number | null;
      nextAttemptAt: string | null;
      error: string | null;
    }[];
  const run = (at: Date, o: { production?: boolean; resolve?: (h: string) => Promise<string[]> } = {}) =>
    t.app.webhooks.run({ now: at, ...o });

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body });
        res.writeHead(answer, answer >= 300 && answer < 400 ? { location: 'http://127.0.0.1:1/' } : {}).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const companies = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = companies.find((c: { name: string }) => c.name === 'Bäckerei Schmidt')!.id;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
  beforeEach(async () => {
    received = [];
    answer = 200;
    // Each test starts without endpoints, so events of one do not reach another's receiver.
    await t.db.execute(sql`delete from webhook_endpoint`);
  });

  it('shows the secret once, keeps it sealed and lists the endpoint without it', async () => {
    const { id, secret } = await register(['item.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const [stored] = await queryRows<{ secret_sealed: string }>(
      t.db,
      sql`select secret_sealed from webhook_endpoint where id = ${id}`,
    );
    expect(stored!.secret_sealed).not.toContain(secret.slice(6));
    const list = await api('GET', '/api/webhook');
    expect(list.statusCode).toBe(200);
    expect(list.json().rights).toEqual({ create: true });
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id,
        url: `${base}/hook`,
        events: ['item.created'],
        pausedAt: null,
        rights: { update: true, delete: true, resend: true },
      }),
    ]);
    expect(list.body).not.toContain(secret);
    const [logged] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from security_event where type = 'webhook.created' and detail->>'webhookId' = ${id}`,
    );
    expect(logged!.n).toBe(1);
  });

  it('delivers a signed event a receiver can verify, with the item as the API returns it', async () => {
    const { id, secret } = await register(['item.created', 'item.updated', 'item.status_changed']);
    const issue = await createItem('issue', 'Webhook-Test');
    // Queued with the change, sent by the worker's next pass.
    expect((await deliveries(id)).map((d) => [d.event, d.status])).toEqual([['item.created', 'pending']]);
    const now = t.clock.now();
    expect(await run(now)).toMatchObject({ delivered: 1 });
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(verify(secret, got!.headers, got!.body)).toBe(true);
    expect(verify(secret, got!.headers, got!.body.replace('Webhook-Test', 'Webhook-TesT'))).toBe(false);
    expect(got!.headers['x-pc-event']).toBe('item.created');
    expect(got!.headers['x-pc-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    const body = JSON.parse(got!.body);
    const [log] = await deliveries(id);
    expect(got!.headers['x-pc-delivery']).toBe(log!.id);
    expect(body).toMatchObject({
      type: 'item.created',
      companyId: bakery,
      data: { item: { id: issue.id, name: 'Webhook-Test' } },
    });
    expect(body.data.item.rights).toBeUndefined();
    const apiItem = (await api('GET', `/api/issue/${issue.id}`)).json();
    const { rights: _r, ...withoutRights } = apiItem;
    expect(body.data.item).toEqual(withoutRights);
    expect(log).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, error: null, nextAttemptAt: null });

    // A change of status is two events; a change without one is one.
    const put = async (payload: Record<string, unknown>) => {
      const cur = (await api('GET', `/api/issue/${issue.id}`)).json();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/issue/${issue.id}`,
        headers: t.auth(admin, { 'x-tenant': bakery, 'if-match': `"${cur.version}"` }),
        payload: { name: cur.name, data: cur.data, ownerId: cur.owner?.id ?? null, ...payload },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put({ status: 4 });
    await put({ status: 4, description: 'nur Text' });
    await run(t.clock.now());
    expect(received.slice(1).map((r) => r.headers['x-pc-event'])).toEqual(
      expect.arrayContaining(['item.updated', 'item.status_changed', 'item.updated']),
    );
    expect(received).toHaveLength(4);
    expect(received.every((r) => verify(secret, r.headers, r.body))).toBe(true);
  });

  it('sends only the events an endpoint chose: a new breach and a new privacy request', async () => {
    const breaches = await register(['data_breach.created'], '/breach');
    const requests = await register(['privacy_request.received'], '/request');
    await createItem('issue');
    await createItem('data-breach');
    await createItem('privacy-request');
    await run(t.clock.now());
    expect(received.map((r) => r.headers['x-pc-event']).sort()).toEqual(['data_breach.created', 'privacy_request.received']);
    expect((await deliveries(breaches.id)).map((d) => d.event)).toEqual(['data_breach.created']);
    expect((await deliveries(requests.id)).map((d) => d.event)).toEqual(['privacy_request.received']);
  });

  it('retries a failing receiver with growing waits for 24 hours, then marks the delivery failed', async () => {
    answer = 500;
    const { id } = await register(['item.created']);
    await createItem('issue');
    const start = t.clock.now();
    let now = start;
    const attempts: number[] = [];
    for (let i = 0; i < 40; i++) {
      await run(now);
      attempts.push(now.getTime() - start.getTime());
      const [d] = await deliveries(id);
      if (d!.status !== 'pending') break;
      // Just before the next attempt is due nothing is sent.
      const due = new Date(d!.nextAttemptAt!);
      const sent = received.length;
      await run(new Date(due.getTime() - 1000));
      expect(received.length).toBe(sent);
      now = due;
    }
    const [d] = await deliveries(id);
    expect(d).toMatchObject({ status: 'failed', responseStatus: 500, error: 'HTTP 500' });
    expect(received).toHaveLength(attempts.length);
    // The waits between attempts follow the backoff (10 s doubling up to 3 h) ...
    const waits = attempts.slice(1).map((a, i) => a - attempts[i]!);
    expect(waits).toEqual(waits.map((_, i) => backoffMs(i + 1)));
    expect(waits.slice(0, 3)).toEqual([10_000, 20_000, 40_000]);
    // ... and the attempts end within the 24 hours after the event.
    expect(attempts.at(-1)!).toBeLessThan(24 * hour);
    expect(attempts.at(-1)! + backoffMs(attempts.length)).toBeGreaterThan(24 * hour);
    // A redirect is not followed: it counts as a failure.
    answer = 302;
    await createItem('issue');
    await run(t.clock.now());
    expect(received.at(-1)!.headers['x-pc-event']).toBe('item.created');
    expect((await deliveries(id))[0]).toMatchObject({ status: 'pending', responseStatus: 302 });
  });

  it(`pauses an endpoint after ${WEBHOOK_PAUSE_AFTER} failures in a row, tells its administrators, and a resend starts it again`, async () => {
    answer = 503;
    const { id } = await register(['item.created']);
    for (let i = 0; i < 10; i++) await createItem('issue', `Fehlschlag ${i}`);
    const start = t.clock.now().getTime();
    // Ten deliveries, five passes three hours apart (every wait is at most three hours): 50 attempts.
    for (let pass = 0; pass < 5; pass++) await run(new Date(start + pass * 3 * hour));
    expect(received).toHaveLength(50);
    const endpoint = (await api('GET', '/api/webhook')).json().items[0];
    expect(endpoint.pausedAt).not.toBeNull();
    expect(endpoint.consecutiveFailures).toBe(50);
    // Nothing more goes to a paused endpoint.
    await run(new Date(start + 15 * hour));
    expect(received).toHaveLength(50);
    const notes = (await t.app.inject({ url: '/api/notification?kind=webhook_paused', headers: t.auth(admin) })).json();
    expect(notes.items).toHaveLength(1);
    expect(notes.items[0]).toMatchObject({ kind: 'webhook_paused', companyId: bakery, item: null });

    // The receiver is mended; the administrator sends one delivery again.
    answer = 200;
    const [last] = await deliveries(id);
    const resent = await api('POST', `/api/webhook/${id}/deliveries/${last!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ status: 'pending', attempts: 0, event: 'item.created' });
    await run(new Date(start + 16 * hour));
    const after = (await api('GET', '/api/webhook')).json().items[0];
    expect(after).toMatchObject({ pausedAt: null, consecutiveFailures: 0 });
    const sent = received.slice(50);
    expect(sent.map((r) => r.headers['x-pc-delivery'])).toContain(resent.json().id);
    // The resend carries the same event and body.
    const original = received.find((r) => r.headers['x-pc-delivery'] === last!.id);
    expect(sent.find((r) => r.headers['x-pc-delivery'] === resent.json().id)!.body).toBe(original!.body);
  });

  it('tells of a deadline alert once per step and endpoint, however many passes raise it', async () => {
    const { id, secret } = await register(['deadline.reached']);
    const other = await register(['deadline.reached', 'item.created'], '/other');
    const discovered = new Date(t.clock.now().getTime() - hour);
    const breach = await createItem('data-breach', 'Frist-Test', { discoveredAt: discovered.toISOString(), notifiedAt: null });
    const at = (h: number) => new Date(discovered.getTime() + h * hour);
    const pass = (now: Date) => runNotificationPass(t.db as unknown as OwnerDb, { timeZone: 'Europe/Berlin', now });
    const ofBreach = () =>
      received.filter((r) => r.headers['x-pc-event'] === 'deadline.reached' && JSON.parse(r.body).data.item.id === breach.id);

    await pass(at(23)); // no alert before 24 hours
    await run(at(23));
    expect(ofBreach()).toEqual([]);
    // Two instances run the pass at the same moment: the step is raised, and sent, once.
    await Promise.all([pass(at(25)), pass(at(25))]);
    await run(at(25));
    const first = ofBreach();
    expect(first).toHaveLength(2); // one for each endpoint
    expect(first.map((r) => r.url).sort()).toEqual(['/hook', '/other']);
    const mine = first.find((r) => verify(secret, r.headers, r.body))!;
    const body = JSON.parse(mine.body);
    const { rights: _r, ...apiItem } = (await api('GET', `/api/data-breach/${breach.id}`)).json();
    expect(body).toMatchObject({ type: 'deadline.reached', companyId: bakery });
    expect(body.data.item).toEqual(apiItem);
    expect(body.data.deadline).toEqual({
      kind: 'data_breach_notification',
      step: '24h',
      dueAt: new Date(discovered.getTime() + 72 * hour).toISOString(),
    });

    // The pass raises the step again for a recipient it had not told (here: the alerts are gone);
    // the endpoints heard of it already.
    await t.db.execute(sql`delete from notification where item_id = ${breach.id}::uuid`);
    expect((await pass(at(26))).created.breach_deadline).toBeGreaterThan(0);
    await run(at(26));
    expect(ofBreach()).toHaveLength(2);
    // The next step is a new event; a breach reported to the authority raises none.
    await pass(at(49));
    await run(at(49));
    expect(ofBreach().map((r) => JSON.parse(r.body).data.deadline.step)).toEqual(['24h', '24h', '48h', '48h']);
    expect((await deliveries(id)).filter((d) => d.event === 'deadline.reached').length).toBeGreaterThanOrEqual(2);
    expect((await deliveries(other.id)).every((d) => d.status === 'delivered')).toBe(true);

    // A privacy request: 7 days and 1 day before its answer is due.
    const request = await createItem('privacy-request', 'Auskunft', { receivedDate: t.clock.now().toISOString().slice(0, 10) });
    const before = (days: number) => new Date(Date.parse(`${request.dueDate}T10:00:00Z`) - days * 24 * hour);
    for (const days of [7, 6, 1]) {
      await pass(before(days));
      await run(before(days));
    }
    const steps = received
      .filter((r) => r.headers['x-pc-event'] === 'deadline.reached' && verify(secret, r.headers, r.body))
      .map((r) => JSON.parse(r.body).data)
      .filter((d) => d.item.id === request.id)
      .map((d) => d.deadline);
    expect(steps).toEqual([
      { kind: 'privacy_request_answer', step: '7d', dueAt: request.dueDate },
      { kind: 'privacy_request_answer', step: '1d', dueAt: request.dueDate },
    ]);
  });

  it('changes an endpoint (address, events, paused) and keeps its secret; a refused address changes nothing', async () => {
    const { id, secret } = await register(['item.created']);
    const patch = (payload: unknown, token = admin) => api('PATCH', `/api/webhook/${id}`, token, payload);
    const changed = await patch({ url: `${base}/moved`, events: ['item.created', 'deadline.reached'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id,
      url: `${base}/moved`,
      events: ['item.created', 'deadline.reached'],
      pausedAt: null,
      rights: { update: true, delete: true, resend: true },
    });
    await createItem('issue');
    await run(t.clock.now());
    expect(received.map((r) => [r.url, r.headers['x-pc-event']])).toEqual([['/moved', 'item.created']]);
    expect(verify(secret, received[0]!.headers, received[0]!.body)).toBe(true);

    // Paused: events wait in the queue; started again: they go out.
    expect((await patch({ paused: true })).json().pausedAt).not.toBeNull();
    await createItem('issue');
    await run(t.clock.now());
    expect(received).toHaveLength(1);
    const started = await patch({ paused: false });
    expect(started.json()).toMatchObject({ pausedAt: null, consecutiveFailures: 0, url: `${base}/moved` });
    await run(t.clock.now());
    expect(received).toHaveLength(2);

    // A refused address (and a malformed body) answers 422 and leaves the endpoint as it was.
    const bad = await patch({ url: 'http://hooks.example.com/x', events: ['item.updated'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ url: ['validation.webhook.https'] });
    expect((await patch({ events: [] })).statusCode).toBe(422);
    expect((await patch({ companyId: bakery })).statusCode).toBe(422);
    const [kept] = (await api('GET', '/api/webhook')).json().items;
    expect(kept).toMatchObject({ url: `${base}/moved`, events: ['item.created', 'deadline.reached'] });
    const [logged] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from security_event where type = 'webhook.updated' and detail->>'webhookId' = ${id}`,
    );
    expect(logged!.n).toBe(3);

    // Only the company's administrators change it; another tenant does not find it.
    const reader = await t.tokenFor('reader@demo.local');
    const readerCompany = (await t.app.inject({ url: '/api/user/me', headers: t.auth(reader) })).json().companyId;
    expect((await api('PATCH', `/api/webhook/${id}`, reader, { paused: true }, readerCompany)).statusCode).toBe(403);
    const other = await t.tokenFor('other@demo.local');
    const otherCompany = (await t.app.inject({ url: '/api/user/me', headers: t.auth(other) })).json().companyId;
    expect((await api('PATCH', `/api/webhook/${id}`, other, { paused: true }, otherCompany)).statusCode).toBe(404);
    expect((await api('GET', '/api/webhook')).json().items[0].pausedAt).toBeNull();
  });

  it('refuses private, loopback and link-local addresses in Production, also after DNS resolution', async () => {
    // Addresses written into the URL are refused when the endpoint is registered.
    expect(urlProblem('https://hooks.example.com/x', true)).toBeNull();
    for (const url of [
      'https://10.0.0.1/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://192.168.1.10/',
      'https://172.20.0.1/',
      'https://100.64.0.1/',
      'https://[::1]/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://0.0.0.0/',
    ])
      expect(urlProblem(url, true), url).toBe('validation.webhook.address');
    expect(urlProblem('http://localhost:8080/x', true)).toBe('validation.webhook.https');
    expect(urlProblem('http://localhost:8080/x', false)).toBeNull();
    expect(urlProblem('http://hooks.example.com/x', false)).toBe('validation.webhook.https');
    expect(urlProblem('ftp://hooks.example.com/x', false)).toBe('validation.webhook.https');
    expect(urlProblem('https://user:pw@hooks.example.com/x', false)).toBe('validation.webhook.url');
    expect(urlProblem('kein link', false)).toBe('validation.webhook.url');
    const bad = await api('POST', '/api/webhook', admin, {
      companyId: bakery,
      url: 'http://hooks.example.com/x',
      events: ['item.created'],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ url: ['validation.webhook.https'] });

    // A host name is resolved at delivery; an answer with a private address is refused and
    // nothing is sent, whatever else the name resolves to.
    const ids: string[] = [];
    for (const host of ['intern.example.com', 'gemischt.example.com', 'localhost']) {
      const { id } = await register(['item.created']);
      await t.db.execute(sql`update webhook_endpoint set url = ${`https://${host}/hook`} where id = ${id}`);
      ids.push(id);
    }
    await createItem('issue');
    const resolve = async (host: string) =>
      host === 'intern.example.com'
        ? ['10.1.2.3']
        : host === 'gemischt.example.com'
          ? ['93.184.215.14', '192.168.0.7']
          : ['127.0.0.1'];
    await run(t.clock.now(), { production: true, resolve });
    for (const id of ids)
      expect((await deliveries(id))[0]).toMatchObject({ status: 'pending', error: 'refused: address', responseStatus: null });
    expect(received).toHaveLength(0);
  });

  it('connects to the address it resolved and checked', async () => {
    const { id } = await register(['item.created']);
    const port = new URL(base).port;
    await t.db.execute(sql`update webhook_endpoint set url = ${`http://localhost:${port}/hook`} where id = ${id}`);
    await createItem('issue');
    const asked: string[] = [];
    await run(t.clock.now(), {
      resolve: async (host) => {
        asked.push(host);
        return ['127.0.0.1'];
      },
    });
    expect(asked).toEqual(['localhost']);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.host).toBe(`localhost:${port}`);
  });

  it("lets only the company's administrators manage webhooks, and no other tenant see or touch them", async () => {
    const { id } = await register(['item.created']);
    await createItem('issue');
    const [delivery] = await deliveries(id);
    const reader = await t.tokenFor('reader@demo.local');
    const readerCompany = (await t.app.inject({ url: '/api/user/me', headers: t.auth(reader) })).json().companyId;
    expect((await api('GET', '/api/webhook', reader, undefined, readerCompany)).statusCode).toBe(403);
    expect(
      (
        await api(
          'POST',
          '/api/webhook',
          reader,
          { companyId: readerCompany, url: `${base}/x`, events: ['item.created'] },
          readerCompany,
        )
      ).statusCode,
    ).toBe(403);

    const other = await t.tokenFor('other@demo.local');
    const otherCompany = (await t.app.inject({ url: '/api/user/me', headers: t.auth(other) })).json().companyId;
    const as = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
      api(method, url, other, payload, otherCompany);
    expect((await as('GET', '/api/webhook')).json().items).toEqual([]);
    expect((await as('GET', `/api/webhook/${id}/deliveries`)).statusCode).toBe(404);
    expect((await as('POST', `/api/webhook/${id}/deliveries/${delivery!.id}/resend`)).statusCode).toBe(404);
    expect((await as('DELETE', `/api/webhook/${id}`)).statusCode).toBe(404);
    const foreign = await as('POST', '/api/webhook', { companyId: bakery, url: `${base}/x`, events: ['item.created'] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fields).toEqual({ companyId: ['validation.companyNotAllowed'] });
    // A scope the other tenant does not see is refused outright.
    expect((await api('GET', '/api/webhook', other, undefined, bakery)).statusCode).toBe(403);
    expect((await api('GET', '/api/webhook')).json().items.map((w: { id: string }) => w.id)).toEqual([id]);

    // An API token acts with its user's rights: a read token lists, a write token also changes.
    const token = async (access: 'read' | 'write') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/api-token',
        headers: t.auth(admin),
        payload: { name: `Webhooks ${access}`, access, expiresAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() },
      });
      return res.json().token as string;
    };
    const read = await token('read');
    expect((await api('GET', '/api/webhook', read)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/webhook/${id}`, read)).statusCode).toBe(403);
    const write = await token('write');
    expect((await api('DELETE', `/api/webhook/${id}`, write)).statusCode).toBe(204);
    expect((await api('GET', '/api/webhook')).json().items).toEqual([]);
    expect((await api('GET', `/api/webhook/${id}/deliveries`)).statusCode).toBe(404);
  });
});
