import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startSink } from '../src/modules/reports/delivery/test-utils/smtp-sink';

/**
 * Tessera as separate processes on one host, the way several hosts would run it: a web process
 * (`tessera start`, which the renderer's Chromium loads pages from), any number of `tessera beat` and
 * `tessera worker` processes, one PostgreSQL metadata database of their own, Redis with a queue prefix
 * of their own (TESSERA_QUEUE_PREFIX), and an SMTP sink receiving the mail. Used by
 * report-multiprocess.int.test.ts and bench/reports.ts.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(root, 'apps/server/bin/tessera.mjs');
const PG_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';
export const CLUSTER_ADMIN_PASSWORD = 'cluster-admin-password-1';

export interface ClusterProcess {
  readonly role: string;
  readonly child: ChildProcess;
  readonly pid: number;
  output(): string;
}

export interface Cluster {
  baseUrl: string;
  /** The environment every process of the cluster runs with. */
  env: NodeJS.ProcessEnv;
  /** The PostgreSQL database charts read (`examplesUri`), created for this cluster and dropped with it. */
  dataDbName: string;
  dataUri: string;
  sink: Awaited<ReturnType<typeof startSink>>;
  server: ClusterProcess;
  processes: ClusterProcess[];
  /** The metadata database, for what only the store shows (log rows) and to set a test's schedule. */
  metadata: pg.Client;
  token: string;
  api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T>;
  start(role: 'beat' | 'worker', args?: string[]): Promise<ClusterProcess>;
  /** One more web process (`tessera start`) on its own port, sharing everything else; answers its URL. */
  startServer(): Promise<{ proc: ClusterProcess; baseUrl: string }>;
  /** The Redis key prefix of this cluster (TESSERA_QUEUE_PREFIX). */
  prefix: string;
  stop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Spawns the CLI; resolves once stdout matches `ready`, rejects if the process exits first. */
function spawnCli(
  role: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  started: ClusterProcess[],
): Promise<ClusterProcess> {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const proc: ClusterProcess = {
    role,
    child,
    pid: child.pid ?? 0,
    output: () => out,
  };
  // Listed before it is ready, so a start that fails elsewhere still stops it.
  started.push(proc);
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (ready.test(out)) resolve(proc);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`${role} exited (${String(code ?? signal)}) before it was ready:\n${out}`)),
    );
  });
}

/** Chromium processes whose parent is `pid` (the renderer a worker launched). */
export function chromiumChildrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // comm may hold spaces; the fields after its closing parenthesis are state, ppid, …
      const afterComm = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (Number(afterComm[1]) === pid && /chrom/i.test(comm)) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

async function stopProcess(proc: ClusterProcess): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

