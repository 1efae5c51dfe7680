/**
 * Runs `pass` every `intervalMs`, never two at once: a pass still running (a slow or unreachable
 * server) makes the next tick skip. Returns the stop function.
 */
export function startSyncLoop(pass: () => Promise<unknown>, intervalMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void pass().finally(() => {
      running = false;
    });
  }, intervalMs);
  return () => {
    clearInterval(timer);
  };
}
