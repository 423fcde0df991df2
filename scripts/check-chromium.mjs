// `npm test` drives a real Chromium in its end-to-end journeys. Without one, say so in one line, before any work,
// instead of thirteen stack traces at the end. Playwright cannot download its own browser on our machines.
import { accessSync, constants, statSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
  // A directory passes the executable check too (CHROMIUM_PATH=/usr/bin).
  if (!statSync(path).isFile()) throw new Error('not a file');
} catch {
  console.error(
    `No Chromium at ${path}: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable, then run npm test again.`,
  );
  process.exit(1);
}
