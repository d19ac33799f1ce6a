import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { advanceContracts } from './modules/billing/contract-job';
import { resetDueDemoCompanies } from './modules/company/demo-reset';
import { removeAbandonedImports } from './modules/import/cleanup';
import { runNotificationPass } from './modules/notification/scheduler';
import { openStorage } from './platform/storage';
import { startupMessage } from './startup-message';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (e) {
      console.error((e as Error).message);
      process.exit(1);
    }
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
  });
  const { secret, seeded } = await bootstrap(database, config);
  // On PostgreSQL files live in the database, so instances on several machines share them.
  const storage = await openStorage(database, config.dataDir);
  const app = await buildApp({ config, database, storage, secret });

  // Mails SMTP refused are retried; without SMTP_URL they simply stay in the outbox. Every
  // instance flushes: each claims its own mails (FOR UPDATE SKIP LOCKED), so each goes out once.
  const flushTimer = config.smtpUrl ? setInterval(() => void app.mailer.flush().catch(() => undefined), 60_000) : null;
  flushTimer?.unref();

  // Demo companies reset seven days after creation; checked at start-up and every ten minutes,
  // by one instance at a time (an advisory lock; the others skip the turn).
  const resetDemos = () =>
    resetDueDemoCompanies(database.db, { timeZone: config.timeZone, now: new Date() }).catch((e) =>
      app.log.error({ err: e }, 'demo reset failed'),
    );
  void resetDemos();
  setInterval(resetDemos, 10 * 60_000).unref();

  // Contracts move along by date (ended trials, cancellations, billing): at start-up and every ten minutes.
  const advance = () =>
    advanceContracts(database.db, app.billingProvider, { timeZone: config.timeZone, now: new Date() }).catch((e) =>
      app.log.error({ err: e }, 'contract date job failed'),
    );
  void advance();
  setInterval(advance, 10 * 60_000).unref();

  // Import files checked but never committed go after a day; every ten minutes, by any instance.
  const importCleanup = () =>
    removeAbandonedImports(database.db, new Date()).catch((e) => app.log.error({ err: e }, 'import clean-up failed'));
  void importCleanup();
  setInterval(importCleanup, 10 * 60_000).unref();

  // Due reminders and deadline alerts: at start-up (catching up on a stop) and every
  // NOTIFY_INTERVAL_SECONDS; every instance schedules it, the database keeps each notification once.
  const notifyPass = () =>
    runNotificationPass(database.db, { timeZone: config.timeZone, now: new Date(), mailer: app.mailer }).catch((e) =>
      app.log.error({ err: e }, 'notification pass failed'),
    );
  void notifyPass();
  setInterval(notifyPass, config.notifyIntervalSeconds * 1000).unref();

  // The embedded database has no autovacuum: every minute the server analyzes and vacuums the
  // tables autovacuum would, so the planner knows their sizes and dead rows are reclaimed.
  if (database.maintain) {
    const maintain = database.maintain;
    setInterval(
      () => void maintain().catch((e) => app.log.error({ err: e }, 'embedded database maintenance failed')),
      60_000,
    ).unref();
  }

  // Webhook deliveries: every WEBHOOK_INTERVAL_SECONDS, by every instance (each claims its own
  // deliveries); a run still busy when the next is due lets that turn pass.
  let webhooksBusy = false;
  const webhookPass = async () => {
    if (webhooksBusy) return;
    webhooksBusy = true;
    try {
      await app.webhooks.run();
    } catch (e) {
      app.log.error({ err: e }, 'webhook delivery pass failed');
    } finally {
      webhooksBusy = false;
    }
  };
  setInterval(() => void webhookPass(), config.webhookIntervalSeconds * 1000).unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  console.log(startupMessage(config, { databaseKind: database.kind, address, seeded }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
