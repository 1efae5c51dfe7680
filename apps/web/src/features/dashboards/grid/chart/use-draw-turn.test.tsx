import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirstScreenGate } from './first-screen-gate';
import { useDrawTurn } from './use-draw-turn';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; element: Element | null }[] = [];

class FakeObserver {
  private readonly entry: { callback: Callback; element: Element | null };
  constructor(callback: Callback) {
    this.entry = { callback, element: null };
    observers.push(this.entry);
  }
  observe = (element: Element) => {
    this.entry.element = element;
  };
  disconnect = vi.fn();
}

/** Reports `onScreen` for the chart with this test id, as the browser's observer would. */
function report(testId: string, onScreen: boolean): void {
  const observer = observers.find((entry) => entry.element === screen.getByTestId(testId));
  observer?.callback([{ isIntersecting: onScreen }]);
}

function Chart({ id, gate, done }: { id: number; gate: FirstScreenGate | null; done: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const draw = useDrawTurn(ref, gate, id, done);
  return (
    <div ref={ref} data-testid={`chart-${String(id)}`}>
      {draw ? 'draw' : 'wait'}
    </div>
  );
}

const text = (id: number) => screen.getByTestId(`chart-${String(id)}`).textContent;

describe('useDrawTurn (charts on the screen draw first)', () => {
  beforeEach(() => {
    observers = [];
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('holds a chart below the screen until the one on it has drawn', () => {
    const gate = new FirstScreenGate();
    const { rerender } = render(
      <>
        <Chart id={1} gate={gate} done={false} />
        <Chart id={2} gate={gate} done={false} />
      </>,
    );
    act(() => {
      report('chart-1', true);
      report('chart-2', false);
      vi.advanceTimersByTime(0);
    });
    expect(text(1)).toBe('draw');
    expect(text(2)).toBe('wait');
    rerender(
      <>
        <Chart id={1} gate={gate} done />
        <Chart id={2} gate={gate} done={false} />
      </>,
    );
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(text(2)).toBe('draw');
  });

  it('draws a held chart at once when it scrolls into view', () => {
    const gate = new FirstScreenGate();
    render(
      <>
        <Chart id={1} gate={gate} done={false} />
        <Chart id={2} gate={gate} done={false} />
      </>,
    );
    act(() => {
      report('chart-1', true);
      report('chart-2', false);
      vi.advanceTimersByTime(0);
    });
    expect(text(2)).toBe('wait');
    act(() => {
      report('chart-2', true);
    });
    expect(text(2)).toBe('draw');
    expect(gate.isOpen).toBe(false);
  });

  it('lets the others draw when the chart on the screen leaves the page', () => {
    const gate = new FirstScreenGate();
    const { rerender } = render(
      <>
        <Chart id={1} gate={gate} done={false} />
        <Chart id={2} gate={gate} done={false} />
      </>,
    );
    act(() => {
      report('chart-1', true);
      report('chart-2', false);
      vi.advanceTimersByTime(0);
    });
    rerender(<Chart id={2} gate={gate} done={false} />);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(text(2)).toBe('draw');
  });

  it('draws at once without a gate (report mode, export)', () => {
    render(<Chart id={1} gate={null} done={false} />);
    expect(text(1)).toBe('draw');
    expect(observers).toHaveLength(0);
  });
});
