import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://user:pass@127.0.0.1:port — append /<database>. */
    pgServerUrl: string;
  }
}

/** One real PostgreSQL for the whole server suite; each test file gets its own database in it. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'formbuilder-test-'));
  const pg = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres', ephemeral: true });
  project.provide('pgServerUrl', pg.connectionString.replace(/\/postgres$/, ''));
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
