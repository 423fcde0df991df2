import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { buildApp, buildLoggerOptions } from './app.js';
import { createDb, isDatabaseUnavailable, migrateToLatest } from './db/database.js';
import { centerbaseAdapterFor } from './integrations/centerbase/index.js';
import { clioAdapterFor } from './integrations/clio/index.js';
import { DeliveryEngine } from './delivery/delivery-engine.js';
import { openDatabase } from './db/open.js';
import { loadStartConfig } from './start-config.js';
import { SecretBox } from './secrets/secret-box.js';
import { seed } from './seed.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const { config, secretKey } = loadStartConfig();
  const logger = pino(buildLoggerOptions(config.LOG_LEVEL) as pino.LoggerOptions);

  const database = await openDatabase(config, (message) => logger.info(message), { adoptOrphan: true });
  const { db, pool } = createDb(database.connectionString, {
    onConnectionError: (error) => logger.warn({ reason: error.message }, 'database connection lost'),
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const secrets = new SecretBox(secretKey, config.SECRET_KEY_FALLBACKS);
  const delivery = new DeliveryEngine({
    db,
    pool,
    secrets,
    hookHosts: config.ZAPIER_HOOK_HOSTS,
    logger,
    adapters: [clioAdapterFor(config, db, secrets), centerbaseAdapterFor(config, db, secrets)],
  });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app?.close(); // stop accepting, finish in-flight requests
      await delivery.stop(); // in-flight pushes get a moment, then go again at the next start
      await db.destroy();
      await database.stop(); // clean PostgreSQL shutdown (checkpoint), only if we started it
      logger.info('stopped');
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    const seeded = await seed(db, config);
    app = await buildApp({ config, db, pool, secretKey, logger, delivery });
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    // The delivery workers run in the server too; `npm run worker` adds processes that only deliver.
    await delivery.startWorkers();
    const port = new URL(address).port;
    const shownHost = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
    const url = config.PUBLIC_URL ?? `http://${shownHost}:${port}`;
    const lines = [
      '',
      `  Form Builder is running at ${url}`,
      `  (${database.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL from DATABASE_URL'}; ready in ${Math.round(performance.now() - startedAt)} ms)`,
    ];
    if (seeded.admin) {
      lines.push('', `  Administrator created: ${seeded.admin.email}`);
      if (seeded.admin.password) lines.push(`  Password (shown once, change it with npm run manage -- set-password): ${seeded.admin.password}`);
    }
    lines.push('');
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      const where = database.embedded ? `the embedded PostgreSQL in ${config.DATA_DIR}` : `DATABASE_URL (${describeDatabaseUrl(database.connectionString)})`;
      console.error(`Cannot reach PostgreSQL at ${where}: ${error instanceof Error ? error.message : String(error)}`);
    } else {
      logger.error({ err: error }, 'start-up failed');
    }
    await app?.close().catch(() => {});
    await delivery.stop().catch(() => {});
    await db.destroy().catch(() => {});
    await database.stop().catch(() => {});
    process.exit(1);
  }
}

/** host:port/database of a connection string, without the password. */
function describeDatabaseUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'unparseable URL';
  }
}

void main();
