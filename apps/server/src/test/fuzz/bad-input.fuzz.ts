import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/types';
import { PROGRESS_TYPE } from '../../platform/progress-answer';
import { createTestApp, type TestApp } from '../harness';
import { untranslatedFieldMessages } from '../web-catalogue';
import { mutate } from './mutate';
import {
  answerStatus,
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
import { tokenDenied, tokenWalker, visibleCompanyIds, walker } from './session';

/**
 * The fuzz stage: every operation of the OpenAPI document, as the agency's
 * administrator over the demo data, with valid requests and with one field, parameter or header
 * made bad. Zero 5xx; a refused write changes nothing; every 422 (asked in German, the default)
 * names its fields with message keys both web catalogues translate, never a library's English.
 * Fixed seed, bounded runs (FUZZ_RUNS).
 */

const SEED = 20_261_124;
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
/** The default's ten minutes hold 6 runs per operation; a nightly-sized run (FUZZ_RUNS=300) gets time in proportion. */
const TIMEOUT_MS = 600_000 * Math.max(1, RUNS / 6);

describe('fuzzing every OpenAPI operation', () => {
  let t: TestApp;
  let ops: Operation[];
  let own: Pools;
  let foreign: Pools;
  let admin: Awaited<ReturnType<typeof walker>>;

  beforeAll(async () => {
    // The token walk sends far more than a token's default 300 requests a minute.
    t = await createTestApp({ API_TOKEN_RATE_LIMIT: '1000000' }, { demoItems: true });
    ops = await operations(t);
    admin = await walker(t, 'admin@demo.local');
    const other = await walker(t, 'other@demo.local');
    await seedWebhook(t, await visibleCompanyIds(t, admin.headers()));
    own = await ownPools();
    foreign = await collectPools(t, await visibleCompanyIds(t, other.headers()));
  }, 120_000);
  afterAll(() => t?.close());

  /** The administrator's rows as they are now (a walk deletes some); their own account and roles stay out of reach. */
  async function ownPools() {
    const roles = await queryRows<{ id: string }>(t.db, sql`select role_id as id from user_role where user_id = ${admin.id}`);
    return collectPools(t, await visibleCompanyIds(t, admin.headers()), {
      users: [admin.id],
      roles: roles.map((r) => r.id),
      companies: [admin.companyId],
    });
  }

  /**
   * The walk of every operation as one caller: valid requests and mutations of them. Answers
   * what failed; `expect` is checked per answer to a valid request (e.g. a token's refusals).
   */
  async function walk(
    who: { label: string; headers: () => Record<string, string>; repair: () => Promise<string | null> },
    opts: { expect?: (op: Operation, status: number, parts: Parts) => Promise<string | null> } = {},
  ) {
    const failures: string[] = [];
    const neverAccepted: string[] = [];
    const repairs: string[] = [];
    let before = await snapshot(t);
    let previousWrote = true;
    for (const op of ops) {
      if (skipped[opName(op)]) continue;
      // A read may write too (a report kept under Documents): a write's check starts from now.
      if (isWrite(op) && !previousWrote) before = await snapshot(t);
      previousWrote = isWrite(op);
      let accepted = 0;
      let valid = 0;
      await fc.assert(
        fc.asyncProperty(
          validParts(op, own, who.headers()),
          fc.record({ slot: fc.nat(), value: fc.nat(), pos: fc.nat() }),
          fc.nat(3),
          async (parts, m, mode) => {
            // A quarter of the runs send the valid request itself, the rest one mutation of it.
            // An operation that can answer with its progress is asked for it every other run.
            const headers = { ...who.headers(), ...(op.progress && m.pos % 2 ? { accept: PROGRESS_TYPE } : {}) };
            const sent =
              mode === 0 ? { parts: { ...parts, headers }, label: 'valid' } : mutate(op, { ...parts, headers }, m, foreign);
            let answer: Awaited<ReturnType<TestApp['app']['inject']>>;
            try {
              answer = await t.app.inject(toRequest(op, sent.parts));
            } catch (e) {
              // light-my-request refuses some headers before they reach the server: not a server answer.
              if (e instanceof TypeError || (e as { code?: string }).code === 'ERR_INVALID_CHAR') return true;
              throw e;
            }
            const res = { statusCode: answerStatus(answer), body: answer.body };
            if (mode === 0) valid++;
            if (mode === 0 && res.statusCode < 300) accepted++;
            if (process.env.FUZZ_DEBUG && mode === 0 && res.statusCode >= 300)
              console.info(opName(op), res.statusCode, res.body.slice(0, 300), JSON.stringify(sent.parts.body)?.slice(0, 300));
            if (res.statusCode >= 500)
              failures.push(`${opName(op)} [${sent.label}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
            // The error handler's last resort: the database refused what a request schema let through.
            if (res.statusCode === 422 && res.body.includes('"_":["validation.notAccepted"]'))
              failures.push(`${opName(op)} [${sent.label}] → 422 from the database, not from the schema`);
            if (res.statusCode === 422)
              for (const problem of untranslatedFieldMessages(res.body))
                failures.push(`${opName(op)} [${sent.label}] → 422 ${problem}`);
            if (isWrite(op)) {
              const after = await snapshot(t);
              const changed = changedTables(before, after);
              if (res.statusCode >= 400 && changed.length)
                failures.push(`${opName(op)} [${sent.label}] → ${res.statusCode} but changed ${changed.join(', ')}`);
              before = after;
            }
            if (mode === 0 && opts.expect) {
              const wrong = await opts.expect(op, res.statusCode, sent.parts);
              if (wrong) failures.push(`${opName(op)} [valid] → ${res.statusCode}: ${wrong}`);
              // The check may have sent a request of its own.
              if (isWrite(op)) before = await snapshot(t);
            }
            return true;
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      const repaired = await who.repair();
      if (repaired) {
        repairs.push(`${opName(op)}: ${repaired}`);
        before = await snapshot(t);
      }
      if (valid && !accepted) neverAccepted.push(opName(op));
    }
    // What the walk could not reach with a valid request (the schema is looser than the handler).
    console.info(
      `fuzz (${who.label}): ${ops.length} operations, ${RUNS} runs each; valid requests never accepted by:\n  ${neverAccepted.join('\n  ')}`,
    );
    if (repairs.length) console.info(`fuzz (${who.label}): session repaired after:\n  ${repairs.join('\n  ')}`);
    return failures;
  }

  it('answers no 5xx, changes nothing on a refused write and words every 422 in the user language', {
    timeout: TIMEOUT_MS,
  }, async () => {
    expect(await walk({ label: 'administrator', ...admin })).toEqual([]);
  });

  it('does the same for an API token of the administrator, which never reaches what tokens are denied', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const token = await tokenWalker(t, admin);
    own = await ownPools();
    const failures = await walk(
      { label: 'API token', ...token },
      {
        // A public operation (login, sign-up) answers a token as it answers anyone: it authenticates
        // nobody, so it is only denied where the same request without a token answers 401.
        expect: async (op, status, parts) => {
          if (!tokenDenied(op.path) || status === 401 || status === 403) return null;
          const { authorization: _token, ...anonymous } = parts.headers;
          const res = await t.app.inject(toRequest(op, { ...parts, headers: anonymous }));
          return res.statusCode === 401 ? 'an API token must be refused here' : null;
        },
      },
    );
    // The walk ran as the token: its uses were counted, and it was refused where tokens are.
    expect(await token.uses()).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});