export async function startCluster(
  options: {
    constants?: Record<string, unknown>;
    featureFlags?: Record<string, boolean>;
    serverEnv?: Record<string, string>;
    /** A Redis of the test's own (the shared one on 6379 otherwise). */
    redisUrl?: string;
  } = {},
): Promise<Cluster> {
  const id = randomBytes(5).toString('hex');
  const metaDb = `tessera_mpmeta_${id}`;
  const dataDbName = `tessera_mpdata_${id}`;
  const prefix = `tessera-mp-${id}`;
  const redisUrl = options.redisUrl ?? REDIS_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-cluster-'));
  await adminQuery(`CREATE DATABASE ${metaDb}`);
  await adminQuery(`CREATE DATABASE ${dataDbName}`);
  const sink = await startSink();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  writeFileSync(
    path.join(dataDir, 'tessera.config.json'),
    JSON.stringify({
      constants: options.constants ?? {},
      feature_flags: options.featureFlags ?? {},
      login_rate_limit_per_minute: 10_000,
    }),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TESSERA_DATA_DIR: dataDir,
    TESSERA_METADATA_URL: `postgresql://postgres@127.0.0.1:5432/${metaDb}`,
    TESSERA_SECRET_KEY: randomBytes(36).toString('base64url'),
    TESSERA_ADMIN_PASSWORD: CLUSTER_ADMIN_PASSWORD,
    TESSERA_LOG_LEVEL: 'warn',
    TESSERA_PORT: String(port),
    REDIS_URL: redisUrl,
    TESSERA_QUEUE_PREFIX: prefix,
    TESSERA_SMTP_HOST: '127.0.0.1',
    TESSERA_SMTP_PORT: String(sink.port),
    TESSERA_SMTP_FROM: 'reports@tessera.test',
    TESSERA_RENDER_BASE_URL: baseUrl,
  };
  const processes: ClusterProcess[] = [];
  const metadata = new pg.Client({ connectionString: env.TESSERA_METADATA_URL });
  const stop = async () => {
    await Promise.all(processes.map(stopProcess));
    await metadata.end().catch(() => undefined);
    await sink.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${metaDb} WITH (FORCE)`);
    await adminQuery(`DROP DATABASE IF EXISTS ${dataDbName} WITH (FORCE)`);
    const redis = new Redis(redisUrl);
    try {
      for (const pattern of [`${prefix}:*`]) {
        const keys = await redis.keys(pattern);
        if (keys.length > 0) await redis.del(...keys);
      }
    } finally {
      redis.disconnect();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await spawnCli(
      'server',
      ['start'],
      { ...env, ...options.serverEnv },
      /Tessera is running at/,
      processes,
    );
    await metadata.connect();
    const login = await fetch(`${baseUrl}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: CLUSTER_ADMIN_PASSWORD, provider: 'db' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${url}: ${String(response.status)} ${text}`);
      return JSON.parse(text) as T;
    };
    return {
      baseUrl,
      env,
      dataDbName,
      dataUri: `postgresql://postgres@127.0.0.1:5432/${dataDbName}`,
      sink,
      server,
      processes,
      metadata,
      token,
      api,
      async start(role, args = []) {
        const proc = await spawnCli(
          role,
          [role, ...args],
          env,
          role === 'beat' ? /Tessera beat: started/ : /Tessera worker is consuming/,
          processes,
        );
        return proc;
      },
      async startServer() {
        const otherPort = await freePort();
        const proc = await spawnCli(
          'server',
          ['start'],
          { ...env, ...options.serverEnv, TESSERA_PORT: String(otherPort) },
          /Tessera is running at/,
          processes,
        );
        return { proc, baseUrl: `http://127.0.0.1:${String(otherPort)}` };
      },
      prefix,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs SQL in the cluster's data database as postgres (tables and views the charts read). */
export async function dataQuery(cluster: Cluster, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.dataUri });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Registers the data database and a dataset on `table`; answers the dataset id. */
export async function dataDatabase(cluster: Cluster, name: string): Promise<number> {
  const created = await cluster.api<{ id: number }>('POST', '/api/v1/database/', {
    database_name: name,
    sqlalchemy_uri: cluster.dataUri,
    expose_in_sqllab: true,
  });
  return created.id;
}

export async function tableDataset(cluster: Cluster, databaseId: number, table: string): Promise<number> {
  const created = await cluster.api<{ id: number }>('POST', '/api/v1/dataset/', {
    database: databaseId,
    schema: 'public',
    table_name: table,
  });
  return created.id;
}

/** A bar chart of SUM(`column`) by `column`, with the query context the CSV/TEXT formats run. */
export async function barChart(
  cluster: Cluster,
  datasetId: number,
  name: string,
  column: string,
  metricSql = `SUM(${column})`,
): Promise<number> {
  const total = { expressionType: 'SQL', sqlExpression: metricSql, label: 'total' };
  const created = await cluster.api<{ id: number }>('POST', '/api/v1/chart/', {
    slice_name: name,
    viz_type: 'echarts_timeseries_bar',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({
      viz_type: 'echarts_timeseries_bar',
      x_axis: column,
      metrics: [total],
      datasource: `${String(datasetId)}__table`,
    }),
    query_context: JSON.stringify({
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns: [column], metrics: [total], orderby: [[column, true]] }],
    }),
  });
  return created.id;
}
