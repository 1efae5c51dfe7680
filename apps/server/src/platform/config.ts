import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseTrustedProxies } from './trusted-proxies';
import { parseAllowlist } from './webhook-allowlist';
import { z } from 'zod';
import {
  appConstantsSchema,
  featureFlagsSchema,
  resourceLimitsSchema,
  type AppConstants,
  type FeatureFlags,
  type ResourceLimits,
} from '@tessera/contracts';

/** Settings read from the environment; names are part of the public interface (README table). */
const envSchema = z.object({
  TESSERA_PORT: z.coerce.number().int().min(0).max(65_535).default(8088),
  // Loopback unless told otherwise: docs/adr/0001-loopback-bind-by-default.md.
  TESSERA_HOST: z.string().min(1).default('127.0.0.1'),
  TESSERA_DATA_DIR: z.string().min(1).default('./data'),
  TESSERA_METADATA_URL: z.string().min(1).optional(),
  TESSERA_CONFIG_FILE: z.string().min(1).optional(),
  REDIS_URL: z.string().min(1).optional(),
  /** Namespaces the job queues and the beat's run claims, so several installations can share one Redis. */
  TESSERA_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, ".", "_" or "-", at most 64')
    .optional(),
  TESSERA_SECRET_KEY: z.string().optional(),
  TESSERA_ADMIN_USERNAME: z.string().min(1).max(64).default('admin'),
  TESSERA_ADMIN_PASSWORD: z.string().min(1).optional(),
  TESSERA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TESSERA_COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
  TESSERA_WEB_DIST: z.string().min(1).optional(),
  TESSERA_TRUSTED_PROXIES: z.string().optional(),
  TESSERA_PREVENT_UNSAFE_DB_CONNECTIONS: z.enum(['true', 'false']).optional(),
  /** Directories separated by the platform's path delimiter (':' on POSIX). */
  TESSERA_ALLOWED_DATA_FILE_DIRS: z.string().optional(),
  // Alerts and reports: the outgoing mail server (Superset's SMTP_* settings).
  TESSERA_SMTP_HOST: z.string().min(1).default('localhost'),
  TESSERA_SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(25),
  TESSERA_SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  TESSERA_SMTP_USER: z.string().min(1).optional(),
  TESSERA_SMTP_PASSWORD: z.string().min(1).optional(),
  TESSERA_SMTP_FROM: z.string().min(3).default('tessera@localhost'),
  /** Comma-separated hosts, addresses or CIDRs that webhooks may reach although private or plain HTTP. */
  TESSERA_WEBHOOK_ALLOWLIST: z.string().optional(),
  // The report renderer (modules/screenshots).
  TESSERA_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  TESSERA_RENDER_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TESSERA_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  TESSERA_RENDER_RECYCLE_AFTER: z.coerce.number().int().min(1).default(100),
  TESSERA_RENDER_MAX_RSS_MB: z.coerce.number().int().min(64).default(1536),
  TESSERA_RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
});

/** The optional JSON config file: constants, feature flags and a few server settings. */
const fileSchema = z
  .object({
    constants: appConstantsSchema.partial().default({}),
    feature_flags: featureFlagsSchema.partial().default({}),
    login_rate_limit_per_minute: z.number().int().positive().optional(),
    login_rate_limit_per_address_per_minute: z.number().int().positive().optional(),
    body_limit_bytes: z.number().int().positive().optional(),
    session_ttl_hours: z.number().positive().optional(),
    ...resourceLimitsSchema.partial().shape,
    prevent_unsafe_db_connections: z.boolean().optional(),
    allowed_data_file_dirs: z.array(z.string().min(1)).optional(),
  })
  .strict();

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  metadataUrl: string;
  redisUrl: string | null;
  /** TESSERA_QUEUE_PREFIX; null keeps the default keys (`bull:tessera-<job>`, `tessera:beat:fired:`). */
  queuePrefix: string | null;
  /** The raw env value; resolveSecretKey turns it into the key actually used. */
  secretKeyFromEnv: string | null;
  adminUsername: string;
  adminPassword: string | null;
  logLevel: z.infer<typeof envSchema>['TESSERA_LOG_LEVEL'];
  cookieSecure: 'true' | 'false' | 'auto';
  /**
   * Peers whose X-Forwarded-* headers are believed (addresses, CIDRs or proxy-addr's names); empty
   * means none, so the client address, scheme and host are those of the TCP connection.
   */
  trustedProxies: string[];
  webDist: string;
  constants: AppConstants;
  featureFlags: FeatureFlags;
  /** Login attempts per username per minute, over both login paths. */
  loginRateLimitPerMinute: number;
  /** Login attempts per client address per minute, over both login paths. */
  loginRateLimitPerAddressPerMinute: number;
  bodyLimitBytes: number;
  sessionTtlHours: number;
  /** SQLite workers, per-user running queries and pool shares (README, "Resource limits"). */
  limits: ResourceLimits;
  /** Superset's PREVENT_UNSAFE_DB_CONNECTIONS: file databases (SQLite, DuckDB) are refused unless allowed. */
  preventUnsafeDbConnections: boolean;
  /** Absolute directories whose SQLite/DuckDB files may be registered even when unsafe connections are prevented. */
  allowedDataFileDirs: string[];
  /** Outgoing mail of alerts and reports (modules/reports/delivery). */
  smtp: SmtpSettings;
  /** Webhook targets allowed although private, loopback or plain HTTP: host names, addresses, CIDRs. */
  webhookAllowlist: string[];
  /** Headless Chromium of the report renderer (modules/screenshots). */
  render: RenderSettings;
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); false still upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}

