import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/helpers';

describe('attachments', () => {
  let t: TestApp;
  let admin: string;
  let issueId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
    const list = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const bakery = list.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    issueId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/issue',
        headers: t.auth(admin, { 'x-tenant': bakery }),
        payload: { name: 'Mit Anhang', data: { priority: 'Low' } },
      })
    ).json().id;
  });
  afterAll(() => t.close());

  const upload = (name: string, mime: string, content: Buffer, token = admin) => {
    const m = multipart(name, mime, content);
    return t.app.inject({
      method: 'POST',
      url: `/api/issue/${issueId}/attachment`,
      payload: m.payload,
      headers: { ...t.auth(token), ...m.headers },
    });
  };

  it('uploads, lists, downloads and deletes', async () => {
    const res = await upload('Vertrag Müller.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'));
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({ fileName: 'Vertrag Müller.pdf', size: 13, uploadedBy: 'Anna Admin', itemName: 'Mit Anhang' });
    const list = (await t.app.inject({ url: `/api/issue/${issueId}/attachment`, headers: t.auth(admin) })).json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await t.app.inject({ url: `/api/issue/${issueId}`, headers: t.auth(admin) })).json().attachmentCount).toBe(1);
    const dl = await t.app.inject({ url: `/api/attachment/${a.id}/download`, headers: t.auth(admin) });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('%PDF-1.4 test');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''Vertrag%20M%C3%BCller.pdf");
    const docs = (await t.app.inject({ url: '/api/attachment', headers: t.auth(admin) })).json();
    expect(docs.total).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/attachment/${a.id}`, headers: t.auth(admin) })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ url: `/api/attachment/${a.id}/download`, headers: t.auth(admin) })).statusCode).toBe(404);
  });

  it('refuses unknown file types, empty files and files over the limit with clear errors', async () => {
    const exe = await upload('tool.exe', 'application/x-msdownload', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(422);
    expect(exe.json().fields.file).toEqual(['validation.fileType']);
    expect((await upload('leer.txt', 'text/plain', Buffer.alloc(0))).json().fields.file).toEqual(['validation.fileEmpty']);
    const big = await upload('gross.pdf', 'application/pdf', Buffer.alloc(20 * 1024 * 1024 + 10));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    expect((await t.app.inject({ url: `/api/issue/${issueId}/attachment`, headers: t.auth(admin) })).json()).toEqual([]);
  });

  it('accepts exactly one file, in the field "file": other names, a second file or extra fields answer 422', async () => {
    const boundary = '----pc-parts';
    const part = (name: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n%PDF-1.4 ${name}\r\n`;
    const send = (...parts: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/issue/${issueId}/attachment`,
        payload: `${parts.join('')}--${boundary}--\r\n`,
        headers: { ...t.auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const cases: [string[], string][] = [
      [[part('upload', 'a.pdf')], 'validation.fileSingle'],
      [[part('file', 'a.pdf'), part('file', 'b.pdf')], 'validation.fileSingle'],
      [[part('file', 'a.pdf'), part('other', 'b.pdf')], 'validation.fileSingle'],
      [[part('file', 'a.pdf'), part('note')], 'validation.fileSingle'],
      [[part('note')], 'validation.fileMissing'],
      [[], 'validation.fileMissing'],
    ];
    for (const [parts, message] of cases) {
      const res = await send(...parts);
      expect(res.statusCode, parts.join('')).toBe(422);
      expect(res.json().fields.file).toEqual([message]);
    }
    expect((await t.app.inject({ url: `/api/issue/${issueId}/attachment`, headers: t.auth(admin) })).json()).toEqual([]);
    const one = await send(part('file', 'a.pdf'));
    expect(one.statusCode, one.body).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `/api/attachment/${one.json().id}`, headers: t.auth(admin) });
  });

  it('refuses a file name with NUL with a field error (found by the fuzz stage: a 500)', async () => {
    const res = await upload('vertrag\u0000.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields.file).toEqual(['validation.text']);
    expect((await t.app.inject({ url: `/api/issue/${issueId}/attachment`, headers: t.auth(admin) })).json()).toEqual([]);
  });

  it('sends the caller’s rights with each attachment: the reader may download but not delete', async () => {
    const a = (await upload('rechte.txt', 'text/plain', Buffer.from('x'))).json();
    expect(a.rights).toEqual({ delete: true });
    const reader = await t.tokenFor('reader@demo.local');
    const asReader = (await t.app.inject({ url: `/api/issue/${issueId}/attachment`, headers: t.auth(reader) })).json();
    expect(asReader.find((x: { id: string }) => x.id === a.id).rights).toEqual({ delete: false });
    const docs = (await t.app.inject({ url: '/api/attachment', headers: t.auth(reader) })).json();
    expect(docs.items.find((x: { id: string }) => x.id === a.id).rights).toEqual({ delete: false });
    const docsAdmin = (await t.app.inject({ url: '/api/attachment', headers: t.auth(admin) })).json();
    expect(docsAdmin.items.find((x: { id: string }) => x.id === a.id).rights).toEqual({ delete: true });
    expect((await t.app.inject({ url: `/api/attachment/${a.id}/download`, headers: t.auth(reader) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/attachment/${a.id}`, headers: t.auth(reader) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/attachment/${a.id}`, headers: t.auth(admin) })).statusCode).toBe(
      204,
    );
  });

  it('another tenant can neither list, download nor upload', async () => {
    const a = (await upload('notiz.txt', 'text/plain', Buffer.from('geheim'))).json();
    const other = await t.tokenFor('other@demo.local');
    expect((await t.app.inject({ url: `/api/attachment/${a.id}/download`, headers: t.auth(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/issue/${issueId}/attachment`, headers: t.auth(other) })).statusCode).toBe(404);
    expect((await upload('x.txt', 'text/plain', Buffer.from('x'), other)).statusCode).toBe(404);
    const reader = await t.tokenFor('reader@demo.local');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/attachment/${a.id}`, headers: t.auth(reader) })).statusCode).toBe(
      403,
    );
  });
});
