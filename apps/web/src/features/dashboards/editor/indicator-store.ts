import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DropIndicator } from './resolve-drop';

export interface ActiveIndicator extends DropIndicator {
  /** The drop would be refused: the indicator shows it instead of a place to land. */
  refused: boolean;
}

/**
 * The drop indicator changes on every pointer move; a tiny store lets each frame and zone subscribe to
 * its own key so a move re-renders only the two components whose indicator changed.
 */
export class IndicatorStore {
  private current: ActiveIndicator | null = null;
  private readonly listeners = new Set<() => void>();

  get(): ActiveIndicator | null {
    return this.current;
  }

  set(next: ActiveIndicator | null): void {
    const same =
      next?.key === this.current?.key &&
      next?.position === this.current?.position &&
      next?.refused === this.current?.refused;
    if (same) return;
    this.current = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const IndicatorStoreContext = createContext<IndicatorStore | null>(null);

/** The indicator for `key` while a drag hovers it, else null. */
export function useDropIndicator(key: string): ActiveIndicator | null {
  const store = useContext(IndicatorStoreContext);
  return useSyncExternalStore(store?.subscribe ?? noopSubscribe, () => {
    const current = store?.get() ?? null;
    return current?.key === key ? current : null;
  });
}

const noopSubscribe = (): (() => void) => () => undefined;
