import { rm } from 'node:fs/promises';
import type { CenterbaseStandIn } from '../tests/stand-ins/centerbase/centerbase-stand-in';
import type { ClioStandIn } from '../tests/stand-ins/clio/clio-stand-in';

export default async function globalTeardown(): Promise<void> {
  // The server (and its PostgreSQL) has stopped by now; the data directory was this run's alone.
  if (process.env.E2E_DATA_DIR?.includes('formbuilder-e2e-')) {
    await rm(process.env.E2E_DATA_DIR, { recursive: true, force: true }).catch(() => {});
  }
  // Started by playwright.config.ts in this process; closing it fails the run on any unasserted Clio contract violation.
  const holder = globalThis as { e2eClioStandIn?: ClioStandIn; e2eCenterbaseStandIn?: CenterbaseStandIn };
  const { e2eClioStandIn: clio, e2eCenterbaseStandIn: centerbase } = holder;
  delete holder.e2eClioStandIn;
  delete holder.e2eCenterbaseStandIn;
  await centerbase?.close();
  await clio?.close();
}
