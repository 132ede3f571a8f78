// Environment, parsed once at boot with zod. A bad value stops the start with a message naming
// the variable; nothing else in the code reads process.env.
import { z } from 'zod';

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses "10s", "1m", "500ms", "2h" into milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a duration like 10s, 1m, 1h`);
  return Number(match[1]) * DURATION_UNITS[match[2]!]!;
}

const duration = z.string().transform((value, ctx) => {
  try {
    return parseDuration(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

const durationList = z.string().transform((value, ctx) => {
  try {
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(parseDuration);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().min(0);

const FAULT = /^(engine:[a-z_]+\.[a-z_0-9]+|payments:down)$/;

const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  ADMIN_TOKEN: z.string().min(16, 'ADMIN_TOKEN must be at least 16 characters').optional(),
  SPTOK_PER_USD: positiveInt.default(100),
  SPTOK_GRANT_MAX: nonNegativeInt.default(50_000),
  SPTOK_GRANT_BUSINESS: nonNegativeInt.default(500_000),
  RATE_LIMIT_MAX_PER_MIN: positiveInt.default(60),
  RATE_LIMIT_BUSINESS_PER_MIN: positiveInt.default(600),
  IDEMPOTENCY_RETENTION_DAYS: positiveInt.default(30),
  CALLBACK_RETRY_SCHEDULE: durationList.default(
    ['10s', '1m', '5m', '15m', '1h', '3h', '6h'].map(parseDuration),
  ),
  CALLBACK_TIMEOUT: duration.default(15_000),
  CALLBACK_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  PAYMENTS: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  DEMO_COMPANIES: positiveInt.default(50_000),
  BIZFN_FAULTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const faults = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      for (const fault of faults) {
        if (!FAULT.test(fault)) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown fault "${fault}" (engine:<service_code> or payments:down)`,
          });
        }
      }
      return faults;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.enum(['on', 'off']).default('on'),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Reads the configuration from an environment (process.env by default); throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid environment:\n${lines.join('\n')}`);
  }
  if (parsed.data.PAYMENTS === 'stripe' && !parsed.data.STRIPE_SECRET_KEY) {
    throw new ConfigError('invalid environment:\n  STRIPE_SECRET_KEY: required when PAYMENTS=stripe');
  }
  return parsed.data;
}

/** The configuration tests start from: defaults, overridable per test. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'off', ...overrides });
}

/** Base URL used in absolute links (status_url, download_urls, checkout_url). */
export function publicBaseUrl(config: Config, listening?: { host: string; port: number }): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const host = listening?.host ?? config.HOST;
  const port = listening?.port ?? config.PORT;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
