import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

/**
 * The only modules that may hold the owner connection (db/client: it bypasses row-level
 * security), each for work that must act outside a tenant. Everything else gets the request's
 * tenant transaction through its context and cannot reach another connection. The list is exact:
 * a new importer must be added here with its reason, and an entry whose module stopped importing
 * the connection must go, so the list always says who holds it.
 */
const allowed: Record<string, string> = {
  'main.ts': 'start-up: opens the database, schedules jobs',
  'app.ts': 'wires the owner connection into the modules below',
  'bootstrap.ts': 'migrations, demo data and the first administrator at start-up',
  'db/move.ts': 'move-to-postgres: copies a whole installation from the embedded database',
  'seed/demo-notifications.ts': "the demo's first notifications: one notification pass across the demo tenants at start-up",
  'test/harness.ts': 'tests',
  'test/template.ts': 'tests: the database template copied for each test file',
  'platform/auth/plugin.ts': 'authenticates each request and opens its tenant transaction',
  'platform/tenancy.ts': 'opens the tenant transaction on the owner connection',
  'platform/mail/mailer.ts': 'the mail outbox worker',
  'platform/storage.ts': 'files in PostgreSQL: content-addressed, no company data (the rows naming a hash decide access)',
  'modules/auth/deps.ts': 'login, token refresh and password reset (no tenant yet)',
  'modules/auth/token-limits.ts': 'rate limits of login and token refresh (no tenant yet)',
  'modules/billing/signup.ts': 'public sign-up: creates the company, its account holder and contract',
  'modules/billing/catalogue.ts': "the operator's plans and coupons (Platform.Manage)",
  'modules/billing/contract-job.ts': 'the contract date job, across tenants',
  'modules/company/demo-reset.ts': 'the scheduled reset of demo companies, across tenants',
  'modules/import/cleanup.ts': 'removes import files never committed, across tenants',
  'modules/notification/scheduler.ts': 'the scheduled notification pass (due dates, deadlines), across tenants',
  'modules/notification/job-routes.ts': 'the operator runs the notification pass now (Platform.Manage)',
  'modules/webhook/worker.ts': 'the webhook delivery worker: claims deliveries of every tenant',
  'modules/help/routes.ts': "the operator's help contents (Platform.Manage)",
  'modules/terms-of-use/routes.ts': "the operator's terms of use, shared by every tenant",
  'modules/legal/routes.ts': 'public legal documents',
  'modules/system/routes.ts': "public health check; the operator's view of the mail volume per company",
  'modules/questionnaires/public-service.ts': 'public fill link: finds the response by key hash, then works in its company only',
};

/**
 * The only modules that may hold the owner outbox (the whole Mailer: delivery, retries, queueing
 * outside a transaction with ownerQueue). Request code gets a RequestMailer, which queues a mail
 * in the request's transaction and nowhere else. Exact, like the list above.
 */
const outboxHolders: Record<string, string> = {
  'app.ts': 'builds the outbox, drains it at shutdown, hands request code its RequestMailer',
  'modules/auth/deps.ts': 'login lockout, password reset and unsubscribe links (no tenant yet)',
  'modules/billing/signup.ts': 'public sign-up: mails from its own transaction, or outside one for a known address',
  'modules/notification/scheduler.ts': 'the scheduled notification pass, across tenants',
  'modules/notification/job-routes.ts': 'the operator runs the notification pass now (Platform.Manage)',
  'modules/notification/mails.ts': "the notification pass's mails, queued in its batch transaction",
  'modules/notification/digest.ts': "the weekly digest, queued in the pass's batch transaction",
};

/** An import naming the Mailer type or value from the mailer module (RequestMailer is another name). */
const outboxImport =
  /\bimport\s+(?:type\s+)?\{[^}]*(?<![\w.])(?:type\s+)?Mailer\b[^}]*\}\s*from\s*['"][./]+(?:platform\/)?mail\/mailer(?:\.js)?['"]/;

/** A static or dynamic import of db/client, from any depth, with or without the .js suffix. */
const ownerImport = /(?:\bfrom\s*|\bimport\s*\(\s*)['"](?:\.{1,2}\/)+(?:db\/)?client(?:\.js)?['"]/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the owner connection', () => {
  it('finds an import of it wherever it is written', () => {
    // The scan below relies on this pattern: a planted import must be found, a look-alike not.
    expect(ownerImport.test("import { openDatabase } from '../db/client';")).toBe(true);
    expect(ownerImport.test("import type {\n  Database,\n} from '../../db/client.js';")).toBe(true);
    expect(ownerImport.test("import { x } from './client';")).toBe(true);
    expect(ownerImport.test("const { db } = await import('../db/client');")).toBe(true);
    expect(ownerImport.test("import { y } from '../db/client-helpers';")).toBe(false);
    expect(ownerImport.test("import { z } from '../db/schema';")).toBe(false);
  });

  it('is imported by exactly the modules that must act outside a tenant', () => {
    const importers = sources(src)
      .filter((f) => ownerImport.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f).replaceAll(path.sep, '/'))
      .filter((f) => f !== 'db/client.ts')
      .sort();
    // Both ways: no unlisted importer, and no listed module that no longer imports it.
    expect(importers).toEqual(Object.keys(allowed).sort());
  });

  it('finds an import of the owner outbox wherever it is written', () => {
    expect(outboxImport.test("import type { Mailer } from '../../platform/mail/mailer';")).toBe(true);
    expect(outboxImport.test("import { createMailer, type Mailer, requestMailerOf } from './platform/mail/mailer';")).toBe(true);
    expect(outboxImport.test("import {\n  type Mailer,\n  ownerQueue,\n} from '../../platform/mail/mailer.js';")).toBe(true);
    expect(outboxImport.test("import type { RequestMailer } from '../../platform/mail/mailer';")).toBe(false);
    expect(outboxImport.test("import { type MailQueue, ownerQueue } from '../../platform/mail/mailer';")).toBe(false);
    expect(outboxImport.test("import type { Mailer } from './other';")).toBe(false);
  });

  it('is held, as the whole outbox, by exactly the modules that mail outside a tenant', () => {
    const holders = sources(src)
      .filter((f) => outboxImport.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f).replaceAll(path.sep, '/'))
      .sort();
    expect(holders).toEqual(Object.keys(outboxHolders).sort());
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
