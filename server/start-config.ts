import { ConfigError, loadConfig, loadDotEnv, type Config } from './config.js';
import { resolveSecretKey } from './secret-key.js';

/**
 * What a process started from the command line (the server, `npm run worker`) needs before anything else: `.env`,
 * the validated settings and the secret key. A bad value stops the process here, with the message naming the
 * variable (or the secret-key file), before a database is touched.
 */
export function loadStartConfig(): { config: Config; secretKey: string } {
  try {
    loadDotEnv();
    const config = loadConfig();
    return { config, secretKey: resolveSecretKey(config) };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
