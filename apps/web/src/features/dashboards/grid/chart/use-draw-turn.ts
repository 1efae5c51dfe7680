import { useEffect, useState, type RefObject } from 'react';
import type { FirstScreenGate } from './first-screen-gate';

/**
 * Whether the chart in `ref` may draw now (see FirstScreenGate): always without a gate; at once when it
 * is on the screen at mount (it then registers, and reports `done` — drawn or failed — to the gate);
 * otherwise once the gate opens or the chart scrolls into view, whichever comes first.
 */
export function useDrawTurn(
  ref: RefObject<HTMLElement | null>,
  gate: FirstScreenGate | null,
  chartId: number,
  done: boolean,
): boolean {
  const [allowed, setAllowed] = useState(() => gate === null || gate.isOpen);
  const [registered, setRegistered] = useState(false);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    if (allowed || gate === null || !observable) return;
    const element = ref.current;
    if (element === null) return;
    let first = true;
    const observer = new IntersectionObserver((entries) => {
      const onScreen = entries.some((entry) => entry.isIntersecting);
      // Registered in the observer's own task, with every other holder's first report.
      if (first && onScreen) {
        gate.onScreen(chartId);
        setRegistered(true);
      } else if (first) gate.offScreen();
      first = false;
      if (onScreen) setAllowed(true);
    });
    observer.observe(element);
    const unsubscribe = gate.whenOpen(() => {
      setAllowed(true);
    });
    return () => {
      observer.disconnect();
      unsubscribe();
    };
  }, [allowed, gate, chartId, ref, observable]);
  useEffect(() => {
    if (gate === null || !registered) return;
    if (done) gate.settled(chartId);
    return () => {
      gate.settled(chartId);
    };
  }, [gate, registered, done, chartId]);
  return allowed || gate === null || !observable;
}
