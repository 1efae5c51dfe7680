import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_MAX_WAIT_MS, FirstScreenGate } from './first-screen-gate';

describe('FirstScreenGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens once every chart that was on the screen has drawn, not before', () => {
    const gate = new FirstScreenGate();
    const drawn = vi.fn();
    gate.onScreen(1);
    gate.onScreen(2);
    gate.offScreen();
    gate.whenOpen(drawn);
    vi.advanceTimersByTime(10);
    expect(drawn).not.toHaveBeenCalled();
    gate.settled(1);
    vi.advanceTimersByTime(10);
    expect(drawn).not.toHaveBeenCalled();
    expect(gate.isOpen).toBe(false);
    gate.settled(2);
    vi.advanceTimersByTime(0);
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(gate.isOpen).toBe(true);
  });

  it('opens at once when no chart is on the screen', () => {
    const gate = new FirstScreenGate();
    const drawn = vi.fn();
    gate.whenOpen(drawn);
    gate.offScreen();
    vi.advanceTimersByTime(0);
    expect(drawn).toHaveBeenCalledTimes(1);
  });

  it('waits for the first reports: a chart subscribing alone does not open it', () => {
    const gate = new FirstScreenGate();
    gate.whenOpen(() => undefined);
    vi.advanceTimersByTime(100);
    expect(gate.isOpen).toBe(false);
  });

  it('opens after the longest wait when a chart on the screen never draws', () => {
    const gate = new FirstScreenGate();
    const drawn = vi.fn();
    gate.onScreen(7);
    gate.whenOpen(drawn);
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_WAIT_MS - 1);
    expect(drawn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(drawn).toHaveBeenCalledTimes(1);
  });

  it('calls a late subscriber at once, and never one that unsubscribed', () => {
    const gate = new FirstScreenGate();
    const gone = vi.fn();
    gate.onScreen(1);
    const unsubscribe = gate.whenOpen(gone);
    unsubscribe();
    gate.settled(1);
    vi.advanceTimersByTime(0);
    expect(gone).not.toHaveBeenCalled();
    const late = vi.fn();
    gate.whenOpen(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('ignores charts registering after it opened, and settling twice', () => {
    const gate = new FirstScreenGate();
    gate.offScreen();
    vi.advanceTimersByTime(0);
    gate.onScreen(3);
    gate.settled(3);
    gate.settled(3);
    expect(gate.isOpen).toBe(true);
  });
});
