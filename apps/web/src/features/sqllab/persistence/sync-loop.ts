export interface SyncLoopTiming {
  /** The wait between passes that go through (and before the first retry). */
  intervalMs: number;
  /** The longest wait between failed passes. */
  maxDelayMs: number;
}

/**
 * The wait before the next pass after `failures` failed passes in a row: the interval while passes go
 * through and after the first failure, then doubled for each further failure, up to `maxDelayMs`.
 */
export function nextSyncDelay(failures: number, timing: SyncLoopTiming): number {
  if (failures <= 1) return timing.intervalMs;
  return Math.min(timing.intervalMs * 2 ** (failures - 1), timing.maxDelayMs);
}

/**
 * Runs `pass` after `intervalMs`, then again each time the wait after the last one is over; a pass
 * resolves to whether it went through, and failed ones back off (`nextSyncDelay`). The next wait starts
 * when a pass ends, so two never run at once, however slow the server. Returns the stop function.
 */
export function startSyncLoop(pass: () => Promise<boolean>, timing: SyncLoopTiming): () => void {
  let failures = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    timer = setTimeout(
      () => {
        void run();
      },
      nextSyncDelay(failures, timing),
    );
  };
  const run = async () => {
    let ok = false;
    try {
      ok = await pass();
    } catch (error) {
      // A pass reports failures itself; one that throws is a bug, retried like a failure.
      console.error(error);
    }
    failures = ok ? 0 : failures + 1;
    if (!stopped) schedule();
  };

  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
