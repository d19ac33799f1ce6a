import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/types';
import { createTestApp, type TestApp } from '../harness';
import {
  changedTables,
  collectPools,
  isWrite,
  type Operation,
  operations,
  opName,
  type Parts,
  type Pools,
  seedWebhook,
  skipped,
  snapshot,
  toRequest,
  validParts,
} from './openapi-walk';
import { tokenWalker, visibleCompanyIds, walker } from './session';

/**
 * Every operation of the OpenAPI document as the administrator of an
 * unrelated tenant (Fremdfirma AG) filled with the agency's ids, and every write as the reader
 * (read claims only). No 2xx carries the agency's data, nothing of the agency changes, and an
 * agency id is answered exactly like an id that does not exist (404, never a telling 403).
 */

const SEED = 20_261_125;
const RUNS = Number(process.env.CROSS_TENANT_RUNS ?? 3);

/** Writes every user may make on their own account: they succeed for the reader by design. */
const selfService = [
  /^\/api\/auth\//,
  /^\/api\/mail\/unsubscribe$/,
  /^\/api\/terms-of-use\/\{id\}\/consent$/,
  /^\/api\/user\/(scope|language|dashboard-settings|profile|notifications|avatar|change-password)$/,
  /^\/api\/user\/(email-change|two-factor|api-token)(\/|$)/,
  // Marking one's own notifications read.
  /^\/api\/notification\/(read-all|\{id\}\/read)$/,
  // Hiding the getting-started checklist for oneself, like one's own dashboard tiles.
  /^\/api\/dashboard\/checklist$/,
  // One's own saved views of a list.
  /^\/api\/view(\/|$)/,
];

const uuidRe = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The same request with every agency id swapped for one that exists nowhere — the same id for the
 * same id, so a rule about the request itself (two equal ids in one list) answers alike.
 */
function withUnknownIds(parts: Parts, agencyIds: Set<string>): Parts {
  const unknown = new Map<string, string>();
  const stand = (id: string) => {
    const key = id.toLowerCase();
    if (!unknown.has(key)) unknown.set(key, randomUUID());
    return unknown.get(key)!;
  };
  const swap = (v: unknown): unknown =>
    JSON.parse(JSON.stringify(v ?? null).replace(uuidRe, (id) => (agencyIds.has(id.toLowerCase()) ? stand(id) : id)));
  return {
    ...parts,
    pathParams: swap(parts.pathParams) as Record<string, unknown>,
    query: swap(parts.query) as Record<string, unknown>,
    body: parts.body === undefined ? undefined : swap(parts.body),
  };
}

