import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Db, queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/helpers';
import { visibleCompanies } from '../tenancy';
import { authStatementsOf, openAuthenticated, parseVisible, VISIBLE_SET_FROM } from './plugin';

/**
 * The authentication statement opens the request's transaction and makes it the tenant's
 * (docs/decisions/0027, "Authentication in the request's transaction").
 */
describe('authentication in the request transaction', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  const log: string[] = [];
  let recording = false;
  beforeAll(async () => {
    t = await createTestApp({}, { logger: { logQuery: (q) => void (recording && log.push(q.replace(/\s+/g, ' ').trim())) } });
    admin = await t.tokenFor('admin@demo.local');
    reader = await t.tokenFor('reader@demo.local');
  });
  afterAll(() => t.close());

  /** The statements one request runs, without begin and commit (only node-postgres logs those). */
  async function statementsOf(request: () => Promise<{ statusCode: number; body: string }>, status: number) {
    log.length = 0;
    recording = true;
    const res = await request();
    recording = false;
    expect(res.statusCode, res.body).toBe(status);
    return log.filter((q) => !/^(begin|commit|rollback)$/i.test(q));
  }
  const isAuth = (q: string) => q.includes('from auth_session s');
  const isSetup = (q: string) => q.startsWith("select set_config('app.company_ids'");
  /** What the owner connection is after a request: not pc_app, no user. */
  const ownerState = async () =>
    (
      await queryRows<{ who: string; uid: string | null }>(
        t.db,
        sql`select current_user as who, current_setting('app.user_id', true) as uid`,
      )
    )[0];

  it('authenticates in the first statement of the transaction and needs no set_config statement', async () => {
    const statements = await statementsOf(() => t.app.inject({ url: '/api/issue', headers: t.auth(admin) }), 200);
    expect(statements.length).toBeGreaterThan(1);
    expect(isAuth(statements[0]!)).toBe(true);
    expect(statements[0]).toContain("set_config('role', 'pc_app', true)");
    expect(statements.filter(isAuth)).toHaveLength(1);
    expect(statements.filter(isSetup)).toEqual([]);
  });

  it('makes a GET read only in its authentication statement, unless the route writes, and the database holds it', async () => {
    const first = async (request: () => Promise<{ statusCode: number; body: string }>, status = 200) =>
      (await statementsOf(request, status))[0]!;
    const readOnly = (q: string) => q.includes("set_config('transaction_read_only', 'on', true)");
    const list = await first(() => t.app.inject({ url: '/api/issue', headers: t.auth(admin) }));
    expect(isAuth(list) && readOnly(list)).toBe(true);
    const created = await first(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/issue',
          headers: t.auth(admin),
          payload: { name: 'Read-only probe', data: { priority: 'Low' } },
        }),
      201,
    );
    expect(isAuth(created) && !readOnly(created)).toBe(true);
    const [company] = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json() as { id: string }[];
    const report = await first(() =>
      t.app.inject({
        url: `/api/report/processing-register?companyId=${company!.id}&kind=controller&format=xlsx`,
        headers: t.auth(admin),
      }),
    );
    expect(isAuth(report) && !readOnly(report)).toBe(true);

    // What a handler of a GET would meet if it wrote: the database refuses, and nothing stays.
    const [session] = await queryRows<{ id: string; user_id: string }>(
      t.db,
      sql`select id::text, user_id::text from auth_session where revoked_at is null and expires_at > now() limit 1`,
    );
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from tag`);
    // (PGlite has one connection: the owner's statements wait while this transaction is open.)
    const { tx } = await openAuthenticated(t.db, [session!.id, session!.user_id], () => ({ value: null, companyIds: [] }), {
      readOnly: true,
    });
    expect(tx.readOnly).toBe(true);
    const refused = await tx.db
      .execute(sql`insert into tag (company_id, type, name) select company_id, type, 'ro probe' from tag limit 1`)
      .then(
        () => null,
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(refused).toMatch(/read-only transaction/);
    await tx.end(false);
    expect(await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from tag`)).toEqual(before);
  });

  it('rolls the settings back for callers turned away after the statement', async () => {
    const all = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json() as { id: string }[];
    const mine = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(reader) })).json() as { id: string }[];
    const foreign = all.find((c) => !mine.some((m) => m.id === c.id))!;
    // A scope the reader does not see, and a route whose claims the reader lacks.
    const scope = await t.app.inject({ url: '/api/issue', headers: t.auth(reader, { 'x-tenant': foreign.id }) });
    expect(scope.statusCode).toBe(403);
    expect(scope.json().code).toBe('scope_forbidden');
    expect((await t.app.inject({ url: '/api/user', headers: t.auth(reader) })).statusCode).toBe(403);
    const state = await ownerState();
    expect(state?.who).not.toBe('pc_app');
    expect(state?.uid ?? '').toBe('');
  });

  it('authenticates an upload route before reading the upload and opens its transaction after it', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const avatar = multipart('me.png', 'image/png', png);
    const statements = await statementsOf(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/avatar',
          headers: { ...t.auth(admin), ...avatar.headers },
          payload: avatar.payload,
        }),
      204,
    );
    expect(isAuth(statements[0]!)).toBe(true);
    expect(statements[0]).not.toContain("set_config('role'");
    expect(statements.findIndex(isSetup)).toBe(1);
    const state = await ownerState();
    expect(state?.who).not.toBe('pc_app');
  });
});

