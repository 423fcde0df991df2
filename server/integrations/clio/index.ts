import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { SecretBox } from '../../secrets/secret-box.js';
import { ClioAdapter } from './clio-adapter.js';
import { clioSettingsFrom } from './clio-settings.js';

/** The Clio adapter the delivery engine pushes through (server, worker and app build it the same way). */
export function clioAdapterFor(config: Config, db: DB, secrets: SecretBox): ClioAdapter {
  return new ClioAdapter({ db, secrets, settings: clioSettingsFrom(config) });
}
