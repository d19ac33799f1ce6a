import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, questionnaireResponse } from '../../db/schema/index';
import { sha256 } from '../../platform/auth/tokens';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/helpers';

describe('questionnaires', () => {
  let t: TestApp;
  let admin: string;
  let bakery: string;
  let audit: { id: string };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/audit',
      headers: t.auth(admin, { 'x-tenant': bakery }),
      payload: { name: 'Audit Rechenzentrum' },
    });
    expect(created.statusCode, created.body).toBe(201);
    audit = created.json();
  });
  afterAll(() => t.close());

  /** Sends one and returns its id and the key read from the mail. */
  async function send(to: string, templateKey = 'processor-audit', dueDate = day(14)) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: t.auth(admin),
      payload: { templateKey, recipientEmail: to, dueDate, itemId: audit.id, language: 'de' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)).orderBy(desc(mailOutbox.createdAt));
    const key = mail!.body.match(/\/questionnaire\/fill\/([A-Za-z0-9_-]+)/)![1]!;
    return { id: res.json().id as string, key, mail: mail!, body: res.json() };
  }

  const fill = (key: string, suffix = '', method: 'GET' | 'PUT' | 'POST' = 'GET', payload?: unknown) =>
    t.app.inject({ method, url: `/api/questionnaire/fill/${key}${suffix}`, payload: payload as object });

  const complete = {
    'contract-signed': true,
    instructions: 'Weisungen per Ticket <script>alert(1)</script>',
    'subprocessors-used': false,
    'transfer-regions': ['eu'],
    certification: 'iso27001',
    'breach-notice': 'Binnen 24 Stunden per E-Mail',
  };

  it('sends a link whose key is stored only as its hash, expiring seven days after the due date', async () => {
    const { id, key, mail, body } = await send('lieferant@example.com');
    expect(mail.subject).toContain('Auftragsverarbeiter-Audit');
    expect(body).toMatchObject({ state: 'open', itemId: audit.id, itemType: 'audit', rights: { write: true }, answers: {} });
    const [row] = await t.db.select().from(questionnaireResponse).where(eq(questionnaireResponse.id, id));
    expect(row!.keyHash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const due = Date.parse(`${day(14)}T00:00:00Z`);
    expect(row!.expiresAt.getTime()).toBe(due + 8 * 86_400_000);
  });

  it('lets the recipient fill in without login: draft, required answers, submit once, then closed', async () => {
    const { id, key } = await send('fill@example.com');
    const opened = await fill(key);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ state: 'open', companyName: 'Bäckerei Schmidt', language: 'de', answers: {} });
    expect(opened.json().template.sections).toHaveLength(3);

    // A draft keeps incomplete answers, but each must have its question's form.
    const draft = await fill(key, '', 'PUT', { answers: { instructions: 'Entwurf' } });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await fill(key)).json().answers).toEqual({ instructions: 'Entwurf' });
    const wrongForm = await fill(key, '', 'PUT', { answers: { 'contract-signed': 'ja', certification: 'unknown', nope: 'x' } });
    expect(wrongForm.statusCode).toBe(422);
    expect(Object.keys(wrongForm.json().fields).sort()).toEqual([
      'answers.certification',
      'answers.contract-signed',
      'answers.nope',
    ]);

    // Submitting needs every required answer.
    const incomplete = await fill(key, '/submit', 'POST', { answers: { instructions: 'Nur das' } });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().fields['answers.contract-signed']).toEqual(['validation.required']);

    // Before submission the team sees no answers (the draft is the recipient's).
    expect((await t.app.inject({ url: `/api/questionnaire/${id}`, headers: t.auth(admin) })).json().answers).toEqual({});

    const submitted = await fill(key, '/submit', 'POST', { answers: complete });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const again = await fill(key, '/submit', 'POST', { answers: complete });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('submitted');
    expect((await fill(key, '', 'PUT', { answers: complete })).statusCode).toBe(409);
    const closed = (await fill(key)).json();
    expect(closed).toMatchObject({ state: 'submitted', template: null, answers: {} });

    // The answers, script tags and all, come back as the text that was sent.
    const detail = (await t.app.inject({ url: `/api/questionnaire/${id}`, headers: t.auth(admin) })).json();
    expect(detail.state).toBe('submitted');
    expect(detail.answers.instructions).toBe('Weisungen per Ticket <script>alert(1)</script>');
    const forAudit = (await t.app.inject({ url: `/api/questionnaire?itemId=${audit.id}`, headers: t.auth(admin) })).json();
    expect(forAudit.some((q: { id: string }) => q.id === id)).toBe(true);
  });

  it('refuses an expired key and an unknown one', async () => {
    const { key } = await send('late@example.com', 'website-check', day(0));
    expect((await fill(key)).json().state).toBe('open');
    t.clock.advance(9 * 86_400_000);
    try {
      const res = await fill(key);
      expect(res.json()).toMatchObject({ state: 'expired', template: null });
      const submit = await fill(key, '/submit', 'POST', { answers: {} });
      expect(submit.statusCode).toBe(409);
      expect(submit.json().reason).toBe('expired');
    } finally {
      t.clock.advance(-9 * 86_400_000);
    }
    expect((await fill('x'.repeat(43))).statusCode).toBe(404);
    expect((await fill('short')).statusCode).toBe(422);
  });

  it('takes uploads with the limits and types of attachments, only for file questions', async () => {
    const { id, key } = await send('upload@example.com');
    const upload = (questionId: string, name: string, type: string, data: Buffer) => {
      const m = multipart(name, type, data);
      return t.app.inject({
        method: 'POST',
        url: `/api/questionnaire/fill/${key}/file?questionId=${questionId}`,
        headers: m.headers,
        payload: m.payload,
      });
    };
    const ok = await upload('certificate', 'iso.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await upload('certificate', 'x.exe', 'application/x-msdownload', Buffer.from('MZ'))).statusCode).toBe(422);
    expect((await upload('instructions', 'a.pdf', 'application/pdf', Buffer.from('%PDF'))).statusCode).toBe(422);
    expect((await upload('certificate', 'big.pdf', 'application/pdf', Buffer.alloc(20 * 1024 * 1024 + 1))).statusCode).toBe(413);

    // An answer may name only this response's files of that question.
    const foreign = await fill(key, '', 'PUT', { answers: { certificate: ['00000000-0000-4000-8000-000000000000'] } });
    expect(foreign.statusCode).toBe(422);
    const submitted = await fill(key, '/submit', 'POST', { answers: { ...complete, certificate: [ok.json().id] } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const detail = (await t.app.inject({ url: `/api/questionnaire/${id}`, headers: t.auth(admin) })).json();
    expect(detail.files).toHaveLength(1);
    const download = await t.app.inject({ url: `/api/questionnaire/file/${ok.json().id}/download`, headers: t.auth(admin) });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 test');
  });

  it('refuses a 20 MB answer with 413 and bad send input with 422', async () => {
    const { key } = await send('huge@example.com');
    const huge = await fill(key, '', 'PUT', { answers: { instructions: 'x'.repeat(20 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    const long = await fill(key, '', 'PUT', { answers: { instructions: 'x'.repeat(10_001) } });
    expect(long.statusCode).toBe(422);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: t.auth(admin),
      payload: { templateKey: 'nope', recipientEmail: 'kein', dueDate: '2026-02-30', itemId: audit.id, language: 'de' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['dueDate', 'recipientEmail']);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: t.auth(admin),
      payload: { templateKey: 'nope', recipientEmail: 'a@b.de', dueDate: day(3), itemId: audit.id, language: 'en' },
    });
    expect(unknown.json().fields).toEqual({ templateKey: ['validation.unknownReference'] });
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: t.auth(admin),
      payload: {
        templateKey: 'tom-self-assessment',
        recipientEmail: 'a@b.de',
        dueDate: day(-2),
        itemId: audit.id,
        language: 'en',
      },
    });
    expect(past.json().fields).toEqual({ dueDate: ['validation.dateInPast'] });
  });

  it('another tenant neither sees nor sends for the audit; the reader may read but not send', async () => {
    const { id } = await send('tenant@example.com');
    const other = await t.tokenFor('other@demo.local');
    expect((await t.app.inject({ url: `/api/questionnaire/${id}`, headers: t.auth(other) })).statusCode).toBe(404);
    const theirs = (await t.app.inject({ url: '/api/questionnaire', headers: t.auth(other) })).json();
    expect(theirs.some((q: { id: string }) => q.id === id)).toBe(false);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: t.auth(other),
      payload: { templateKey: 'website-check', recipientEmail: 'a@b.de', dueDate: day(3), itemId: audit.id, language: 'de' },
    });
    expect(sent.statusCode).toBe(422);
    expect(sent.json().fields).toEqual({ itemId: ['validation.unknownReference'] });

    const reader = await t.tokenFor('reader@demo.local');
    const asReader = await t.app.inject({ url: `/api/questionnaire/${id}`, headers: t.auth(reader) });
    expect(asReader.statusCode).toBe(200);
    expect(asReader.json().rights).toEqual({ write: false });
    const readerSends = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire',
      headers: t.auth(reader),
      payload: { templateKey: 'website-check', recipientEmail: 'a@b.de', dueDate: day(3), itemId: audit.id, language: 'de' },
    });
    expect(readerSends.statusCode).toBe(422);
  });

  it("shows the company's logo on the public page, and nothing for an unknown key", async () => {
    const { key } = await send('logo@example.com');
    expect((await fill(key)).json().hasLogo).toBe(false);
    expect((await fill(key, '/logo')).statusCode).toBe(404);
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const m = multipart('l.png', 'image/png', png);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/company/${bakery}/logo`,
      headers: { ...t.auth(admin), ...m.headers },
      payload: m.payload,
    });
    expect(up.statusCode, up.body).toBe(204);
    expect((await fill(key)).json().hasLogo).toBe(true);
    const logo = await fill(key, '/logo?width=240&height=80');
    expect(logo.statusCode).toBe(200);
    expect((await sharp(logo.rawPayload).metadata()).height).toBe(80);
    expect((await fill(`${'z'.repeat(43)}`, '/logo')).statusCode).toBe(404);
  });

  it('offers the three seed templates in German and English', async () => {
    const res = (await t.app.inject({ url: '/api/questionnaire/template', headers: t.auth(admin) })).json();
    expect(res.map((x: { key: string }) => x.key)).toEqual(['processor-audit', 'tom-self-assessment', 'website-check']);
    for (const tpl of res) expect(tpl.name.en.length).toBeGreaterThan(0);
  });
});

describe('the public fill link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 after LOGIN_RATE_LIMIT calls a minute from one address, like the other public calls', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await t.app.inject({ url: `/api/questionnaire/fill/${'k'.repeat(43)}` })).statusCode);
    }
    expect(codes).toEqual([404, 404, 404, 429]);
  });
});
