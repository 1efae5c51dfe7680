/** The longest the charts near the screen wait for the ones on it, so one slow query holds nobody up. */
export const FIRST_SCREEN_MAX_WAIT_MS = 2000;

/**
 * The order in which a dashboard's first charts draw. Drawing a chart (its renderer's transform and the
 * echarts canvas) is the page's largest piece of main-thread work when it opens; the charts within a
 * screen below the viewport get their data as early as the ones on it, and drawn in the same frames
 * they would delay the charts the viewer is looking at. The charts on the screen when they first came
 * near register here; the others wait until all of those have drawn (or failed, or left the page), at
 * most FIRST_SCREEN_MAX_WAIT_MS after the first registered, and draw at once if they scroll into view.
 * Once open, the gate stays open for the page.
 */
export class FirstScreenGate {
  private readonly pending = new Set<number>();
  private readonly waiting = new Set<() => void>();
  private opened = false;
  private check: ReturnType<typeof setTimeout> | null = null;
  private fallback: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly maxWaitMs = FIRST_SCREEN_MAX_WAIT_MS) {}

  get isOpen(): boolean {
    return this.opened;
  }

  /** A chart that was on the screen when it first came near: the others wait for it. */
  onScreen(chartId: number): void {
    if (this.opened) return;
    this.pending.add(chartId);
    this.fallback ??= setTimeout(() => {
      this.open();
    }, this.maxWaitMs);
    this.scheduleCheck();
  }

  /** A chart that was off the screen at its first report: if nothing on the screen waits, the gate opens. */
  offScreen(): void {
    this.scheduleCheck();
  }

  /** That chart has drawn, failed or left the page. */
  settled(chartId: number): void {
    if (this.pending.delete(chartId)) this.scheduleCheck();
  }

  /** Calls `callback` once the charts on the screen have drawn (at once when they have); returns the unsubscribe. */
  whenOpen(callback: () => void): () => void {
    if (this.opened) {
      callback();
      return () => undefined;
    }
    this.waiting.add(callback);
    return () => {
      this.waiting.delete(callback);
    };
  }

  dispose(): void {
    if (this.check !== null) clearTimeout(this.check);
    if (this.fallback !== null) clearTimeout(this.fallback);
    this.check = null;
    this.fallback = null;
    this.waiting.clear();
  }

  // A macrotask later: the viewport observers of the holders mounted together report in one task, so by
  // then every chart on the screen has registered and an empty set means they have all drawn.
  private scheduleCheck(): void {
    if (this.check !== null || this.opened) return;
    this.check = setTimeout(() => {
      this.check = null;
      if (this.pending.size === 0) this.open();
    }, 0);
  }

  private open(): void {
    if (this.opened) return;
    this.opened = true;
    const callbacks = [...this.waiting];
    this.dispose();
    for (const callback of callbacks) callback();
  }
}
