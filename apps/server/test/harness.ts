import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/context';
import type { RegisteredRoute } from '../src/platform/route-registry';
import { ensureAdmin, ensureExamples, openContext } from '../src/init';
import { EXAMPLES_FILE, generateExamples } from '../src/modules/examples';
import { metadataTemplateName } from './global-setup';
import { loadConfig } from '../src/platform/config';

export type MetadataBackend = 'sqlite' | 'postgres';
export const METADATA_BACKENDS: MetadataBackend[] = ['sqlite', 'postgres'];
export const ADMIN_PASSWORD = 'admin-test-password-1';
const PG_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route the app registered, one entry per method (HEAD included). */
  routes: RegisteredRoute[];
  dataDir: string;
  /** Every log line the server wrote, for secret-leak checks. */
  logs: string[];
  token(username?: string, password?: string): Promise<string>;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function withPgAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The examples DuckDB file, generated once per run into the run's shared folder (global-setup.ts) and
 * copied by every server that wants it: the generator is deterministic, and building it takes seconds.
 * The generator writes a temporary file and renames it, so a reader never sees half a file.
 */
async function sharedExamplesFile(): Promise<string> {
  const file = path.join(inject('sharedDir'), EXAMPLES_FILE);
  if (!existsSync(file)) await generateExamples(file);
  return file;
}

/**
 * A PostgreSQL metadata database migrated once per run, with its built-in roles and the admin: each
 * PostgreSQL-backed server starts on a copy (CREATE DATABASE … TEMPLATE) instead of migrating a new one.
 * A copy then runs openContext and ensureAdmin as usual, which find everything in place.
 */
async function metadataTemplate(): Promise<string> {
  const sharedDir = inject('sharedDir');
  const name = metadataTemplateName(sharedDir);
  const ready = path.join(sharedDir, `${name}.ready`);
  if (existsSync(ready)) return name;
  await withPgAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const dataDir = mkdtempSync(path.join(sharedDir, 'metadata-template-'));
  const base = await openContext(
    loadConfig(
      {
        TESSERA_DATA_DIR: dataDir,
        TESSERA_SECRET_KEY: randomBytes(36).toString('base64url'),
        TESSERA_LOG_LEVEL: 'warn',
        TESSERA_METADATA_URL: `postgresql://postgres@127.0.0.1:5432/${name}`,
      },
      dataDir,
    ),
  );
  try {
    await ensureAdmin(base, 'admin', ADMIN_PASSWORD);
  } finally {
    await base.store.close();
  }
  writeFileSync(ready, '');
  return name;
}

/** A fresh server on a fresh metadata store (SQLite file or a new PostgreSQL database), driven by inject. */
export async function startTestServer(
  backend: MetadataBackend,
  settings: {
    loginRateLimitPerMinute?: number;
    /** More keys for the config file (README: configuration). */
    configFile?: Record<string, unknown>;
    /** More environment settings, e.g. TESSERA_TRUSTED_PROXIES or REDIS_URL. */
    env?: Record<string, string>;
    /** Registers the `examples` database and its datasets (`ensureExamples`), from the shared file. */
    examples?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
  const pgDatabase = `tessera_meta_${randomBytes(6).toString('hex')}`;
  if (backend === 'postgres') {
    const template = await metadataTemplate();
    await withPgAdmin((client) => client.query(`CREATE DATABASE ${pgDatabase} TEMPLATE ${template}`));
  }
  writeFileSync(
    path.join(dataDir, 'tessera.config.json'),
    JSON.stringify({
      login_rate_limit_per_minute: settings.loginRateLimitPerMinute ?? 10_000,
      // Tests register SQLite and DuckDB files they write into the data dir.
      allowed_data_file_dirs: [dataDir],
      login_rate_limit_per_address_per_minute: 10_000,
      ...settings.configFile,
    }),
  );
  const config = loadConfig(
    {
      TESSERA_DATA_DIR: dataDir,
      TESSERA_SECRET_KEY: randomBytes(36).toString('base64url'),
      TESSERA_LOG_LEVEL: 'debug',
      TESSERA_WEB_DIST: path.join(dataDir, 'no-web-build'),
      ...(backend === 'postgres'
        ? { TESSERA_METADATA_URL: `postgresql://postgres@127.0.0.1:5432/${pgDatabase}` }
        : {}),
      ...settings.env,
    },
    dataDir,
  );
  const base = await openContext(config);
  await ensureAdmin(base, 'admin', ADMIN_PASSWORD);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const { app, ctx, routes } = await buildApp(base, { logStream });
  await app.ready();
  if (settings.examples) {
    copyFileSync(await sharedExamplesFile(), path.join(dataDir, EXAMPLES_FILE));
    await ensureExamples(ctx);
  }

  const request: TestServer['request'] = (method, url, options = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined || options.rawBody !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
        ...options.headers,
      },
      ...(options.rawBody !== undefined
        ? { payload: options.rawBody }
        : options.body !== undefined
          ? { payload: JSON.stringify(options.body) }
          : {}),
    });

  return {
    app,
    ctx,
    routes,
    dataDir,
    logs,
    request,
    async token(username = 'admin', password = ADMIN_PASSWORD) {
      const response = await request('POST', '/api/v1/security/login', {
        body: { username, password, provider: 'db' },
      });
      const body = response.json<{ access_token?: string }>();
      if (response.statusCode !== 200 || body.access_token === undefined) {
        throw new Error(`login failed for ${username}: ${response.statusCode} ${response.body}`);
      }
      return body.access_token;
    },
    async close() {
      await app.close();
      await base.store.close();
      if (backend === 'postgres') {
        await withPgAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