describe('visible companies in the authentication statement', () => {
  it('reads id, parent and active flag from the text column', () => {
    expect(parseVisible('')).toEqual([]);
    expect(parseVisible('a,b:a!,c:a')).toEqual([
      { id: 'a', parent_id: null, is_active: true },
      { id: 'b', parent_id: 'a', is_active: false },
      { id: 'c', parent_id: 'a', is_active: true },
    ]);
  });

  it('answers the companies pc_visible_companies lists, with their parents and active flags', async () => {
    const t = await createTestApp();
    try {
      const [admin] = await queryRows<{ id: string; company_id: string }>(
        t.db,
        sql`select id::text, company_id::text from app_user where email = 'admin@demo.local'`,
      );
      // An inactive client company of the demo group, so a '!' and a parent are both in the answer.
      await t.db.execute(sql`update company set is_active = false
                             where id = (select id from company where parent_id = ${admin!.company_id}::uuid order by name limit 1)`);
      const [session] = await queryRows<{ id: string }>(
        t.db,
        sql`insert into auth_session (user_id, expires_at) values (${admin!.id}::uuid, now() + interval '1 hour') returning id::text`,
      );
      const check = async () => {
        const [row] = await authStatementsOf(t.db).owner([session!.id, admin!.id]);
        const got = parseVisible(row!.visible);
        // Written independently of pc_visible_companies: own company and grants, then children
        // and clients, transitively.
        const expected = await queryRows<{ id: string; parent_id: string | null; is_active: boolean }>(
          t.db,
          sql`with recursive v(id) as (
                select company_id from app_user where id = ${admin!.id}::uuid
                union select company_id from user_company where user_id = ${admin!.id}::uuid
                union select c.id from company c join v on c.parent_id = v.id or c.agency_id = v.id)
              select c.id::text, c.parent_id::text, c.is_active from company c where c.id in (select id from v)`,
        );
        expect(got.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
        expect(new Map(got.map((c) => [c.id, [c.parent_id, c.is_active]]))).toEqual(
          new Map(expected.map((c) => [c.id, [c.parent_id, c.is_active]])),
        );
        expect((await visibleCompanies(t.db, admin!.id)).ids.sort()).toEqual(expected.map((c) => c.id).sort());
        return got;
      };
      const few = await check();
      expect(few.filter((c) => !c.is_active)).toHaveLength(1);
      expect(few.length).toBeGreaterThan(2);
      // An agency's size, past the function's switch from `= any` to joins (more than 32 a level):
      // 40 companies of the group, the first an agency with 40 clients.
      await t.db.execute(sql`insert into company (name, parent_id, city)
                             select 'Viele ' || n, ${admin!.company_id}::uuid, 'Köln' from generate_series(1, 40) n`);
      await t.db.execute(sql`insert into company (name, agency_id, city)
                             select 'Mandant ' || n, (select id from company where name = 'Viele 1'), 'Bonn' from generate_series(1, 40) n`);
      expect((await check()).length).toBe(few.length + 80);
    } finally {
      await t.close();
    }
  });
});

/** A checked access token is kept with its session until it expires (`sessionReader`). */
describe('access tokens checked once', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    [t, other] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(() => Promise.all([t.close(), other.close()]));
  const me = (app: TestApp, token: string) => app.app.inject({ url: '/api/user/me', headers: app.auth(token) });

  it('keeps answering a known token until it expires, and never for a forged or foreign one', async () => {
    const token = await t.tokenFor('admin@demo.local');
    expect((await me(t, token)).statusCode).toBe(200);
    expect((await me(t, token)).statusCode).toBe(200);
    // Same body, another signature: not the token that was checked.
    const [body] = token.split('.');
    expect((await me(t, `${body}.${'A'.repeat(43)}`)).statusCode).toBe(401);
    // Another server (another secret) has not checked it, and its check fails.
    expect((await me(other, token)).statusCode).toBe(401);
    const later = Date.now() + 24 * 3_600_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await me(t, token)).statusCode).toBe(401);
    } finally {
      clock.mockRestore();
    }
  });

  it('still looks the session up: a token of a session that ended is refused at once', async () => {
    const token = await t.tokenFor('reader@demo.local');
    expect((await me(t, token)).statusCode).toBe(200);
    await t.db.execute(sql`update auth_session set revoked_at = now() where revoked_at is null`);
    expect((await me(t, token)).statusCode).toBe(401);
  });
});

