import pino from 'pino';
import { buildLoggerOptions } from './app.js';
import { createDb, migrateToLatest } from './db/database.js';
import { openDatabase } from './db/open.js';
import { centerbaseAdapterFor } from './integrations/centerbase/index.js';
import { clioAdapterFor } from './integrations/clio/index.js';
import { DeliveryEngine } from './delivery/delivery-engine.js';
import { loadStartConfig } from './start-config.js';
import { SecretBox } from './secrets/secret-box.js';

/**
 * `npm run worker`: delivery workers without the web server, on the same database and settings. Any number may run
 * beside the servers: the engine's row claims and target locks keep every delivery single.
 */
async function main(): Promise<void> {
  const { config, secretKey } = loadStartConfig();
  const logger = pino(buildLoggerOptions(config.LOG_LEVEL) as pino.LoggerOptions);
  const database = await openDatabase(config, (message) => logger.info(message));
  const { db, pool } = createDb(database.connectionString, {
    onConnectionError: (error) => logger.warn({ reason: error.message }, 'database connection lost'),
  });
  const secrets = new SecretBox(secretKey, config.SECRET_KEY_FALLBACKS);
  const delivery = new DeliveryEngine({ db, pool, secrets, hookHosts: config.ZAPIER_HOOK_HOSTS, logger, adapters: [clioAdapterFor(config, db, secrets), centerbaseAdapterFor(config, db, secrets)] });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'delivery worker stopping');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await delivery.stop();
      await db.destroy();
      await database.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await migrateToLatest(db);
    await delivery.startWorkers();
    logger.info('delivery worker running');
  } catch (error) {
    logger.error({ err: error }, 'delivery worker start-up failed');
    await delivery.stop().catch(() => {});
    await db.destroy().catch(() => {});
    await database.stop().catch(() => {});
    process.exit(1);
  }
}

void main();
