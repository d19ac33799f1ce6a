/**
 * `npm run bench -- --overhead`: where the time of one list request goes, step by
 * step, on the demo data (GET /api/issue?pageSize=50 as admin@demo.local, all companies in
 * scope). Each step runs alone BENCH_RUNS times (default 300) in this process; medians and means.
 * PGlite, and PostgreSQL with BENCH_DATABASE_URL. Run with `node --cpu-prof` for a profile.
 * BENCH_COMPANIES=1000 adds that many companies under the demo group first (an agency's tenant
 * size: the platform's per-request work grows with the visible companies).
 */

import fs from 'node:fs';
import { itemListQuerySchema, itemPageSchema } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { listItems } from '../src/modules/items/service';
import { authStatementsOf, loadClaims, openAuthenticated, VISIBLE_SET_FROM } from '../src/platform/auth/plugin';
import { verifyAccessToken } from '../src/platform/auth/tokens';
import { responseSerializer } from '../src/platform/serializer';
import { diskStorage } from '../src/platform/storage';
import { openTenantTransaction, visibleCompanies } from '../src/platform/tenancy';
import { benchEnv, openBenchDb, percentile, tenantAuthAt } from './common';
import { recorder } from './measure';

type Stmt = (typeof recorder.stmts)[number];

async function time(runs: number, fn: () => Promise<unknown> | unknown) {
  for (let i = 0; i < 10; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return { p50: percentile(xs, 50), mean: xs.reduce((a, b) => a + b, 0) / xs.length };
}

export async function runOverhead() {
  const runs = Number(process.env.BENCH_RUNS ?? 300);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !pgUrl) continue;
    const b = await openBenchDb({ pgUrl: kind === 'postgres' ? pgUrl : undefined, kind: 'demo', items: 0, logger: recorder });
    const extra = Number(process.env.BENCH_COMPANIES ?? 0);
    if (extra > 0) {
      await b.database.db.execute(sql`
        insert into company (name, parent_id, city)
        select 'Bench Firma ' || c, (select id from company where name = 'Beispiel Gruppe'), 'Köln'
        from generate_series(1, ${extra}::int) c`);
      await b.database.db.execute(sql`analyze company`);
    }
    const app = await buildApp({
      config: loadConfig(benchEnv(b.dataDir)),
      database: b.database,
      storage: diskStorage(b.dataDir),
      secret: b.secret,
    });
    // Phase marks of a request, from hooks added after the platform's (each runs after its phase's own work).
    let marks: Record<string, number> | null = null;
    const mark = (name: string) => async () => {
      if (marks) marks[name] = performance.now();
    };
    app.addHook('onRequest', mark('onRequest'));
    app.addHook('preValidation', mark('authenticated'));
    app.addHook('preHandler', mark('transactionOpen'));
    app.addHook('preSerialization', mark('handlerDone'));
    app.addHook('onSend', mark('committed'));
    app.addHook('onResponse', mark('onResponse'));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: 'grant_type=password&username=admin%40demo.local&password=Demo1234!',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const token = login.json().access_token as string;
    const headers = { authorization: `Bearer ${token}` };
    const url = '/api/issue?pageSize=50';
    const payload = verifyAccessToken(token, b.secret)!;
    // Recorded as requests run once the user's companies are kept (and, from VISIBLE_SET_FROM
    // on, stored as a set): the first request after start computes and stores them.
    await app.inject({ url, headers });
    const kept = () => authStatementsOf(b.database.db).kept.get(payload.sub);
    const storing = () => (kept()?.visible.ids.length ?? 0) >= VISIBLE_SET_FROM && !kept()!.ids.startsWith('#');
    for (let i = 0; i < 100 && storing(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    recorder.stmts = [];
    recorder.on = true;
    const first = await app.inject({ url, headers });
    recorder.on = false;
    const owner = (b.database.db as unknown as { $client: { query(t: string, p?: unknown[]): Promise<unknown> } }).$client;
    const visible = await visibleCompanies(b.database.db, payload.sub);
    const claims = await loadClaims(b.database.db, payload.sub);
    const query = itemListQuerySchema.parse({ pageSize: '50' });
    const deps = { timeZone: 'Europe/Berlin', now: () => new Date() };
    const ctxOf = (db: unknown) =>
      ({
        userId: payload.sub,
        companyIds: visible.ids,
        scopeCompanyId: null,
        scopeCompanyIds: visible.ids,
        claims,
        db,
      }) as unknown as Parameters<typeof listItems>[1];
    const route = { schema: itemPageSchema, method: 'GET', url, httpStatus: '200' };
    const serialize = responseSerializer('fast')(route);
    const serializeZod = serializerCompiler(route);
    const tx0 = await openTenantTransaction(b.database.db, { userId: payload.sub, companyIds: visible.ids });
    const page = await listItems(deps, ctxOf(tx0.db), 'issue', query);
    await tx0.end(true);

    const steps: [string, () => Promise<unknown> | unknown][] = [
      ['whole request: GET /api/issue?pageSize=50 (inject)', () => app.inject({ url, headers })],
      ['floor: GET /api/health (inject, public, no database)', () => app.inject({ url: '/api/health' })],
      [
        'authenticated no-op: GET /api/user/dashboard-settings (inject)',
        () => app.inject({ url: '/api/user/dashboard-settings', headers }),
      ],
      ['auth: verify the access token (HMAC)', () => verifyAccessToken(token, b.secret)],
      [
        'auth: session, user, claims, visible companies (1 prepared statement, owner connection)',
        () => authStatementsOf(b.database.db).owner([payload.sid, payload.sub]),
      ],
      ['auth: claims alone (loadClaims; requests now read them with the session)', () => loadClaims(b.database.db, payload.sub)],
      [`auth: visible companies (drizzle, ${visible.ids.length} companies)`, () => visibleCompanies(b.database.db, payload.sub)],
      [
        'tenant transaction: begin + set_config + commit (empty)',
        async () => (await openTenantTransaction(b.database.db, { userId: payload.sub, companyIds: visible.ids })).end(true),
      ],
      [
        'tenant transaction as a request opens it: begin + authentication statement + commit',
        async () =>
          (
            await openAuthenticated(b.database.db, [payload.sid, payload.sub], () => ({ value: null, companyIds: visible.ids }))
          ).tx.end(true),
      ],
      [
        'handler: listItems in a tenant transaction (incl. the above)',
        async () => {
          const tx = await openTenantTransaction(b.database.db, { userId: payload.sub, companyIds: visible.ids });
          await listItems(deps, ctxOf(tx.db), 'issue', query);
          await tx.end(true);
        },
      ],
      [`serialise the answer (type check + fast-json-stringify, ${page.items.length} items)`, () => serialize(page)],
      ["serialise it with zod's encode instead (before the twelfth session)", () => serializeZod(page)],
      ['JSON.stringify alone', () => JSON.stringify(page)],
    ];
    console.log(
      `\n[${kind}] list request on demo data (${first.json().total} issues, ${visible.ids.length} companies in scope, ${recorder.stmts.length} statements per request besides begin/commit), ${runs} runs per step`,
    );
    console.log(`${'step'.padEnd(66)}  p50 ms   mean ms`);
    // BENCH_STEPS=1: only the whole request (for a CPU profile of it).
    for (const [name, fn] of steps.slice(0, Number(process.env.BENCH_STEPS ?? steps.length))) {
      const r = await time(runs, fn);
      console.log(`${name.padEnd(66)} ${r.p50.toFixed(3).padStart(7)} ${r.mean.toFixed(3).padStart(9)}`);
    }
    // CPU time per request, which the machine's load changes far less than wall time: this process
    // (Node, and on PGlite the database, which runs in it) and the bench database's PostgreSQL
    // backends (/proc, clock ticks of 10 ms, hence many requests).
    const backendTicks = async () => {
      if (kind !== 'postgres') return 0;
      const r = (await owner.query('select pid from pg_stat_activity where datname = current_database()')) as {
        rows: { pid: number }[];
      };
      let ticks = 0;
      for (const { pid } of r.rows) {
        try {
          const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          ticks += Number(f[11]) + Number(f[12]);
        } catch {
          // A backend that ended meanwhile.
        }
      }
      return ticks;
    };
    for (const [label, target] of [
      ['list', url],
      ['no-op', '/api/user/dashboard-settings'],
    ] as const) {
      const n = runs * 3;
      const db0 = await backendTicks();
      const c0 = process.cpuUsage();
      for (let i = 0; i < n; i++) await app.inject({ url: target, headers });
      const c1 = process.cpuUsage(c0);
      const db1 = await backendTicks();
      console.log(
        `CPU per ${label} request (${n}): this process ${((c1.user + c1.system) / 1000 / n).toFixed(3)} ms` +
          (kind === 'postgres' ? `, PostgreSQL backends ${(((db1 - db0) * 10) / n).toFixed(3)} ms` : ''),
      );
    }
    const phases: Record<string, number[]> = {};
    for (let i = 0; i < runs; i++) {
      marks = {};
      const t0 = performance.now();
      await app.inject({ url, headers });
      const t1 = performance.now();
      const m = marks;
      marks = null;
      const order: [string, number][] = [
        ['inject → onRequest (light-my-request, routing, helmet)', m.onRequest! - t0],
        ['onRequest → authenticated, transaction open (begin, authentication statement)', m.authenticated! - m.onRequest!],
        ['→ query validated', m.transactionOpen! - m.authenticated!],
        ['→ handler done (listItems)', m.handlerDone! - m.transactionOpen!],
        ['→ committed (serialisation, commit)', m.committed! - m.handlerDone!],
        ['→ onResponse (write the answer)', m.onResponse! - m.committed!],
        ['→ inject resolves', t1 - m.onResponse!],
      ];
      for (const [k, v] of order) {
        phases[k] ??= [];
        phases[k].push(v);
      }
    }
    console.log(`phases of the whole request (${runs} requests)`);
    for (const [k, xs] of Object.entries(phases)) {
      console.log(
        `  ${k.padEnd(72)} ${percentile(xs, 50).toFixed(3).padStart(7)} ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3).padStart(9)}`,
      );
    }
    if (process.env.BENCH_STEPS) {
      await app.close();
      await b.close();
      continue;
    }
    // Each recorded statement alone, raw (driver only): the authentication on the owner
    // connection (its settings are local to the statement there), the handler's in one open
    // tenant transaction.
    const setupAt = tenantAuthAt(b, recorder.stmts).at;
    const each = async (on: typeof owner, label: string, list: Stmt[]) => {
      for (const s of list) {
        const r = await time(Math.min(runs, 100), () => on.query(s.query, s.params));
        const text = s.query.replace(/\s+/g, ' ');
        console.log(
          `  ${label} ${text.slice(0, 56).padEnd(57)} ${r.p50.toFixed(3).padStart(7)} ${r.mean.toFixed(3).padStart(9)}`,
        );
      }
    };
    // PGlite has one connection: the owner's statements first, then the transaction's.
    await each(owner, 'auth   ', recorder.stmts.slice(0, setupAt + 1));
    const tx = await openTenantTransaction(b.database.db, { userId: payload.sub, companyIds: visible.ids });
    const client = (tx.db as unknown as { session: { client: typeof owner } }).session.client;
    await each(client, 'handler', recorder.stmts.slice(setupAt + 1));
    await tx.end(true);
    await app.close();
    await b.close();
  }
  return 0;
}
