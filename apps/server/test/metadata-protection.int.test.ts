import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConnectionUri } from '@tessera/connectors';
import { buildApp } from '../src/app';
import { ensureAdmin, openContext } from '../src/init';
import { loadConfig } from '../src/platform/config';
import { ADMIN_PASSWORD, METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

const require = createRequire(import.meta.url);
const REFUSED = 'This URI points at the metadata database, which cannot be registered.';

const modeOf = (file: string): number => statSync(file).mode & 0o777;

describe.each(METADATA_BACKENDS)('the metadata store on %s metadata', (backend) => {
  let server: TestServer;
  let token: string;
  let plainId: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    token = await server.token();
    const created = await server.request('POST', '/api/v1/database/', {
      token,
      body: { database_name: `plain-${backend}`, sqlalchemy_uri: 'sqlite://' },
    });
    expect(created.statusCode).toBe(201);
    plainId = created.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await server.close();
  });

  /** Spellings of the metadata store that must all be refused. */
  function spellings(): string[] {
    if (backend === 'postgres') {
      const meta = parseConnectionUri(server.ctx.config.metadataUrl);
      const db = meta.database ?? '';
      return [
        `postgresql://postgres@localhost:5432/${db}`,
        `postgresql://postgres@127.0.0.2/${db}`,
        `postgresql://postgres@[::1]:5432/${db}`,
        `postgres://postgres@LOCALHOST/${db}`,
      ];
    }
    const metaFile = path.join(server.dataDir, 'tessera.db');
    const link = path.join(server.dataDir, 'innocent.db');
    symlinkSync(metaFile, link);
    mkdirSync(path.join(server.dataDir, 'sub'), { recursive: true });
    return [
      `sqlite:///${link}`,
      `sqlite:////proc/self/root${metaFile}`,
      'sqlite:///sub/../tessera.db',
      'sqlite:///tessera.db-wal',
      `duckdb:///${metaFile}`,
      `duckdb:////proc/self/root${metaFile}`,
      'duckdb:///innocent.db',
      `sqlite:///${server.dataDir}`,
      'sqlite:///secret_key',
    ];
  }

  it('refuses every spelling of it in create, update and test_connection', async () => {
    const before = await server.request('GET', `/api/v1/database/${String(plainId)}`, { token });
    for (const uri of spellings()) {
      const create = await server.request('POST', '/api/v1/database/', {
        token,
        body: { database_name: `meta-${randomBytes(3).toString('hex')}`, sqlalchemy_uri: uri },
      });
      expect([uri, create.statusCode, create.json()]).toEqual([
        uri,
        422,
        { message: { sqlalchemy_uri: [REFUSED] } },
      ]);
      const update = await server.request('PUT', `/api/v1/database/${String(plainId)}`, {
        token,
        body: { sqlalchemy_uri: uri },
      });
      expect([uri, update.statusCode]).toEqual([uri, 422]);
      const test = await server.request('POST', '/api/v1/database/test_connection/', {
        token,
        body: { sqlalchemy_uri: uri },
      });
      expect([uri, test.statusCode, test.json()]).toEqual([
        uri,
        422,
        { message: { sqlalchemy_uri: [REFUSED] } },
      ]);
    }
    const list = await server.request('GET', '/api/v1/database/', { token });
    expect(list.json<{ count: number }>().count).toBe(1);
    const after = await server.request('GET', `/api/v1/database/${String(plainId)}`, { token });
    expect(after.json()).toEqual(before.json());
  });

  it('never opens a registered file later swapped for a link to the store', async () => {
    if (backend !== 'sqlite') return;
    const file = path.join(server.dataDir, 'swapped.duckdb');
    writeFileSync(file, '');
    const created = await server.request('POST', '/api/v1/database/', {
      token,
      body: { database_name: 'swapped', sqlalchemy_uri: `duckdb:///${file}` },
    });
    expect(created.statusCode).toBe(201);
    rmSync(file);
    symlinkSync(path.join(server.dataDir, 'tessera.db-shm'), file);
    const tables = await server.request(
      'GET',
      `/api/v1/database/${String(created.json<{ id: number }>().id)}/tables/?q=(schema_name:main)`,
      { token },
    );
    expect(tables.statusCode).toBe(422);
    expect(tables.json()).toEqual({ message: { sqlalchemy_uri: [REFUSED] } });
  });

  it('refuses SQLite and DuckDB files outside the allowed directories', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'tessera-outside-'));
    try {
      for (const [uri, dialect] of [
        [`sqlite:///${outside}/a.db`, 'sqlite'],
        [`duckdb:///${outside}/a.duckdb`, 'duckdb'],
      ] as const) {
        const body = { database_name: `outside-${dialect}`, sqlalchemy_uri: uri };
        const create = await server.request('POST', '/api/v1/database/', { token, body });
        expect(create.statusCode).toBe(400);
        expect(create.json()).toEqual({
          message: { sqlalchemy_uri: [`${dialect} cannot be used as a data source for security reasons.`] },
        });
        const test = await server.request('POST', '/api/v1/database/test_connection/', { token, body });
        expect(test.statusCode).toBe(400);
      }
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('keeps the examples file read-only', async () => {
    const writable = await server.request('POST', '/api/v1/database/', {
      token,
      body: { database_name: 'examples-rw', sqlalchemy_uri: 'duckdb:///examples.duckdb', allow_dml: true },
    });
    expect(writable.statusCode).toBe(422);
  });

  it('sends a stored password only to the host, port and user it was given for', async () => {
    const created = await server.request('POST', '/api/v1/database/', {
      token,
      body: {
        database_name: `pw-${backend}`,
        sqlalchemy_uri: 'postgresql://postgres:not-really@127.0.0.1:5432/postgres',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    for (const uri of [
      'postgresql://postgres:XXXXXXXXXX@203.0.113.9:5432/postgres',
      'postgresql://postgres:XXXXXXXXXX@127.0.0.1:6543/postgres',
      'postgresql://someone:XXXXXXXXXX@127.0.0.1:5432/postgres',
    ]) {
      const test = await server.request('POST', '/api/v1/database/test_connection/', {
        token,
        body: { id, sqlalchemy_uri: uri },
      });
      expect([uri, test.statusCode]).toEqual([uri, 422]);
      expect(JSON.stringify(test.json())).toContain('A password is required');
      const update = await server.request('PUT', `/api/v1/database/${String(id)}`, {
        token,
        body: { sqlalchemy_uri: uri },
      });
      expect([uri, update.statusCode]).toEqual([uri, 422]);
    }
    const same = await server.request('POST', '/api/v1/database/test_connection/', {
      token,
      body: { id, sqlalchemy_uri: 'postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/postgres' },
    });
    expect(same.statusCode).toBe(200);
  });
});

/** A server on a data dir of its own, started twice on it like a restart. */
describe('the SQLite metadata store across restarts', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-restart-'));
  const metaFile = path.join(dataDir, 'tessera.db');

  async function start() {
    writeFileSync(
      path.join(dataDir, 'tessera.config.json'),
      JSON.stringify({ allowed_data_file_dirs: [dataDir] }),
    );
    const config = loadConfig(
      {
        TESSERA_DATA_DIR: dataDir,
        TESSERA_LOG_LEVEL: 'silent',
        TESSERA_WEB_DIST: path.join(dataDir, 'none'),
      },
      dataDir,
    );
    const base = await openContext(config);
    await ensureAdmin(base, 'admin', ADMIN_PASSWORD);
    const { app } = await buildApp(base, {});
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db' },
    });
    const auth = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    return {
      post: (url: string, body: unknown) =>
        app.inject({ method: 'POST', url, headers: auth, payload: body as object }),
      get: (url: string) => app.inject({ method: 'GET', url, headers: auth }),
      close: async () => {
        await app.close();
        await base.store.close();
      },
    };
  }

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tightens modes left by older installs at start', async () => {
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'results'), { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'results', 'old.json.gz'), 'x', { mode: 0o644 });
    writeFileSync(metaFile, '', { mode: 0o644 });
    writeFileSync(path.join(dataDir, 'secret_key'), `${randomBytes(40).toString('base64url')}\n`, {
      mode: 0o644,
    });
    const server = await start();
    await server.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'results'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'results', 'old.json.gz'))).toBe(0o600);
    expect(modeOf(metaFile)).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'secret_key'))).toBe(0o600);
  });

  it('creates the metadata file and the secret key owner-only', async () => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'tessera-fresh-'));
    try {
      const config = loadConfig(
        { TESSERA_DATA_DIR: path.join(fresh, 'data'), TESSERA_LOG_LEVEL: 'silent' },
        fresh,
      );
      const base = await openContext(config);
      await base.store.db.selectFrom('users').select('id').execute();
      expect(modeOf(path.join(fresh, 'data'))).toBe(0o700);
      expect(modeOf(path.join(fresh, 'data', 'tessera.db'))).toBe(0o600);
      expect(modeOf(path.join(fresh, 'data', 'tessera.db-wal'))).toBe(0o600);
      expect(modeOf(path.join(fresh, 'data', 'secret_key'))).toBe(0o600);
      await base.store.close();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('loses nothing written after an attempt to register the store', async () => {
    let server = await start();
    const attempts = [
      `duckdb:////proc/self/root${metaFile}`,
      'duckdb:///tessera.db',
      `duckdb:////proc/self/root${metaFile}-shm`,
      'duckdb:///tessera.db-wal',
      'sqlite:///tessera.db-shm',
    ];
    for (const uri of attempts) {
      const test = await server.post('/api/v1/database/test_connection/', { sqlalchemy_uri: uri });
      expect(test.statusCode).toBe(422);
    }
    const first = await server.post('/api/v1/dashboard/', { dashboard_title: 'before the reader' });
    expect(first.statusCode).toBe(201);
    // Other processes reading the store: had this process lost its locks, a reader would take the WAL
    // for its own, checkpoint and delete it, and the next write would go to an unlinked file that a
    // crash (or a later reader) never sees.
    const readTitles = (): string[] => {
      const reader = spawnSync(
        process.execPath,
        [
          '-e',
          `const D = require(${JSON.stringify(require.resolve('better-sqlite3'))});
           const db = new D(${JSON.stringify(metaFile)});
           const rows = db.prepare('SELECT dashboard_title AS t FROM dashboards').all();
           db.close();
           process.stdout.write(JSON.stringify(rows.map((r) => r.t)));`,
        ],
        { env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' },
      );
      expect(reader.status).toBe(0);
      return z.array(z.string()).parse(JSON.parse(reader.stdout));
    };
    expect(readTitles()).toContain('before the reader');
    const second = await server.post('/api/v1/dashboard/', { dashboard_title: 'after the reader' });
    expect(second.statusCode).toBe(201);
    expect(readTitles()).toEqual(expect.arrayContaining(['before the reader', 'after the reader']));
    await server.close();
    server = await start();
    const list = await server.get('/api/v1/dashboard/');
    const titles = list
      .json<{ result: { dashboard_title: string }[] }>()
      .result.map((d) => d.dashboard_title);
    expect(titles).toEqual(expect.arrayContaining(['before the reader', 'after the reader']));
    await server.close();
  });
});
