import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { z } from 'zod';
import { SQLITE_CHILD_SOURCE } from './sqlite-child-source';

const require = createRequire(import.meta.url);
/**
 * Worker processes run at the lowest CPU priority: they still use every idle core, but when the
 * machine is busy a user's heavy SQLite statements slow each other, not the event loop that
 * answers every other request (bench/sqllab.ts scenario 4: another user's SELECT 1 went from
 * p50 381 ms at normal priority to 33 ms on a loaded 2-core machine).
 */
const WORKER_NICENESS = 19;

const replySchema = z.union([
  z.object({ id: z.number(), ok: z.literal(true), result: z.unknown() }),
  z.object({
    id: z.number(),
    ok: z.literal(false),
    error: z.object({ message: z.string(), code: z.string().nullable() }),
  }),
]);

/** An error raised inside the child, carrying SQLite's code (SQLITE_READONLY, ...). */
export class SqliteChildError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

/** The child process ended (killed by cancel, or crashed) while a request was pending. */
export class SqliteChildExited extends Error {}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export interface OpenRequest {
  filePath: string;
  readOnly: boolean;
  fileMustExist: boolean;
}

/** Request/response over IPC to one worker process that owns at most one SQLite connection. */
export class SqliteChild {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited = false;
  private ending = false;
  private stderr = '';

  /** `onExit` runs once when the process ends (killed, crashed or closed). */
  constructor(private readonly onExitHook: () => void = () => undefined) {
    const env = { ...process.env };
    // Loader flags of the parent (tsx, test runners) are useless to this plain CommonJS program.
    delete env.NODE_OPTIONS;
    this.child = spawn(process.execPath, ['-e', SQLITE_CHILD_SOURCE], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env,
    });
    if (this.child.pid !== undefined) {
      try {
        setPriority(this.child.pid, WORKER_NICENESS);
      } catch {
        // Not permitted on this system: the worker runs at normal priority.
      }
    }
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000);
    });
    this.child.on('message', (message: unknown) => this.onMessage(message));
    this.child.on('exit', () => this.onExit());
    this.child.on('error', () => this.onExit());
  }

  open(request: OpenRequest): Promise<unknown> {
    return this.request({ type: 'open', driverPath: require.resolve('better-sqlite3'), ...request });
  }

  /** `readOnly` runs this one statement under PRAGMA query_only on a writable connection. */
  execute(sql: string, limit: number, readOnly = false): Promise<unknown> {
    return this.request({ type: 'execute', sql, limit, readOnly });
  }

  /** Compiles one statement without stepping it; rejects with SQLite's error when it cannot. */
  parse(sql: string): Promise<unknown> {
    return this.request({ type: 'parse', sql });
  }

  openCursor(sql: string): Promise<unknown> {
    return this.request({ type: 'cursor', sql });
  }

  fetch(count: number): Promise<unknown> {
    return this.request({ type: 'fetch', count });
  }

  closeCursor(): Promise<unknown> {
    return this.request({ type: 'closeCursor' });
  }

  /** Closes the connection (and any cursor) so that another session can use this worker. */
  reset(): Promise<unknown> {
    return this.request({ type: 'reset' });
  }

  /** False from the moment a kill or close is asked for, before the process has actually gone. */
  alive(): boolean {
    return !this.exited && !this.ending;
  }

  /** An idle worker must not keep the server (or a test run) from exiting. */
  setIdle(idle: boolean): void {
    if (this.exited) return;
    if (idle) {
      this.child.unref();
      this.child.channel?.unref();
    } else {
      this.child.ref();
      this.child.channel?.ref();
    }
  }

  /** Stops the engine at once, whatever it is doing. */
  kill(): void {
    this.ending = true;
    if (!this.exited) this.child.kill('SIGKILL');
  }

  close(): void {
    this.ending = true;
    if (this.exited) return;
    if (this.child.connected) this.child.disconnect();
    // A child stuck in a long statement does not see the disconnect.
    setTimeout(() => this.kill(), 1000).unref();
  }

  private request(body: Record<string, unknown>): Promise<unknown> {
    if (this.exited) return Promise.reject(new SqliteChildExited('The SQLite worker process has exited.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, ...body }, (error) => {
        if (error) this.settle(id, undefined, error);
      });
    });
  }

  private onMessage(message: unknown): void {
    const reply = replySchema.safeParse(message);
    if (!reply.success) return;
    const data = reply.data;
    if (data.ok) this.settle(data.id, data.result);
    else
      this.settle(data.id, undefined, new SqliteChildError(data.error.message, data.error.code ?? undefined));
  }

  private settle(id: number, result: unknown, error?: Error): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (error) pending.reject(error);
    else pending.resolve(result);
  }

  private onExit(): void {
    if (this.exited) return;
    this.exited = true;
    this.onExitHook();
    const detail = this.stderr.trim().split('\n').pop() ?? '';
    for (const [id] of this.pending) {
      this.settle(
        id,
        undefined,
        new SqliteChildExited(`The SQLite worker process has exited. ${detail}`.trim()),
      );
    }
  }
}
