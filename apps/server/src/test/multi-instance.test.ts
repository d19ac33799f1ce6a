import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import journal from '../db/migrations/meta/_journal.json';
import { appUser, company, item, mailOutbox, notificationSetting, securityEvent, userCompany } from '../db/schema/index';
import { queryRows } from '../db/types';
import type { AuthSettings } from '../modules/auth/deps';
import { registerFailedLogin } from '../modules/auth/service';
import { resetDueDemoCompanies } from '../modules/company/demo-reset';
import { runNotificationPass } from '../modules/notification/scheduler';
import { secretBox } from '../platform/auth/secret-box';
import { addDays, todayIn } from '../platform/dates';
import { ownerQueue } from '../platform/mail/mailer';
import { openStorage } from '../platform/storage';
import { DEMO_PASSWORD } from '../seed/demo';
import { multipart } from './helpers';
import { startServerProcess } from './server-process';
import { baseEnv, databaseUrl, dropDatabase, withAdmin } from './template';

/**
 * Several server processes on one PostgreSQL database (decision 0016). Two app instances run in
 * this process, each with its own connection pool, mailer, timers and DATA_DIR, as two processes
 * on two machines without a shared disk would; a third is a real server process that is killed
 * in the middle of a burst of writes.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.info('multi-instance.test.ts skipped: it needs PostgreSQL (set TEST_DATABASE_URL).');

/** An SMTP server that counts what it receives, by recipient. */
function mailCatcher() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, cb) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        cb();
      });
    },
  });
  return { server, received, count: (to: string) => received.filter((r) => r === to).length };
}

