import { UNDO_LIMIT, type DashboardLayout } from '@tessera/contracts';

/** The `dashboardLayout` slice's state: the layout with its undo and redo stacks (spec 001 §4 'Dashboard'). */
export interface LayoutHistory {
  present: DashboardLayout;
  past: DashboardLayout[];
  future: DashboardLayout[];
  /** Set once an edit pushed the oldest undo step out; cleared only by a load or a save. */
  undoOverflow: boolean;
}

/** The history holds UNDO_LIMIT + 2 steps (spec 001 §4). */
export const HISTORY_CAPACITY = UNDO_LIMIT + 2;

export function undoOverflowWarning(limit: number = UNDO_LIMIT): string {
  return `You have used all ${String(limit)} undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.`;
}

/** A freshly loaded or just saved layout: nothing to undo or redo. */
export function resetHistory(layout: DashboardLayout): LayoutHistory {
  return { present: layout, past: [], future: [], undoOverflow: false };
}

/** Records an edit: the old present goes on the undo stack, the redo stack empties. A no-op edit is not recorded. */
export function applyEdit(history: LayoutHistory, next: DashboardLayout): LayoutHistory {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  const overflow = past.length > HISTORY_CAPACITY;
  return {
    present: next,
    past: overflow ? past.slice(past.length - HISTORY_CAPACITY) : past,
    future: [],
    undoOverflow: history.undoOverflow || overflow,
  };
}

export function undo(history: LayoutHistory): LayoutHistory {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    ...history,
    present: previous,
    past: history.past.slice(0, -1),
    future: [history.present, ...history.future],
  };
}

export function redo(history: LayoutHistory): LayoutHistory {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { ...history, present: next, past: [...history.past, history.present], future: rest };
}

export const canUndo = (history: LayoutHistory): boolean => history.past.length > 0;
export const canRedo = (history: LayoutHistory): boolean => history.future.length > 0;

/**
 * Whether the layout differs from the loaded or saved one as far as the history can tell: undo back to an
 * empty history clears the unsaved flag (spec 001 §4) — unless steps were dropped, when it cannot be
 * the saved layout any more.
 */
export function hasLayoutChanges(history: LayoutHistory): boolean {
  return history.past.length > 0 || history.undoOverflow;
}
