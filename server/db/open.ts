import type { Config } from '../config.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

export interface OpenedDatabase {
  connectionString: string;
  embedded: boolean;
  /** The embedded cluster was created by this start (first run). */
  created: boolean;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'formbuilder';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR (started and supervised, or joined when already
 * running; the server adopts one left running by a killed server).
 */
export async function openDatabase(
  config: Config,
  log: (message: string) => void = () => {},
  options: { adoptOrphan?: boolean } = {},
): Promise<OpenedDatabase> {
  if (config.DATABASE_URL) {
    return { connectionString: config.DATABASE_URL, embedded: false, created: false, stop: async () => {} };
  }
  const handle = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, database: EMBEDDED_DATABASE_NAME, log, adoptOrphan: options.adoptOrphan });
  return { connectionString: handle.connectionString, embedded: true, created: handle.created, stop: handle.stop };
}
