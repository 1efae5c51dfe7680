import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let callbacks: Callback[] = [];
let margins: (string | undefined)[] = [];

class FakeObserver {
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    callbacks.push(callback);
    margins.push(options?.rootMargin);
  }
  observe = vi.fn();
  disconnect = vi.fn();
}

function Probe({ loadAll }: { loadAll: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, loadAll);
  return (
    <div ref={ref} data-testid="probe">
      {near ? 'load' : 'wait'}
    </div>
  );
}

describe('useNearViewport (lazy chart loading)', () => {
  beforeEach(() => {
    callbacks = [];
    margins = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('waits until the element comes within a screen of the viewport', () => {
    render(<Probe loadAll={false} />);
    expect(screen.getByTestId('probe').textContent).toBe('wait');
    expect(margins[0]).toBe(`${String(window.innerHeight)}px 0px`);
    act(() => {
      callbacks[0]?.([{ isIntersecting: false }]);
    });
    expect(screen.getByTestId('probe').textContent).toBe('wait');
    act(() => {
      callbacks[0]?.([{ isIntersecting: true }]);
    });
    expect(screen.getByTestId('probe').textContent).toBe('load');
  });

  it('loads at once when every chart should load (report mode, printing)', () => {
    render(<Probe loadAll />);
    expect(screen.getByTestId('probe').textContent).toBe('load');
    expect(callbacks).toHaveLength(0);
  });
});
