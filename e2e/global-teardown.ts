import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  // The server (and its PostgreSQL) has stopped by now; the data directory was this run's alone.
  if (process.env.E2E_DATA_DIR?.includes('formbuilder-e2e-')) {
    await rm(process.env.E2E_DATA_DIR, { recursive: true, force: true }).catch(() => {});
  }
}
