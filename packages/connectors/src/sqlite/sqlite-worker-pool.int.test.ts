import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError, SqliteWorkerPool, createConnector } from '../index';
import type { Connector } from '../index';

const CAP = 3;
// Long enough that 40 of them overlap; a recursive CTE keeps one SQLite step busy.
const SLOW = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT count(*) AS n FROM c`;
const RUNAWAY = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c`;

/** Worker processes of this test process, counted by the OS rather than by the pool. */
function workerProcesses(): number {
  const out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes('better-sqlite3') || line.includes(' -e ')).length;
}

describe('SQLite worker pool', () => {
  let dir: string;
  let workers: SqliteWorkerPool;
  let connector: Connector;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `tessera-sqlite-pool-${process.pid}-`));
    const db = new Database(join(dir, 'pool.db'));
    db.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3);');
    db.close();
    workers = new SqliteWorkerPool(CAP);
    connector = createConnector(`sqlite:///${join(dir, 'pool.db')}`, { sqliteWorkers: workers });
  });

  afterAll(async () => {
    await connector.close();
    workers.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs 40 concurrent queries in at most the cap of worker processes', async () => {
    let peak = 0;
    const state = { done: false };
    const watch = (async () => {
      while (!state.done) {
        peak = Math.max(peak, workerProcesses(), workers.size());
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const session = await connector.openSession({ readOnly: true });
        try {
          return (await session.execute(SLOW, { maxRows: 10 })).rows;
        } finally {
          await session.close();
        }
      }),
    );
    state.done = true;
    await watch;
    expect(results).toHaveLength(40);
    for (const rows of results) expect(rows).toEqual([[100000]]);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(CAP);
    expect(workers.waiting()).toBe(0);
  });

  it('reuses one worker for sessions that follow each other', async () => {
    const before = workers.size();
    for (let i = 0; i < 5; i += 1) {
      const session = await connector.openSession({ readOnly: true });
      expect((await session.execute('SELECT count(*) FROM t', { maxRows: 10 })).rows).toEqual([[3]]);
      await session.close();
    }
    expect(workers.size()).toBe(Math.max(before, 1));
  });

  it('kills a runaway statement on cancel and serves the next session with a new worker', async () => {
    const held = await Promise.all(
      Array.from({ length: CAP }, () => connector.openSession({ readOnly: true })),
    );
    const [runaway, ...others] = held;
    if (!runaway) throw new Error('no session');
    const running = runaway.execute(RUNAWAY, { maxRows: 1 }).catch((error: unknown) => error);
    // Every worker is taken: this one waits until the cancel frees a slot.
    const waiting = connector.openSession({ readOnly: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(workers.waiting()).toBe(1);
    await runaway.cancel();
    const error = await running;
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe('cancelled');
    const next = await waiting;
    expect((await next.execute('SELECT x FROM t ORDER BY x', { maxRows: 10 })).rows).toEqual([[1], [2], [3]]);
    await Promise.all([runaway.close(), next.close(), ...others.map((s) => s.close())]);
    expect(workers.size()).toBeLessThanOrEqual(CAP);
  });

  it('keeps a write made through one session out of a read-only one that reuses its worker', async () => {
    const writable = createConnector(`sqlite:///${join(dir, 'pool.db')}`, { sqliteWorkers: workers });
    const writer = await writable.openSession({ readOnly: false });
    await writer.execute('INSERT INTO t VALUES (4)', { maxRows: 0 });
    await writer.close();
    const reader = await connector.openSession({ readOnly: true });
    const refused = await reader.execute('INSERT INTO t VALUES (5)', { maxRows: 0 }).catch((e: unknown) => e);
    expect((refused as ConnectorError).kind).toBe('DML_NOT_ALLOWED_ERROR');
    await reader.close();
    await writable.close();
  });
});