/** A demo user and a session of theirs made for the test, as a login would leave it. */
async function signedIn(t: TestApp, email: string) {
  const [user] = (await queryRows<{ id: string; company_id: string }>(
    t.db,
    sql`select id::text, company_id::text from app_user where email = ${email}`,
  )) as [{ id: string; company_id: string }];
  const [{ id: session }] = (await queryRows<{ id: string }>(
    t.db,
    sql`insert into auth_session (user_id, expires_at) values (${user.id}::uuid, now() + interval '1 hour') returning id::text`,
  )) as [{ id: string }];
  return { user, session };
}

/**
 * Claims and visible companies kept between requests (migration 0032, decision 0027): the
 * statement answers them only when the auth epoch moved since they were computed, and every change
 * they derive from moves it.
 */
describe('claims and companies kept between requests', () => {
  let t: TestApp;
  let user: { id: string; company_id: string };
  let session: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ user, session } = await signedIn(t, 'reader@demo.local'));
  });
  afterAll(() => t.close());

  /** The tenant statement's answer for a kept epoch ('' for none) on the owner connection. */
  const answer = async (epoch: string, ids = '') => (await authStatementsOf(t.db).tenant([session, user.id, epoch, ids]))[0]!;

  it('answers claims and companies only when the epoch moved, and each change they derive from moves it', async () => {
    const first = await answer('');
    expect(first.authEpoch).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.claims!.length).toBeGreaterThan(0);
    expect(first.visible).not.toBe('');
    let epoch = first.authEpoch!;
    const ids = parseVisible(first.visible!)
      .map((c) => c.id)
      .join(',');
    const kept = await answer(epoch, ids);
    expect([kept.claims, kept.visible, kept.authEpoch]).toEqual([null, null, epoch]);

    const [other] = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text from company where id <> ${user.company_id}::uuid order by name limit 1`,
    );
    const [role] = await queryRows<{ id: string }>(
      t.db,
      sql`select role_id::text as id from user_role where user_id = ${user.id}::uuid limit 1`,
    );
    const changes: [string, ReturnType<typeof sql>][] = [
      ['a grant', sql`insert into user_company (user_id, company_id) values (${user.id}::uuid, ${other!.id}::uuid)`],
      ['a grant withdrawn', sql`delete from user_company where user_id = ${user.id}::uuid`],
      ['a company deactivated', sql`update company set is_active = false where id = ${other!.id}::uuid`],
      [
        'a company moved under a group',
        sql`update company set parent_id = ${user.company_id}::uuid where id = ${other!.id}::uuid`,
      ],
      ['a client of an agency', sql`update company set agency_id = ${user.company_id}::uuid where id = ${other!.id}::uuid`],
      ['a new company', sql`insert into company (name, city) values ('Epoch GmbH', 'Köln')`],
      ['a user moved to another company', sql`update app_user set company_id = company_id where id = ${user.id}::uuid`],
      [
        'a claim of a role',
        sql`delete from role_claim where role_id = ${role!.id}::uuid and claim = (select min(claim) from role_claim where role_id = ${role!.id}::uuid)`,
      ],
      ['a role of the user', sql`delete from user_role where user_id = ${user.id}::uuid and role_id = ${role!.id}::uuid`],
    ];
    for (const [what, change] of changes) {
      await t.db.execute(change);
      const after = await answer(epoch, ids);
      expect(after.authEpoch, what).not.toBe(epoch);
      expect(after.claims, what).not.toBeNull();
      expect(after.visible, what).not.toBeNull();
      epoch = after.authEpoch!;
    }
    // What the authentication does not read leaves the kept values in place.
    await t.db.execute(sql`update company set name = 'Umbenannt GmbH' where id = ${other!.id}::uuid`);
    await t.db.execute(sql`update app_user set firstname = 'Rita' where id = ${user.id}::uuid`);
    expect((await answer(epoch, ids)).claims).toBeNull();
  });

  // PostgreSQL only: PGlite has one connection, so its transactions never overlap.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'replaces the epoch at commit: writers do not queue behind an open transaction that changed it',
    async () => {
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      const epochNow = async () => (await answer('')).authEpoch;
      const before = await epochNow();
      const [a, b] = await queryRows<{ id: string }>(t.db, sql`select id::text from company order by name limit 2`);
      const open = await pool.connect();
      const other = await pool.connect();
      try {
        await open.query('begin');
        await open.query('insert into user_company (user_id, company_id) values ($1, $2) on conflict do nothing', [
          user.id,
          a!.id,
        ]);
        // Had the open transaction locked the epoch's row with its change, this would wait for it.
        await other.query('begin');
        await other.query(`set local lock_timeout = '2s'`);
        await other.query('insert into user_company (user_id, company_id) values ($1, $2) on conflict do nothing', [
          user.id,
          b!.id,
        ]);
        await other.query('commit');
        const afterOther = await epochNow();
        expect(afterOther).not.toBe(before);
        await open.query('commit');
        expect(await epochNow()).not.toBe(afterOther);
      } finally {
        await open.query('rollback').catch(() => undefined);
        open.release();
        other.release();
      }
    },
  );

  it('refuses parameters outside their form (PGlite sends them as literals)', async () => {
    await expect(answer("1'; drop table app_user; --")).rejects.toThrow(/parameters must match/);
    await expect(answer(user.id, `${user.id},x'`)).rejects.toThrow(/parameters must match/);
  });
});

