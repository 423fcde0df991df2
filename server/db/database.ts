import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

// bigint ids come back from pg as strings; our ids stay far below 2^53, so read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type DB = Kysely<Database>;

/** How long opening a connection, or waiting for a free pooled one, may take before the request fails (503). */
const DB_CONNECT_TIMEOUT_MS = 5_000;
/** PostgreSQL cancels any one statement that runs longer (a runaway query cannot hold a connection for ever). */
const DB_STATEMENT_TIMEOUT_MS = 30_000;

export interface DbOptions {
  max?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** A connection lost outside a query (idle, or checked out between queries); told, never thrown. */
  onConnectionError?: (error: Error) => void;
}

export function createDb(connectionString: string, options: DbOptions = {}): { db: DB; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS,
    statement_timeout: options.statementTimeoutMs ?? DB_STATEMENT_TIMEOUT_MS,
    keepAlive: true,
  });
  const onError = options.onConnectionError ?? (() => {});
  // A connection dropped by PostgreSQL (restart, pg_terminate_backend, crash) emits 'error' on its client. The pool
  // listens only while a client is idle; a client checked out between two queries (a transaction, a stream) would
  // raise an unhandled 'error' event and crash the process. Every client gets a listener for its whole life: the
  // request using it fails on its next query, the pool drops it, and the process serves on.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

export interface ExportPoolSettings {
  /** Connections for CSV exports, apart from the main pool: stalled downloads can never starve other requests. */
  size: number;
  /** Exports one user may run at once (429 past it). */
  userConcurrency: number;
  /** An export whose reader takes nothing for this long is closed and its connection given back. */
  stallTimeoutMs: number;
  /** How long an export waits for a free export connection before answering 503. */
  acquireTimeoutMs?: number;
  onConnectionError?: (error: Error) => void;
}

/** The small pool CSV exports stream from (`COPY … TO STDOUT`), with the limits the export route enforces. */
export class ExportPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    readonly settings: ExportPoolSettings,
  ) {
    super(config);
  }
}

/** The longest one CSV export may stream, read at any pace: an hour (a million rows to a slow reader). */
export const EXPORT_STATEMENT_TIMEOUT_MS = 60 * 60_000;

/** Names the export pool's sessions in pg_stat_activity (and lets a test count them). */
export const EXPORT_APPLICATION_NAME = 'form-builder export';

/**
 * The export pool, on the same database as `base` (the main pool's options), with its own statement_timeout: an
 * export's COPY is one statement from its first row to its last, so the main pool's 30 s would cut every download
 * that takes longer while it is being read. A stalled export's backend shows `active` (waiting to write), not
 * `idle in transaction`, so no idle timeout applies either: the export route's stall timeout is what ends a stalled
 * one.
 */
export function createExportPool(base: pg.PoolConfig, settings: ExportPoolSettings): ExportPool {
  const pool = new ExportPool(
    {
      ...base,
      max: settings.size,
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: settings.acquireTimeoutMs ?? DB_CONNECT_TIMEOUT_MS,
      statement_timeout: EXPORT_STATEMENT_TIMEOUT_MS,
      application_name: EXPORT_APPLICATION_NAME,
    },
    settings,
  );
  const onError = settings.onConnectionError ?? (() => {});
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed',
  'Connection ended',
];

/** Whether an error means "PostgreSQL cannot be reached right now" (answer 503 and retry) rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((message) => error.message.includes(message));
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
