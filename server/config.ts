import { isIP } from 'node:net';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A whole-number setting (milliseconds, counts): at least `min`, `fallback` when unset. */
const wholeNumber = ({ min, fallback }: { min: number; fallback: number }) =>
  optionalString
    .pipe(
      z.coerce
        .number<string | undefined>({ error: 'must be a number' })
        .int('must be a whole number')
        .min(min, `must be at least ${min}`)
        .optional(),
    )
    .transform((value) => value ?? fallback);

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: optionalString.transform((value) => value ?? '127.0.0.1'),
    PORT: optionalString
      .pipe(
        z.coerce
          .number<string | undefined>({ error: 'must be a number' })
          .int('must be a whole number')
          .min(0, 'must be between 0 and 65535')
          .max(65535, 'must be between 0 and 65535')
          .optional(),
      )
      .transform((value) => value ?? 3000),
    PUBLIC_URL: optionalString.pipe(z.url({ error: 'must be an absolute URL such as https://forms.example.com' }).optional()),
    DATA_DIR: optionalString.transform((value) => value ?? '.data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SECRET_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters long').optional()),
    // Previous keys, comma-separated: secrets encrypted with them still open until `manage rotate-secret-key`.
    SECRET_KEY_FALLBACKS: optionalString.transform((value, ctx) => {
      const keys = (value ?? '').split(',').map((key) => key.trim()).filter(Boolean);
      if (keys.some((key) => key.length < 32)) ctx.addIssue({ code: 'custom', message: 'each key must be at least 32 characters long' });
      return keys;
    }),
    ADMIN_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
    // Where the error page's 'Contact Support' button mails; ADMIN_EMAIL when unset (supportEmailOf).
    SUPPORT_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters long').optional()),
    OIDC_ISSUER: optionalString.pipe(z.url({ error: 'must be the issuer URL' }).optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_NAME: z.string().trim().min(1).default('Single sign-on'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: optionalString.transform((value, ctx) => parseTrustProxy(value, ctx)),
    STATIC_DIR: optionalString,
    // Hosts Zapier hook targets may point at (https only; http just for a loopback host named here, in tests).
    ZAPIER_HOOK_HOSTS: optionalString.transform((value, ctx) => {
      const hosts = (value ?? 'hooks.zapier.com').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
      const bad = hosts.find((host) => !/^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host));
      if (bad !== undefined || hosts.length === 0) ctx.addIssue({ code: 'custom', message: `must be comma-separated host names (not ${JSON.stringify(bad ?? value)})` });
      return hosts;
    }),
    // Clio's OAuth application (INTEGRATIONS.md "Clio"); without an id and secret the Clio connect step answers 503.
    CLIO_CLIENT_ID: optionalString,
    CLIO_CLIENT_SECRET: optionalString,
    // The US region's host; the EU, CA and AU regions have fixed hosts (server/integrations/clio/clio-settings.ts).
    // Tests point it at the stand-in, and then every region goes there.
    CLIO_BASE_URL: optionalString.pipe(z.url({ error: 'must be an absolute URL such as https://app.clio.com' }).optional()),
    // Where a firm's Centerbase API lives, `{subdomain}` replaced (default https://{subdomain}.centerbase.com/mobile/api.svc/json).
    // Tests point it at the stand-in.
    CENTERBASE_BASE_URL: optionalString.refine(
      (value) => value === undefined || (value.includes('{subdomain}') && URL.canParse(value.replace('{subdomain}', 'firm'))),
      { message: 'must be an absolute URL with a {subdomain} placeholder, such as https://{subdomain}.centerbase.com/mobile/api.svc/json' },
    ),
    SUBMIT_RATE_LIMIT: optionalString
      .pipe(z.coerce.number<string | undefined>({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').optional())
      .transform((value) => value ?? 30),
    SUBMIT_MIN_FILL_MS: optionalString
      .pipe(z.coerce.number<string | undefined>({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').optional())
      .transform((value) => value ?? 3000),
    REQUEST_TIMEOUT_MS: wholeNumber({ min: 1000, fallback: 60_000 }),
    CONNECTION_TIMEOUT_MS: wholeNumber({ min: 1000, fallback: 60_000 }),
    KEEP_ALIVE_TIMEOUT_MS: wholeNumber({ min: 1000, fallback: 72_000 }),
    USER_CONCURRENCY: wholeNumber({ min: 1, fallback: 4 }),
    EXPORT_POOL_SIZE: wholeNumber({ min: 1, fallback: 4 }),
    EXPORT_USER_CONCURRENCY: wholeNumber({ min: 1, fallback: 2 }),
    EXPORT_STALL_TIMEOUT_MS: wholeNumber({ min: 100, fallback: 30_000 }),
    EXPORT_ACQUIRE_TIMEOUT_MS: wholeNumber({ min: 100, fallback: 5_000 }),
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: wholeNumber({ min: 0, fallback: 500 }),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any OIDC_* variable is set' });
      }
    }
  });

/**
 * Which proxies' X-Forwarded-For to believe: their addresses or CIDRs (`loopback` for a proxy on this machine).
 * `true` is refused: it believes the left-most address, which any client can write, and so would void the sign-in
 * throttle and the submit rate limit. A bare hop count is refused too: it cannot tell our proxy from a client that
 * connects directly and writes its own header (Fastify 5 ignores hop counts for that reason).
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true' || /^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `must list the addresses or CIDRs of the proxies in front of the server (e.g. loopback or 10.0.0.0/8), not ${JSON.stringify(value)}: anyone can write X-Forwarded-For`,
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `must be comma-separated proxy addresses or CIDRs (not ${JSON.stringify(bad ?? value)})` });
    return z.NEVER;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type Config = z.infer<typeof configSchema> & { oidcEnabled: boolean };

export class ConfigError extends Error {}

/**
 * The address 'Contact Support' mails (the error page of spec §2): SUPPORT_EMAIL, else the administrator who runs
 * this server (ADMIN_EMAIL); null when neither is set, and then the mail opens without a recipient rather than to
 * an address nobody reads.
 */
export function supportEmailOf(config: Pick<Config, 'SUPPORT_EMAIL' | 'ADMIN_EMAIL'>): string | null {
  return config.SUPPORT_EMAIL ?? config.ADMIN_EMAIL ?? null;
}

/** Reads `.env` from the working directory when present; real environment variables win. */
export function loadDotEnv(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError(`Cannot read ${path}: ${(error as Error).message}`);
  }
}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return { ...config, oidcEnabled: Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) };
}
