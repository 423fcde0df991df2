import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { SecretBox } from '../../secrets/secret-box.js';
import { DEFAULT_CENTERBASE_API_BASE } from './centerbase-api.js';
import { CenterbaseAdapter } from './centerbase-adapter.js';

/** The Centerbase adapter the delivery engine pushes through (server, worker and app build it the same way). */
export function centerbaseAdapterFor(config: Pick<Config, 'CENTERBASE_BASE_URL'>, db: DB, secrets: SecretBox): CenterbaseAdapter {
  return new CenterbaseAdapter({ db, secrets, apiBase: (config.CENTERBASE_BASE_URL ?? DEFAULT_CENTERBASE_API_BASE).replace(/\/+$/, '') });
}
