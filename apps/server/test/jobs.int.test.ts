import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SqlLabQueryJob } from '@tessera/contracts';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { BullmqDriver } from '../src/jobs/bullmq-driver';
import { redisFireLock } from '../src/jobs/fire-lock';
import { JobSystem } from '../src/jobs/job-system';
import { InvalidJobPayloadError } from '../src/jobs/registry';
import { Scheduler } from '../src/jobs/scheduler';
import { closeRedis, createRedis } from '../src/platform/redis';
import { waitFor } from './sqllab-support';

const root = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(root, 'apps/server/bin/tessera.mjs');
/** A Redis database of its own; keys carry this run's prefix, so two runs never meet. */
const REDIS_URL = 'redis://127.0.0.1:6379/12';
const RUN = `tessera-test-${String(process.pid)}-${randomBytes(3).toString('hex')}`;
const dirs: string[] = [];

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function deleteKeys(pattern: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(pattern);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

afterAll(async () => {
  await deleteKeys(`${RUN}:*`);
  await deleteKeys(`tessera:beat:fired:${RUN}*`);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('BullMQ driver on a real Redis', () => {
  it('carries validated jobs from a producer process to a consumer, and knows what is queued', async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    const producer = new JobSystem(new BullmqDriver(REDIS_URL, onError, { prefix: RUN }));
    const consumer = new JobSystem(new BullmqDriver(REDIS_URL, onError, { prefix: RUN }));
    const handled: SqlLabQueryJob[] = [];
    consumer.register({
      name: 'sqllab-query',
      concurrency: 2,
      handle: (job) => {
        handled.push(job);
        return Promise.resolve();
      },
    });
    try {
      for (const queryId of [1, 2, 3])
        await producer.submit('sqllab-query', `${queryId}-0`, { queryId, runKey: `${queryId}-0` });
      expect(await producer.isQueued('sqllab-query', '2-0')).toBe(true);
      expect(await producer.isQueued('sqllab-query', '9-0')).toBe(false);

      const bad = JSON.parse('{"queryId":0,"runKey":"0-0"}') as SqlLabQueryJob;
      await expect(producer.submit('sqllab-query', '0-0', bad)).rejects.toThrow(InvalidJobPayloadError);

      consumer.serve();
      await waitFor('three jobs handled', () => Promise.resolve(handled.length === 3), 60_000);
      expect(handled.map((job) => job.queryId).sort()).toEqual([1, 2, 3]);
      await waitFor(
        'jobs gone from the queue',
        async () => !(await producer.isQueued('sqllab-query', '3-0')),
      );
      expect(await producer.isQueued('sqllab-query', '0-0')).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await consumer.close();
      await producer.close();
    }
  });
});

describe('beat schedules', () => {
  it('fires each run of a schedule once with two beats running', async () => {
    const fired: string[] = [];
    const schedule = {
      key: `${RUN}-every-second`,
      cron: '* * * * * *',
      fire: (slot: Date) => {
        fired.push(slot.toISOString());
        return Promise.resolve();
      },
    };
    const lockClients = [
      createRedis(REDIS_URL, 'commands', () => undefined),
      createRedis(REDIS_URL, 'commands', () => undefined),
    ];
    const beats = lockClients.map(
      (redis, i) =>
        new Scheduler({
          schedules: [schedule],
          lock: redisFireLock(redis, `beat-${String(i)}`),
          log: silentLog,
        }),
    );
    try {
      for (const beat of beats) expect(beat.start()).toBe(1);
      await waitFor('four runs fired', () => Promise.resolve(fired.length >= 4), 60_000);
    } finally {
      for (const beat of beats) await beat.stop();
      for (const redis of lockClients) await closeRedis(redis);
    }
    expect(new Set(fired).size).toBe(fired.length);
    // Each run is a whole second apart from the one before: none skipped by the lock.
    const times = fired.map((slot) => Date.parse(slot)).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i += 1) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBe(1000);
  });

  it('skips a schedule whose cron pattern is invalid', () => {
    const warnings: string[] = [];
    const scheduler = new Scheduler({
      schedules: [{ key: 'bad', cron: 'every tuesday', fire: () => Promise.resolve() }],
      lock: null,
      log: { ...silentLog, warn: (_obj, msg) => warnings.push(msg) },
    });
    expect(scheduler.start()).toBe(0);
    expect(warnings).toEqual(['beat: schedule skipped, bad cron']);
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI; once stdout matches `ready`, sends SIGTERM. */
function runCli(args: string[], env: Record<string, string>, ready?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, TESSERA_LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!signalled && ready?.test(stdout)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function beatEnv(redisUrl: string | null): Record<string, string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-beat-'));
  dirs.push(dataDir);
  return {
    TESSERA_DATA_DIR: dataDir,
    TESSERA_SECRET_KEY: randomBytes(36).toString('base64url'),
    ...(redisUrl === null ? {} : { REDIS_URL: redisUrl }),
  };
}

describe('tessera beat', () => {
  it('starts with the reports window and sweep, says so, and stops cleanly on SIGTERM', async () => {
    const result = await runCli(['beat'], beatEnv(REDIS_URL), /Tessera beat: started/);
    expect(result.stdout).toContain('Tessera beat: started, 2 schedules.');
    expect(result.stdout).toContain('Tessera beat: stopped.');
    expect(result.code).toBe(0);
  });

  it('refuses to start without REDIS_URL', async () => {
    const result = await runCli(['beat'], beatEnv(null));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/tessera beat needs REDIS_URL/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startRedisServer(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('Ready to accept connections')) resolve();
    });
  });
  return server;
}

describe('Redis clients from platform/redis', () => {
  it('survive a Redis that is not there and work once it comes up', async () => {
    const port = await freePort();
    const errors: Error[] = [];
    const client = createRedis(`redis://127.0.0.1:${String(port)}`, 'commands', (error) =>
      errors.push(error),
    );
    let server: ChildProcess | null = null;
    try {
      await waitFor('a connection error', () => Promise.resolve(errors.length > 0));
      server = await startRedisServer(port);
      expect(await waitFor('a pong', () => client.ping().catch(() => null), 60_000)).toBe('PONG');
    } finally {
      await closeRedis(client);
      if (server) {
        const exited = new Promise((resolve) => server?.once('exit', resolve));
        server.kill('SIGKILL');
        await exited;
      }
    }
  });
});
