/** Why a running query is being cut short. */
export type CancelReason = 'stopped' | 'timeout' | 'shutdown';

export interface RunHandle {
  signal: AbortSignal;
  /** The first reason given, or null while the run goes on. */
  reason(): CancelReason | null;
  cancel(reason: CancelReason): void;
  /** Forgets the run; later cancels are no-ops. */
  finish(): void;
}

interface Entry {
  controller: AbortController;
  reason: CancelReason | null;
}

/**
 * The queries this process is running right now, by query id, so that a stop (from this process or
 * published by another one), a time limit or a shutdown can abort the engine statement.
 */
export class RunningQueries {
  private readonly entries = new Map<number, Entry>();

  start(queryId: number): RunHandle {
    const entry: Entry = { controller: new AbortController(), reason: null };
    this.entries.set(queryId, entry);
    return {
      signal: entry.controller.signal,
      reason: () => entry.reason,
      cancel: (reason) => {
        this.abort(entry, reason);
      },
      finish: () => {
        if (this.entries.get(queryId) === entry) this.entries.delete(queryId);
      },
    };
  }

  has(queryId: number): boolean {
    return this.entries.has(queryId);
  }

  cancel(queryId: number, reason: CancelReason): boolean {
    const entry = this.entries.get(queryId);
    if (!entry) return false;
    this.abort(entry, reason);
    return true;
  }

  cancelAll(reason: CancelReason): number {
    for (const entry of this.entries.values()) this.abort(entry, reason);
    return this.entries.size;
  }

  get size(): number {
    return this.entries.size;
  }

  private abort(entry: Entry, reason: CancelReason): void {
    if (entry.reason !== null) return;
    entry.reason = reason;
    entry.controller.abort();
  }
}