describe('cross-tenant walk of every OpenAPI operation', () => {
  let t: TestApp;
  let ops: Operation[];
  let agency: Pools;
  let agencyIds: Set<string>;
  let agencyNames: string[];

  beforeAll(async () => {
    // The token walk sends far more than a token's default 300 requests a minute.
    t = await createTestApp({ API_TOKEN_RATE_LIMIT: '1000000' }, { demoItems: true });
    ops = await operations(t);
    const admin = await walker(t, 'admin@demo.local');
    const companies = await visibleCompanyIds(t, admin.headers());
    await seedWebhook(t, companies);
    const readerCompanies = await visibleCompanyIds(t, (await walker(t, 'reader@demo.local')).headers());
    await seedWebhook(t, readerCompanies);
    agency = await collectPools(t, companies);
    agencyIds = new Set(
      [
        ...agency.company,
        ...agency.user,
        ...agency.role,
        ...agency.tag,
        ...Object.values(agency.item).flat(),
        ...agency.attachment,
        ...agency.appointment,
        ...agency.webhook,
        ...agency.webhookDelivery,
      ].map((id) => id.toLowerCase()),
    );
    const list = sql.join(
      companies.map((c) => sql`${c}::uuid`),
      sql`, `,
    );
    // An address the other tenant invited itself (demo data: Otto Fremd asks reader@demo.local to
    // be his DPO) is what it typed, not what it learned: its own invitation list may show it.
    const invitedByOther = new Set(
      (
        await queryRows<{ v: string }>(
          t.db,
          sql`select lower(i.recipient_email) as v from invitation i join app_user u on u.id = i.sender_user_id where u.email = 'other@demo.local'`,
        )
      ).map((r) => r.v),
    );
    agencyNames = [
      ...(await queryRows<{ v: string }>(t.db, sql`select name as v from company where id in (${list})`)).map((r) => r.v),
      ...(await queryRows<{ v: string }>(t.db, sql`select email as v from app_user where company_id in (${list})`))
        .map((r) => r.v)
        .filter((email) => !invitedByOther.has(email.toLowerCase())),
    ];
  }, 120_000);
  afterAll(() => t?.close());

  /** Every operation as `other` (a session or a token of the other tenant), filled with the agency's ids. */
  async function walkAsOther(other: { headers: () => Record<string, string>; repair: () => Promise<string | null> }) {
    const failures: string[] = [];
    let before = await snapshot(t, agency.companyIds);
    for (const op of ops) {
      if (skipped[opName(op)]) continue;
      // A read may write on purpose (a kept report), so each write starts from the rows as they are.
      if (isWrite(op)) before = await snapshot(t, agency.companyIds);
      await fc.assert(
        fc.asyncProperty(validParts(op, agency, other.headers()), async (parts) => {
          const sent = { ...parts, headers: other.headers() };
          const res = await t.app.inject(toRequest(op, sent));
          const label = `${opName(op)} ${JSON.stringify({ path: sent.pathParams, query: sent.query, body: sent.body }).slice(0, 300)}`;
          if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode}`);
          if (res.statusCode < 300) {
            const body = res.body.toLowerCase();
            const leaked = [...(body.match(uuidRe) ?? [])]
              .filter((id) => agencyIds.has(id))
              .concat(agencyNames.filter((n) => body.includes(n.toLowerCase())));
            if (leaked.length)
              failures.push(`${label} → ${res.statusCode} carries agency data: ${leaked.slice(0, 3).join(', ')}`);
          }
          if (isWrite(op)) {
            const after = await snapshot(t, agency.companyIds);
            const changed = changedTables(before, after);
            if (changed.length) failures.push(`${label} → ${res.statusCode} changed the agency's ${changed.join(', ')}`);
            before = after;
          }
          const usesAgencyIds = JSON.stringify([sent.pathParams, sent.query, sent.body])
            .match(uuidRe)
            ?.some((id) => agencyIds.has(id.toLowerCase()));
          if (usesAgencyIds && res.statusCode >= 400) {
            const twin = await t.app.inject(toRequest(op, { ...withUnknownIds(sent, agencyIds), headers: other.headers() }));
            if (twin.statusCode !== res.statusCode)
              failures.push(`${label} → ${res.statusCode}, but ${twin.statusCode} with unknown ids: existence is revealed`);
            if (isWrite(op)) before = await snapshot(t, agency.companyIds);
          }
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      await other.repair();
    }
    return failures;
  }

  it('shows another tenant nothing of the agency, changes nothing of it, and answers its ids like unknown ones', {
    timeout: 600_000,
  }, async () => {
    expect(await walkAsOther(await walker(t, 'other@demo.local'))).toEqual([]);
  });

  it("does the same for an API token of the other tenant's administrator", { timeout: 600_000 }, async () => {
    const token = await tokenWalker(t, await walker(t, 'other@demo.local'));
    expect(await walkAsOther(token)).toEqual([]);
    expect(await token.uses()).toBeGreaterThan(0);
  });

  it('refuses every write of the reader and changes nothing', { timeout: 600_000 }, async () => {
    const reader = await walker(t, 'reader@demo.local');
    const own = await collectPools(t, await visibleCompanyIds(t, reader.headers()));
    const failures: string[] = [];
    for (const op of ops.filter((o) => isWrite(o) && !selfService.some((re) => re.test(o.path)))) {
      await fc.assert(
        fc.asyncProperty(validParts(op, own, reader.headers()), async (parts) => {
          const before = await snapshot(t);
          const res = await t.app.inject(toRequest(op, { ...parts, headers: reader.headers() }));
          const changed = changedTables(before, await snapshot(t));
          const label = `${opName(op)} ${JSON.stringify({ path: parts.pathParams, body: parts.body }).slice(0, 200)}`;
          if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} for a reader`);
          if (changed.length) failures.push(`${label} → ${res.statusCode} changed ${changed.join(', ')}`);
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  });

  it('lets an external DPO administer nothing of the company that granted them, whatever their home roles', {
    timeout: 600_000,
  }, async () => {
    // The demo's pending invitation: Fremdfirma AG asks the bakery's reader to be its DPO. The
    // reader accepts, and the agency then makes them an administrator at home.
    const reader = await walker(t, 'reader@demo.local');
    const admin = await walker(t, 'admin@demo.local');
    const [inv] = (await t.app.inject({ url: '/api/invitation', headers: reader.headers() })).json() as { id: string }[];
    const accepted = await t.app.inject({ method: 'POST', url: `/api/invitation/${inv!.id}/accept`, headers: reader.headers() });
    expect(accepted.statusCode).toBe(200);
    const [administrator] = await queryRows<{ id: string }>(t.db, sql`select id::text from role where key = 'administrator'`);
    await t.db.execute(sql`insert into user_role (user_id, role_id) values (${reader.id}::uuid, ${administrator!.id}::uuid)`);
    expect((await t.app.inject({ url: `/api/user/${reader.id}`, headers: admin.headers() })).json().roleIds).toContain(
      administrator!.id,
    );
    const [fremdfirma] = await queryRows<{ id: string }>(t.db, sql`select id::text from company where name = 'Fremdfirma AG'`);
    const pools = await collectPools(t, [fremdfirma!.id]);
    pools.user.push(reader.id);
    const headers = () => ({ ...reader.headers(), 'x-tenant': fremdfirma!.id });
    const failures: string[] = [];
    let reached = 0;
    for (const op of ops) {
      if (skipped[opName(op)] || !administers(op)) continue;
      reached++;
      await fc.assert(
        fc.asyncProperty(validParts(op, pools, headers()), async (parts) => {
          const res = await t.app.inject(toRequest(op, { ...parts, headers: headers() }));
          const label = `${opName(op)} ${JSON.stringify({ path: parts.pathParams, query: parts.query, body: parts.body }).slice(0, 200)}`;
          if (res.statusCode < 300) failures.push(`${label} → ${res.statusCode} for the external DPO`);
          if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode}`);
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      await reader.repair();
    }
    // The walk reached the administration of users, roles, the company, security and billing
    // (unless FUZZ_ONLY narrowed it to some paths).
    if (!process.env.FUZZ_ONLY) expect(reached).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});

/**
 * Operations that administer a company's users, roles, company data, security settings or
 * billing: never an external DPO's, whatever roles their home tenant gave them. The external
 * DPO's own account (profile, scope, password) is theirs and stays out.
 */
function administers(op: Operation): boolean {
  const p = op.path;
  if (
    /^\/api\/user\/(me|lookup|scope|language|dashboard-settings|profile|notifications|avatar|change-password|email-change|two-factor|api-token)(\/|$)/.test(
      p,
    )
  )
    return false;
  if (/^\/api\/(user|role|security-log|account|billing|webhook)(\/|$)/.test(p)) return true;
  if (/^\/api\/company(\/|$)/.test(p)) return isWrite(op);
  return false;
}
