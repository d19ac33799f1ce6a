import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

/**
 * The only modules that may hold the owner connection (db/client: it bypasses row-level
 * security), each for work that must act outside a tenant. Everything else gets the request's
 * tenant transaction through its context and cannot reach another connection.
 */
const allowed: Record<string, string> = {
  'main.ts': 'start-up: opens the database, schedules jobs',
  'app.ts': 'wires the owner connection into the modules below',
  'bootstrap.ts': 'migrations, demo data and the first administrator at start-up',
  'db/client.ts': 'the owner connection itself',
  'seed/demo.ts': 'demo data at start-up',
  'test/harness.ts': 'tests',
  'test/template.ts': 'tests: the database template copied for each test file',
  'platform/auth/plugin.ts': 'authenticates each request and opens its tenant transaction',
  'platform/tenancy.ts': 'opens the tenant transaction on the owner connection',
  'platform/mail/mailer.ts': 'the mail outbox worker',
  'platform/secret.ts': 'the token signing secret, at start-up',
  'modules/auth/deps.ts': 'login, token refresh and password reset (no tenant yet)',
  'modules/auth/mail-link-routes.ts': 'links in mails: unsubscribe, e-mail confirmation',
  'modules/auth/token-limits.ts': 'rate limits of login and token refresh (no tenant yet)',
  'modules/billing/signup-routes.ts': 'public sign-up: creates the company, its account holder and contract',
  'modules/billing/catalogue-routes.ts': "the operator's plans and coupons (Platform.Manage)",
  'modules/billing/contract-job.ts': 'the contract date job, across tenants',
  'modules/company/demo-reset.ts': 'the scheduled reset of demo companies, across tenants',
  'modules/notification/scheduler.ts': 'the scheduled notification pass (due dates, deadlines), across tenants',
  'modules/notification/job-routes.ts': 'the operator runs the notification pass now (Platform.Manage)',
  'modules/help/routes.ts': "the operator's help contents (Platform.Manage)",
  'modules/terms-of-use/routes.ts': "the operator's terms of use, shared by every tenant",
  'modules/legal/routes.ts': 'public legal documents',
  'modules/system/routes.ts': 'public health check',
  'modules/questionnaires/public-routes.ts': 'public fill link: finds the response by key hash, then works in its company only',
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the owner connection', () => {
  it('is imported only by the modules that must act outside a tenant', () => {
    const importers = sources(src)
      .filter((f) => /from '(\.{1,2}\/)+(db\/)?client'/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f).replaceAll(path.sep, '/'))
      .sort();
    // The scan finds the real importers, so it cannot pass by finding nothing.
    expect(importers).toContain('platform/auth/plugin.ts');
    expect(importers.filter((f) => !(f in allowed))).toEqual([]);
  });

  it('reaches other modules only through the auth module', () => {
    // AuthDeps carries the owner connection; other modules take AccountDeps, which does not.
    const users = sources(src)
      .filter((f) => /\bAuthDeps\b/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f).replaceAll(path.sep, '/'));
    expect(users).toContain('modules/auth/deps.ts');
    expect(users.filter((f) => !f.startsWith('modules/auth/') && f !== 'app.ts')).toEqual([]);
  });
});
