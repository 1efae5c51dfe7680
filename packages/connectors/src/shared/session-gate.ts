import { setTimeout as delay } from 'node:timers/promises';
import type { ConnectorError } from '../types';

const INTERRUPT_ATTEMPTS = 5;

/**
 * Serialises the statements of one session and carries its cancel state. Cancelling is sticky: the
 * running statement and every later one reject with kind 'cancelled', because a Stop applies to the
 * whole script. `interrupt` is the engine-level cancel (pg_cancel_backend, KILL QUERY, interrupt()),
 * called only while a statement runs.
 */
export class SessionGate {
  private cancelled = false;
  private running = false;
  private tail: Promise<unknown> = Promise.resolve();
  /** Settles when the running work settles; lets cancel() tell whether its interrupt landed. */
  private current: Promise<unknown> | null = null;

  constructor(
    private readonly interrupt: () => Promise<void>,
    private readonly cancelledError: (cause?: unknown) => ConnectorError,
  ) {}

  // Methods, not getters: the state changes across awaits, which property narrowing would hide.
  isCancelled(): boolean {
    return this.cancelled;
  }

  isRunning(): boolean {
    return this.running;
  }

  /** Resolves once every queued statement has settled. */
  async idle(): Promise<void> {
    await this.tail;
  }

  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const next = this.tail.then(
      () => this.runNow(work, signal),
      () => this.runNow(work, signal),
    );
    this.tail = next.catch(() => undefined);
    return next;
  }

  /**
   * Holds the gate for work driven from outside, such as a stream pulled by its consumer: resolves
   * once the gate is entered (rejects if the session is cancelled first) with the function that
   * leaves it. While held, `cancel()` interrupts the engine as for any running statement.
   */
  async hold(signal?: AbortSignal): Promise<() => Promise<void>> {
    let leave: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const held = this.run(
      () =>
        new Promise<void>((resolve) => {
          leave = resolve;
          entered();
        }),
      signal,
    );
    const settled = held.catch(() => undefined);
    await Promise.race([inside, held]);
    return async () => {
      leave();
      await settled;
    };
  }

  /**
   * Interrupts the running statement, retrying a few times: a statement that was about to start
   * when the first interrupt arrived (engine still idle) is caught by the next one.
   */
  async cancel(): Promise<void> {
    this.cancelled = true;
    for (let attempt = 1; attempt <= INTERRUPT_ATTEMPTS && this.isRunning(); attempt++) {
      const current = this.current;
      await this.interrupt().catch(() => undefined);
      if (current) await Promise.race([current, delay(attempt * 200)]);
    }
  }

  private async runNow<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) this.cancelled = true;
    if (this.cancelled) throw this.cancelledError();
    const onAbort = (): void => void this.cancel().catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    this.running = true;
    let result: T;
    try {
      const pending = work();
      this.current = pending.catch(() => undefined);
      result = await pending;
    } catch (error) {
      if (this.isCancelled()) throw this.cancelledError(error);
      throw error;
    } finally {
      this.running = false;
      this.current = null;
      signal?.removeEventListener('abort', onAbort);
    }
    // Some engines finish a killed statement normally (MySQL's SLEEP returns 1): still report the stop.
    if (this.isCancelled()) throw this.cancelledError();
    return result;
  }
}