export interface RenderSettings {
  chromiumPath: string;
  /** Where the browser reaches this app; null: http://<listen host or 127.0.0.1>:<port>. */
  baseUrl: string | null;
  /** Pages rendering at once in one process. */
  concurrency: number;
  /** The browser is relaunched after this many renders ... */
  recycleAfter: number;
  /** ... or once its processes together hold more than this many MB. */
  maxRssMb: number;
  /** A render still running after this long is stopped and its page closed. */
  timeoutSeconds: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

function readConfigFile(file: string): z.infer<typeof fileSchema> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `Cannot read config file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`Invalid config file ${file}: ${formatIssues(parsed.error)}`);
  return parsed.data;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsedEnv = envSchema.safeParse(env);
  if (!parsedEnv.success) throw new ConfigError(`Invalid environment: ${formatIssues(parsedEnv.error)}`);
  const e = parsedEnv.data;
  const dataDir = path.resolve(cwd, e.TESSERA_DATA_DIR);
  const configFile = e.TESSERA_CONFIG_FILE
    ? path.resolve(cwd, e.TESSERA_CONFIG_FILE)
    : path.join(dataDir, 'tessera.config.json');
  if (e.TESSERA_CONFIG_FILE && !existsSync(configFile))
    throw new ConfigError(`Config file not found: ${configFile}`);
  const file = existsSync(configFile) ? readConfigFile(configFile) : fileSchema.parse({});
  const trustedProxies = parseTrustedProxies(e.TESSERA_TRUSTED_PROXIES ?? '');
  if (typeof trustedProxies === 'string')
    throw new ConfigError(`Invalid environment: TESSERA_TRUSTED_PROXIES: ${trustedProxies}`);
  return {
    port: e.TESSERA_PORT,
    host: e.TESSERA_HOST,
    dataDir,
    metadataUrl: e.TESSERA_METADATA_URL ?? `sqlite:${path.join(dataDir, 'tessera.db')}`,
    redisUrl: e.REDIS_URL ?? null,
    queuePrefix: e.TESSERA_QUEUE_PREFIX ?? null,
    secretKeyFromEnv: e.TESSERA_SECRET_KEY ?? null,
    adminUsername: e.TESSERA_ADMIN_USERNAME,
    adminPassword: e.TESSERA_ADMIN_PASSWORD ?? null,
    logLevel: e.TESSERA_LOG_LEVEL,
    cookieSecure: e.TESSERA_COOKIE_SECURE,
    trustedProxies,
    webDist: e.TESSERA_WEB_DIST
      ? path.resolve(cwd, e.TESSERA_WEB_DIST)
      : path.join(repoRoot, 'apps/web/dist'),
    constants: appConstantsSchema.parse(file.constants),
    featureFlags: featureFlagsSchema.parse(file.feature_flags),
    loginRateLimitPerMinute: file.login_rate_limit_per_minute ?? 20,
    loginRateLimitPerAddressPerMinute: file.login_rate_limit_per_address_per_minute ?? 60,
    bodyLimitBytes: file.body_limit_bytes ?? 5 * 1024 * 1024,
    sessionTtlHours: file.session_ttl_hours ?? 24 * 7,
    limits: resourceLimitsSchema.parse({
      sqlite_max_workers: file.sqlite_max_workers,
      user_max_running_queries: file.user_max_running_queries,
      database_pool_size: file.database_pool_size,
      user_pool_share: file.user_pool_share,
    }),
    preventUnsafeDbConnections:
      e.TESSERA_PREVENT_UNSAFE_DB_CONNECTIONS === undefined
        ? (file.prevent_unsafe_db_connections ?? true)
        : e.TESSERA_PREVENT_UNSAFE_DB_CONNECTIONS === 'true',
    allowedDataFileDirs: [
      ...(file.allowed_data_file_dirs ?? []).map((dir) => path.resolve(path.dirname(configFile), dir)),
      ...(e.TESSERA_ALLOWED_DATA_FILE_DIRS ?? '')
        .split(path.delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => path.resolve(cwd, dir)),
    ],
    smtp: {
      host: e.TESSERA_SMTP_HOST,
      port: e.TESSERA_SMTP_PORT,
      secure: e.TESSERA_SMTP_SECURE === 'true',
      user: e.TESSERA_SMTP_USER ?? null,
      password: e.TESSERA_SMTP_PASSWORD ?? null,
      from: e.TESSERA_SMTP_FROM,
    },
    webhookAllowlist: webhookAllowlist(e.TESSERA_WEBHOOK_ALLOWLIST ?? ''),
    render: {
      chromiumPath: e.TESSERA_CHROMIUM_PATH,
      baseUrl: e.TESSERA_RENDER_BASE_URL ?? null,
      concurrency: e.TESSERA_RENDER_CONCURRENCY,
      recycleAfter: e.TESSERA_RENDER_RECYCLE_AFTER,
      maxRssMb: e.TESSERA_RENDER_MAX_RSS_MB,
      timeoutSeconds: e.TESSERA_RENDER_TIMEOUT_SECONDS,
    },
  };
}

/** A wrong allow-list entry stops the start: silently allowing nothing (or too much) would be worse. */
function webhookAllowlist(raw: string): string[] {
  const entries = parseAllowlist(raw);
  if (typeof entries === 'string')
    throw new ConfigError(`Invalid environment: TESSERA_WEBHOOK_ALLOWLIST: ${entries}`);
  return entries;
}
