import { createContext, useContext } from 'react';

/** Runs `callback` once the browser has painted the frame after this call (or soon, where it never paints). */
export function afterNextPaint(callback: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(callback, 0);
    return () => {
      clearTimeout(timer);
    };
  }
  // The first frame callback runs before that frame paints; the second one runs after it has.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
  };
}

/**
 * One attempt to draw one set of transformed props. The renderer marks it committed once the plugin's
 * component is in the DOM; components that draw later (an echarts canvas) hold it until they have drawn.
 * It settles exactly once: succeeded after paint, failed, or cancelled by a newer attempt.
 */
export class RenderAttempt {
  private holds = 0;
  private committed = false;
  private settled = false;
  private cancelPaintWait: (() => void) | null = null;

  constructor(
    private readonly onSuccess: () => void,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /** Called by a component that paints asynchronously, before it starts drawing; returns the release. */
  hold(): () => void {
    this.holds += 1;
    // A redraw that starts while the paint wait runs postpones success until it has drawn too.
    this.cancelPaintWait?.();
    this.cancelPaintWait = null;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      this.settleIfDrawn();
    };
  }

  commit(): void {
    this.committed = true;
    this.settleIfDrawn();
  }

  fail(error: Error): void {
    if (this.settled) return;
    this.cancel();
    this.onFailure(error);
  }

  cancel(): void {
    this.settled = true;
    this.cancelPaintWait?.();
    this.cancelPaintWait = null;
  }

  private settleIfDrawn(): void {
    if (this.settled || !this.committed || this.holds > 0 || this.cancelPaintWait !== null) return;
    this.cancelPaintWait = afterNextPaint(() => {
      if (this.settled) return;
      this.settled = true;
      this.onSuccess();
    });
  }
}

export const RenderAttemptContext = createContext<RenderAttempt | null>(null);

/** The attempt a plugin component draws for, so hosts that paint late (echarts) can hold it. */
export function useRenderAttempt(): RenderAttempt | null {
  return useContext(RenderAttemptContext);
}
