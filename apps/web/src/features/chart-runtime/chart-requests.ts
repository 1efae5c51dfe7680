/** What a chart-data request resolves to, as far as the runtime cares. */
export type ChartRequestOutcome<Result> =
  | { kind: 'done'; result: Result }
  /** Aborted by Stop or replaced by a newer request: its result must not be recorded. */
  | { kind: 'superseded' };

interface InFlight {
  /** Identifies what was asked (the serialized query context): an identical ask joins this request. */
  key: string;
  abort: () => void;
  stopped: boolean;
  outcome: Promise<ChartRequestOutcome<unknown>>;
}

export interface StartedRequest<Result> {
  abort: () => void;
  result: Promise<Result>;
}

/**
 * The chart-data requests in flight, by chart id: one instance per store (the thunk extra argument), so
 * many charts run side by side and tests get a fresh one with each store. A newer request for the same
 * chart aborts the older one; an identical one while the first is in flight joins it instead of asking
 * the server twice. Keyed by chart id, or by chart and layer for annotation queries.
 */
export class ChartRequests<Key = number> {
  private readonly inFlight = new Map<Key, InFlight>();
  /**
   * Early runs (asked for before the chart was on screen) that ended, by chart: the key they asked for.
   * The chart's own identical run then takes that answer, already recorded, instead of asking again.
   */
  private readonly settledEarly = new Map<Key, string>();

  /**
   * Runs `start` unless the same `key` is already in flight for this chart. `onStarted` runs only when a
   * request actually starts, after any older one was aborted (the caller records 'loading' there).
   * An `early` run, once ended, is joined once more by the next identical run (see `settledEarly`).
   */
  run<Result>(
    chartId: Key,
    key: string,
    start: () => StartedRequest<Result>,
    onStarted: () => void,
    early = false,
  ): { joined: boolean; outcome: Promise<ChartRequestOutcome<Result>> } {
    const earlyKey = this.settledEarly.get(chartId);
    this.settledEarly.delete(chartId);
    if (earlyKey === key) return { joined: true, outcome: Promise.resolve({ kind: 'superseded' }) };
    const current = this.inFlight.get(chartId);
    if (current?.key === key && !current.stopped) {
      // The joined request already records its own result; the joiner has nothing to add.
      return { joined: true, outcome: current.outcome.then(() => ({ kind: 'superseded' as const })) };
    }
    current?.abort();
    const request = start();
    const pending = { key, abort: request.abort, stopped: false };
    const outcome = request.result.then((result): ChartRequestOutcome<Result> => {
      if (this.inFlight.get(chartId) !== pending || pending.stopped) return { kind: 'superseded' };
      this.inFlight.delete(chartId);
      if (early) this.settledEarly.set(chartId, key);
      return { kind: 'done', result };
    });
    // The same object gains its outcome, so the identity check above still recognises it.
    const entry: InFlight = Object.assign(pending, { outcome });
    this.inFlight.set(chartId, entry);
    onStarted();
    return { joined: false, outcome };
  }

  /** Aborts the chart's request; returns false when nothing was running. */
  stop(chartId: Key): boolean {
    this.settledEarly.delete(chartId);
    const entry = this.inFlight.get(chartId);
    if (entry === undefined) return false;
    entry.stopped = true;
    entry.abort();
    this.inFlight.delete(chartId);
    return true;
  }

  isRunning(chartId: Key): boolean {
    return this.inFlight.has(chartId);
  }
}