describe.skipIf(!adminUrl)('several app instances on one PostgreSQL database', () => {
  const mail = mailCatcher();
  const name = `pc_test_multi_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-multi-'));
  let url: string;
  let databases: Database[] = [];
  let apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  let child: ChildProcess | undefined;
  let admin: string;
  let bakery: string;
  let secret: string;
  let authSettings: AuthSettings;

  beforeAll(async () => {
    await new Promise<void>((resolve) => mail.server.listen(0, '127.0.0.1', resolve));
    const smtpPort = (mail.server.server.address() as AddressInfo).port;
    // An empty database: both instances start at once, so both would migrate and seed it.
    await withAdmin(adminUrl!, (a) => a.query(`CREATE DATABASE ${name}`));
    url = databaseUrl(adminUrl!, name);
    const config = loadConfig({
      ...baseEnv,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOGIN_RATE_LIMIT: '10',
    });
    databases = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    const started = await Promise.all(databases.map((database) => bootstrap(database, config, { demoItems: false })));
    expect(started.map((s) => s.seeded).sort()).toEqual(['demo', 'none']);
    expect(started[0]!.secret).toBe(started[1]!.secret);
    secret = started[0]!.secret;
    authSettings = {
      secret,
      accessTokenMinutes: config.accessTokenMinutes,
      refreshTokenDays: config.refreshTokenDays,
      lockout: config.lockout,
      resetTokenMinutes: config.resetTokenMinutes,
      productName: config.productName,
    };
    // Each instance its own DATA_DIR: files are shared through the database alone.
    apps = await Promise.all(
      databases.map(async (database, i) => {
        const storage = await openStorage(database, fs.mkdtempSync(path.join(dataDir, `instance-${i}-`)));
        return buildApp({ config, database, storage, secret: started[0]!.secret });
      }),
    );
    await Promise.all(apps.map((app) => app.ready()));
    const login = await apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin@demo.local', password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    admin = login.json().access_token;
    const [c] = await databases[0]!.db.select({ id: company.id }).from(company).where(eq(company.name, 'Bäckerei Schmidt'));
    bakery = c!.id;
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await dropDatabase(adminUrl!, name);
    await new Promise<void>((resolve) => mail.server.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => databases[0]!.db;
  const tokenRequest = (i: number, username: string, ip: string) =>
    apps[i % 2]!.inject({
      method: 'POST',
      url: '/api/auth/token',
      remoteAddress: ip,
      payload: new URLSearchParams({ grant_type: 'password', username, password: 'Wrong-password-1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('migrated and seeded the database once, though both started together', async () => {
    const applied = await db().execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(journal.entries.length);
    const admins = await db().select({ id: appUser.id }).from(appUser).where(eq(appUser.email, 'admin@demo.local'));
    expect(admins).toHaveLength(1);
  });

  it('holds the login rate limit across both: 16 requests from one address, 10 answered, 6 refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => tokenRequest(i, `nobody-${i}@example.com`, '203.0.113.7')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });

  it('counts failed logins on both into one lockout: one lock, one lock mail', async () => {
    // Eight wrong passwords at once, half on each instance, from different addresses.
    await Promise.all(Array.from({ length: 8 }, (_, i) => tokenRequest(i, 'reader@demo.local', `198.51.100.${i + 1}`)));
    const [reader] = await db()
      .select({ id: appUser.id, lockedUntil: appUser.lockedUntil })
      .from(appUser)
      .where(eq(appUser.email, 'reader@demo.local'));
    expect(reader!.lockedUntil).not.toBeNull();
    const locks = await db()
      .select({ detail: securityEvent.detail })
      .from(securityEvent)
      .where(and(eq(securityEvent.userId, reader!.id), eq(securityEvent.type, 'login.locked')));
    expect(locks.filter((e) => e.detail?.reason === 'wrong_password')).toHaveLength(1);
    await Promise.all(apps.map((app) => app.mailer.idle()));
    expect(mail.count('reader@demo.local')).toBe(1);
    // Counted under the row's lock: four failures at once from both are four, none lost.
    const [other] = await db().select({ id: appUser.id }).from(appUser).where(eq(appUser.email, 'other@demo.local'));
    await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        registerFailedLogin(
          { db: databases[i % 2]!.db, mailer: apps[i % 2]!.mailer, box: secretBox(secret), settings: authSettings },
          other!.id,
          { ip: '198.51.100.99', reason: 'wrong_password' },
        ),
      ),
    );
    const [counted] = await db().select({ n: appUser.failedLogins }).from(appUser).where(eq(appUser.id, other!.id));
    expect(counted!.n).toBe(4);
  });

  it('sends each mail once while both instances deliver and retry', async () => {
    // Mails another process queued but never sent (it died, or SMTP was down), and new ones.
    const waiting = Array.from({ length: 40 }, (_, i) => `waiting-${i}@example.com`);
    await db()
      .insert(mailOutbox)
      .values(waiting.map((to) => ({ recipient: to, template: 'account-locked', locale: 'de', subject: 's', body: 'b' })));
    const fresh = Array.from({ length: 10 }, (_, i) => `fresh-${i}@example.com`);
    const vars = { name: 'X', minutes: 15, link: 'http://localhost/login' };
    await Promise.all([
      ...apps.flatMap((app) => [app.mailer.flush(), app.mailer.flush()]),
      ...fresh.map((to, i) =>
        apps[i % 2]!.mailer.send(ownerQueue(databases[i % 2]!.db), { to, template: 'account-locked', locale: 'de', vars }),
      ),
    ]);
    await Promise.all(apps.map((app) => app.mailer.flush()));
    await Promise.all(apps.map((app) => app.mailer.idle()));
    for (const to of [...waiting, ...fresh]) expect(mail.count(to), to).toBe(1);
    const unsent = await db()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.recipient, [...waiting, ...fresh]), sql`${mailOutbox.sentAt} is null`));
    expect(unsent).toEqual([]);
  });

  it('resets a due demo company once when both run the job at the same moment', async () => {
    const [demo] = await db().select({ id: company.id }).from(company).where(eq(company.isDemo, true));
    await db()
      .update(company)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(company.id, demo!.id));
    const now = new Date();
    const runs = await Promise.all(databases.map((d) => resetDueDemoCompanies(d.db, { timeZone: 'Europe/Berlin', now })));
    // One ran and reset it; the other skipped its turn (null) or came after and found nothing due.
    expect(runs.filter((n) => n === 1)).toHaveLength(1);
    expect(runs.filter((n) => n === 1 || n === 0 || n === null)).toHaveLength(2);
    const seeded = await db().select({ type: item.type, number: item.number }).from(item).where(eq(item.companyId, demo!.id));
    expect(seeded.length).toBeGreaterThan(0);
    expect(new Set(seeded.map((i) => `${i.type}:${i.number}`)).size).toBe(seeded.length);
    expect(Math.max(...seeded.map((i) => i.number))).toBeLessThanOrEqual(seeded.length);
  });

  const createIssue = (i: number, label: string) =>
    apps[i % 2]!.inject({
      method: 'POST',
      url: '/api/issue',
      headers: { authorization: `Bearer ${admin}`, 'x-tenant': bakery },
      payload: { name: `${label} ${i}`, data: { priority: 'Low' } },
    });
  const numbersOf = async (ids: string[]) =>
    (await db().select({ number: item.number }).from(item).where(inArray(item.id, ids))).map((r) => r.number);

  it('reads on each instance the files uploaded on the other, though they share no DATA_DIR', async () => {
    const auth = { authorization: `Bearer ${admin}`, 'x-tenant': bakery };
    const issue = (await createIssue(0, 'Mit Anhängen')).json().id;
    const upload = (i: number, name: string, content: Buffer) => {
      const m = multipart(name, 'application/pdf', content);
      return apps[i]!.inject({
        method: 'POST',
        url: `/api/issue/${issue}/attachment`,
        payload: m.payload,
        headers: { ...auth, ...m.headers },
      });
    };
    const contents = [Buffer.from('%PDF-1.4 from instance 0'), Buffer.alloc(3 * 1024 * 1024 + 5, 'x')];
    const uploaded = await Promise.all(contents.map((c, i) => upload(i, `file-${i}.pdf`, c)));
    expect(uploaded.map((r) => r.statusCode)).toEqual([201, 201]);
    for (const [i, res] of uploaded.entries()) {
      const download = await apps[1 - i]!.inject({ url: `/api/attachment/${res.json().id}/download`, headers: auth });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(contents[i]!)).toBe(true);
    }
    // A logo set on one instance is shown, resized, by the other; the resized copy is its own cache.
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const m = multipart('logo.png', 'image/png', png);
    const set = await apps[1]!.inject({
      method: 'POST',
      url: `/api/company/${bakery}/logo`,
      payload: m.payload,
      headers: { ...auth, ...m.headers },
    });
    expect(set.statusCode).toBe(204);
    const logo = await apps[0]!.inject({ url: `/api/company/${bakery}/logo?width=20&height=20`, headers: auth });
    expect(logo.statusCode).toBe(200);
    expect((await sharp(logo.rawPayload).metadata()).width).toBe(20);
    // Nothing of it was written under any DATA_DIR/files.
    const onDisk = fs.readdirSync(dataDir, { recursive: true }).map(String);
    expect(onDisk.filter((f) => f.split(path.sep).includes('files'))).toEqual([]);
  });

  it('numbers items uniquely when both create at once', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => createIssue(i, 'Parallel')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const numbers = (await numbersOf(answers.map((r) => r.json().id))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers.at(-1)! - numbers[0]!).toBe(29);
  });

  it('loses no acknowledged write when a server process is killed in the middle of a burst', async () => {
    const server = await startServerProcess(url, fs.mkdtempSync(path.join(dataDir, 'process-')));
    child = server.child;
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await fetch(`${server.base}/api/issue`, {
            method: 'POST',
            headers: { authorization: `Bearer ${admin}`, 'x-tenant': bakery, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Burst ${w}-${i}`, data: { priority: 'Low' } }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
          else throw new Error(`unexpected ${res.status}`);
        } catch (e) {
          if (!killed) throw e;
        }
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 10));
    killed = true;
    child.kill('SIGKILL');
    await writers;
    const seen = acknowledged.length;
    expect(seen).toBeGreaterThanOrEqual(20);
    // Every write the killed process acknowledged is there, as the surviving instances see it.
    const list = await apps[1]!.inject({
      url: '/api/issue?pageSize=500',
      headers: { authorization: `Bearer ${admin}`, 'x-tenant': bakery },
    });
    expect(list.statusCode).toBe(200);
    const listed = new Set((list.json().items as { id: string }[]).map((x) => x.id));
    expect(acknowledged.filter((id) => !listed.has(id))).toEqual([]);
    expect(new Set(await numbersOf(acknowledged)).size).toBe(seen);
    // And the survivors go on numbering after them.
    const next = await createIssue(1, 'After');
    expect(next.statusCode).toBe(201);
    const [after] = await numbersOf([next.json().id]);
    expect(after).toBeGreaterThan(Math.max(...(await numbersOf(acknowledged))));
  }, 60_000);

  it('notifies exactly once when both instances run the pass and a third is killed in the middle of its own', async () => {
    const ITEMS = 12_000;
    const config = loadConfig({ ...baseEnv, DATA_DIR: dataDir });
    const due = addDays(todayIn(config.timeZone), 3);
    const [a] = await db().select().from(appUser).where(eq(appUser.email, 'admin@demo.local'));
    // A second user, mailed at once about due dates, assignee of the first 100 items.
    const [eva] = await db()
      .insert(appUser)
      .values({ email: 'eva.pass@demo.local', firstname: 'Eva', lastname: 'Pass', companyId: a!.companyId })
      .returning({ id: appUser.id });
    await db().insert(userCompany).values({ userId: eva!.id, companyId: a!.companyId });
    await db()
      .insert(notificationSetting)
      .values({ companyId: a!.companyId, userId: eva!.id, category: 'due', inApp: true, email: 'immediately' });
    // The process's start-up pass finds nothing; its next one (every 5 s) meets the items.
    const server = await startServerProcess(url, fs.mkdtempSync(path.join(dataDir, 'pass-')), { NOTIFY_INTERVAL_SECONDS: '5' });
    child = server.child;
    await db().execute(sql`
      insert into item (company_id, type, number, number_label, name, owner_id, assignee_id, due_date)
      select ${bakery}::uuid, 'issue', 700000 + g, 'AUF-' || (700000 + g), 'Frist ' || g, ${a!.id}::uuid,
             case when g <= 100 then ${eva!.id}::uuid end, ${due}::date
      from generate_series(1, ${ITEMS}) g`);
    const written = async () => {
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from notification where kind = 'due_soon'`,
      );
      return row!.n;
    };
    while ((await written()) === 0) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    const atKill = await written();
    // Killed in the middle: some batches were written, not all.
    expect(atKill).toBeLessThan(ITEMS + 100);
    // The two survivors run the pass at the same moment, then once more each.
    const pass = (d: Database) =>
      runNotificationPass(d.db, { timeZone: config.timeZone, now: new Date(), mailer: apps[databases.indexOf(d)]!.mailer });
    await Promise.all(databases.map(pass));
    for (const d of databases) expect((await pass(d)).ran).toBe(true);
    const [once] = await queryRows<{ rows: number; keys: number; items: number; pending: number }>(
      db(),
      sql`select count(*)::int as rows,
                 count(distinct (item_id, recipient_id))::int as keys,
                 count(distinct item_id)::int as items,
                 count(*) filter (where mail_pending)::int as pending
          from notification n join item i on i.id = n.item_id
          where n.kind = 'due_soon' and i.number > 700000`,
    );
    expect(once).toEqual({ rows: ITEMS + 100, keys: ITEMS + 100, items: ITEMS, pending: 0 });
    // Every mail queued once, whichever instance queued it.
    const [mails] = await queryRows<{ n: number; distinct: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct body)::int as distinct from mail_outbox
          where recipient = 'eva.pass@demo.local' and template = 'notification'`,
    );
    expect(mails).toEqual({ n: 100, distinct: 100 });
  }, 180_000);
});
