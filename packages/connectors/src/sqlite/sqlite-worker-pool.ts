import { SqliteChild } from './sqlite-child';

export const DEFAULT_SQLITE_MAX_WORKERS = 4;
/** An idle worker costs ~40 MB; after this long without a session it exits. */
const IDLE_EXIT_MS = 60_000;

interface Waiter {
  resolve: (child: SqliteChild) => void;
  reject: (error: Error) => void;
}

interface IdleWorker {
  child: SqliteChild;
  timer: NodeJS.Timeout;
}

/** The pool was closed while a session waited for a worker. */
export class SqliteWorkerPoolClosed extends Error {}

/**
 * At most `maxWorkers` SQLite worker processes for every SQLite database of the server, reused
 * from one session to the next. A session beyond the cap waits (FIFO) for a worker to be handed
 * back. Cancel kills the worker (better-sqlite3 has no interrupt); the slot is then free and the
 * next session spawns a replacement.
 */
export class SqliteWorkerPool {
  private readonly live = new Set<SqliteChild>();
  private readonly idle: IdleWorker[] = [];
  private readonly waiters: Waiter[] = [];
  private closed = false;

  constructor(readonly maxWorkers: number = DEFAULT_SQLITE_MAX_WORKERS) {
    if (!Number.isSafeInteger(maxWorkers) || maxWorkers < 1)
      throw new RangeError('The SQLite worker cap must be a positive integer.');
  }

  /** Worker processes alive now (busy or idle). */
  size(): number {
    return this.live.size;
  }

  /** Sessions waiting for a worker. */
  waiting(): number {
    return this.waiters.length;
  }

  acquire(): Promise<SqliteChild> {
    if (this.closed) return Promise.reject(new SqliteWorkerPoolClosed('The SQLite worker pool is closed.'));
    const reused = this.takeIdle();
    if (reused) return Promise.resolve(reused);
    if (this.live.size < this.maxWorkers) return Promise.resolve(this.spawn());
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /**
   * Hands a worker back. A worker whose connection could not be reset (or that is dead) is killed;
   * its slot goes to the next waiter either way.
   */
  async release(child: SqliteChild): Promise<void> {
    if (child.alive() && !this.closed) {
      try {
        await child.reset();
      } catch {
        child.kill();
      }
    } else {
      child.kill();
    }
    if (!child.alive()) return; // onExit of that child serves the next waiter
    const waiter = this.waiters.shift();
    if (waiter) {
      waiter.resolve(child);
      return;
    }
    child.setIdle(true);
    const timer = setTimeout(() => this.retire(child), IDLE_EXIT_MS);
    timer.unref();
    this.idle.push({ child, timer });
  }

  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0))
      waiter.reject(new SqliteWorkerPoolClosed('The SQLite worker pool is closed.'));
    for (const { child, timer } of this.idle.splice(0)) {
      clearTimeout(timer);
      child.close();
    }
  }

  private takeIdle(): SqliteChild | null {
    for (;;) {
      const entry = this.idle.pop();
      if (!entry) return null;
      clearTimeout(entry.timer);
      if (!entry.child.alive()) continue;
      entry.child.setIdle(false);
      return entry.child;
    }
  }

  private spawn(): SqliteChild {
    const child: SqliteChild = new SqliteChild(() => this.onWorkerExit(child));
    this.live.add(child);
    return child;
  }

  private retire(child: SqliteChild): void {
    const index = this.idle.findIndex((entry) => entry.child === child);
    if (index < 0) return;
    this.idle.splice(index, 1);
    child.close();
  }

  private onWorkerExit(child: SqliteChild): void {
    this.live.delete(child);
    const index = this.idle.findIndex((entry) => entry.child === child);
    if (index >= 0) {
      const [entry] = this.idle.splice(index, 1);
      if (entry) clearTimeout(entry.timer);
    }
    if (this.closed) return;
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(this.spawn());
  }
}