/** The same through requests: a change shows from the next request on, on every server kept value. */
describe('rights and scope changes between requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  /** Refused, allowed right after `grant`, refused right after `withdraw`; each asked twice where a kept value could answer. */
  async function refusedGrantedWithdrawn(ask: () => Promise<{ statusCode: number }>, grant: SQL, withdraw: SQL) {
    expect((await ask()).statusCode).toBe(403);
    expect((await ask()).statusCode).toBe(403);
    await t.db.execute(grant);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    await t.db.execute(withdraw);
    expect((await ask()).statusCode).toBe(403);
  }

  it('applies a role given or taken and a company granted or withdrawn to the very next request', async () => {
    const reader = await t.tokenFor('reader@demo.local');
    const [ids] = await queryRows<{ reader: string; adminRole: string }>(
      t.db,
      sql`select (select id::text from app_user where email = 'reader@demo.local') as reader,
                 (select ur.role_id::text from user_role ur join app_user u on u.id = ur.user_id
                   where u.email = 'admin@demo.local' limit 1) as "adminRole"`,
    );
    await refusedGrantedWithdrawn(
      () => t.app.inject({ url: '/api/user', headers: t.auth(reader) }),
      sql`insert into user_role (user_id, role_id) values (${ids!.reader}::uuid, ${ids!.adminRole}::uuid)`,
      sql`delete from user_role where user_id = ${ids!.reader}::uuid and role_id = ${ids!.adminRole}::uuid`,
    );

    const mine = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(reader) })).json() as { id: string }[];
    const [foreign] = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text from company where not (id = any(${`{${mine.map((c) => c.id).join(',')}}`}::uuid[])) order by name limit 1`,
    );
    await refusedGrantedWithdrawn(
      () => t.app.inject({ url: '/api/issue', headers: t.auth(reader, { 'x-tenant': foreign!.id }) }),
      sql`insert into user_company (user_id, company_id) values (${ids!.reader}::uuid, ${foreign!.id}::uuid)`,
      sql`delete from user_company where user_id = ${ids!.reader}::uuid and company_id = ${foreign!.id}::uuid`,
    );
  });
});

/**
 * A user who sees many companies (an agency, a large group): the list is stored once per user and
 * auth epoch, and the setting row-level security reads then names the stored set.
 */
describe('many visible companies kept as a stored set', () => {
  let t: TestApp;
  let user: { id: string; company_id: string };
  let other: string;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ user, session } = await signedIn(t, 'admin@demo.local'));
    [{ id: other }] = (await queryRows<{ id: string }>(
      t.db,
      sql`select id::text from app_user where email = 'other@demo.local'`,
    )) as [{ id: string }];
    await t.db.execute(
      sql`insert into company (name, city, parent_id)
          select 'Tochter ' || g, 'Köln', ${user.company_id}::uuid from generate_series(1, ${VISIBLE_SET_FROM}) g`,
    );
  });
  afterAll(() => t.close());

  /** What a request's transaction holds: the setting, the ids it stands for, the companies row-level security lets through. */
  const request = async () => {
    const { tx, value } = await openAuthenticated(
      t.db,
      [session, user.id],
      (row) => ({ value: row!, companyIds: row!.visible.ids }),
      {
        readOnly: true,
      },
    );
    const [seen] = await queryRows<{ setting: string; ids: string[]; companies: number }>(
      tx.db,
      sql`select current_setting('app.company_ids') as setting, pc_tenant_ids()::text[] as ids,
                 (select count(*)::int from company) as companies`,
    );
    await tx.end(true);
    return { ...seen!, visible: value.visible.ids };
  };
  const kept = () => authStatementsOf(t.db).kept.get(user.id)!;
  const sets = async () =>
    queryRows<{ key: string }>(t.db, sql`select key from tenant_visible_set where user_id = ${user.id}::uuid`);

  it('lists them in the first request, names the stored set from then on, and row-level security lets the same companies through', async () => {
    const first = await request();
    expect(first.visible.length).toBeGreaterThan(VISIBLE_SET_FROM);
    expect(first.setting.split(',').sort()).toEqual([...first.visible].sort());
    await expect.poll(() => kept().ids.startsWith('#')).toBe(true);

    const second = await request();
    expect(second.setting).toMatch(/^#[0-9a-f]{64}$/);
    expect([...second.ids].sort()).toEqual([...first.visible].sort());
    expect(second.companies).toBe(first.companies);
    expect((await sets()).map((s) => `#${s.key}`)).toEqual([second.setting]);

    // Another user naming the set reads nothing of it.
    const [foreign] = await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.company_ids', ${second.setting}, true), set_config('app.user_id', ${other}, true), set_config('role', 'pc_app', true)`,
      );
      return queryRows<{ n: number; companies: number }>(
        tx,
        sql`select cardinality(pc_tenant_ids()) as n, (select count(*)::int from company) as companies`,
      );
    });
    expect(foreign).toEqual({ n: 0, companies: 0 });

    // A new company moves the auth epoch: listed again, then stored anew, the old set dropped.
    await t.db.execute(sql`insert into company (name, city, parent_id) values ('Tochter neu', 'Köln', ${user.company_id}::uuid)`);
    const third = await request();
    expect(third.setting.split(',').length).toBe(first.visible.length + 1);
    expect(third.companies).toBe(first.companies + 1);
    await expect
      .poll(async () => (await sets()).length === 1 && kept().ids !== second.setting && kept().ids.startsWith('#'))
      .toBe(true);
    const fourth = await request();
    expect(fourth.setting).toBe(kept().ids);
    expect(fourth.companies).toBe(third.companies);
  });

  it('carries the people those companies let see: the same as computed, a new person from the next request, its own transaction’s at once', async () => {
    const people = async (change?: (tx: Db) => Promise<unknown>) => {
      const { tx } = await openAuthenticated(t.db, [session, user.id], (row) => ({ value: row!, companyIds: row!.visible.ids }));
      await change?.(tx.db);
      const [seen] = await queryRows<{ setting: string; stored: boolean; emails: string[]; computed: string[] }>(
        tx.db,
        sql`select current_setting('app.company_ids') as setting,
                   current_setting('app.visible_users_for', true) is distinct from current_setting('app.company_ids') || ';' || current_setting('app.user_id') as stored,
                   array(select email from app_user order by email) as emails,
                   array(select u::text from unnest(pc_visible_user_ids()) u order by 1) as computed`,
      );
      await tx.end(false);
      return seen!;
    };
    await expect.poll(async () => (await people()).setting.startsWith('#')).toBe(true);
    const named = await people();
    expect(named.stored).toBe(true);
    expect(named.emails).toContain('admin@demo.local');
    expect(named.emails).not.toContain('other@demo.local');
    const [computed] = await queryRows<{ ids: string[] }>(
      t.db,
      sql`select array(select u::text from unnest(pc_visible_users_of(ids, user_id)) u order by 1) as ids
          from tenant_visible_set where key = ${named.setting.slice(1)}`,
    );
    expect(named.computed).toEqual(computed!.ids);

    // A person created elsewhere moves the epoch: the next request lists again, and once stored
    // anew the set carries them.
    const [child] = await queryRows<{ id: string }>(t.db, sql`select id::text from company where name = 'Tochter 1'`);
    await t.db.execute(sql`insert into app_user (company_id, email) values (${child!.id}::uuid, 'neu@tochter.example')`);
    expect((await people()).emails).toContain('neu@tochter.example');
    await expect.poll(async () => (await people()).setting.startsWith('#')).toBe(true);
    expect((await people()).emails).toContain('neu@tochter.example');

    // A request that creates a person sees them in its own transaction, although its set is stored.
    const own = await people((db) =>
      db.execute(sql`insert into app_user (company_id, email) values (${child!.id}::uuid, 'zweite@tochter.example')`),
    );
    expect(own.setting.startsWith('#')).toBe(true);
    expect(own.emails).toContain('zweite@tochter.example');

    // The application role may not ask for the people of companies it names.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'pc_app', true)`);
        await tx.execute(sql`select pc_visible_users_of(array[${child!.id}::uuid], null)`);
      }),
    ).rejects.toThrow();
  });
});
