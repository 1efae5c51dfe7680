import type { DashboardLayout } from '@tessera/contracts';
import { UNDO_LIMIT } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  canRedo,
  canUndo,
  hasLayoutChanges,
  HISTORY_CAPACITY,
  redo,
  resetHistory,
  undo,
  undoOverflowWarning,
} from './layout-history';

const layoutNo = (n: number): DashboardLayout => ({
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [], parents: [], meta: { n } },
});

describe('layout history', () => {
  it('starts empty on load', () => {
    const history = resetHistory(layoutNo(0));
    expect(history).toEqual({ present: layoutNo(0), past: [], future: [], undoOverflow: false });
    expect([canUndo(history), canRedo(history), hasLayoutChanges(history)]).toEqual([false, false, false]);
  });

  it('pushes the old present on an edit and clears redo', () => {
    const edited = applyEdit(resetHistory(layoutNo(0)), layoutNo(1));
    expect(edited.present).toEqual(layoutNo(1));
    expect(edited.past).toEqual([layoutNo(0)]);
    expect(hasLayoutChanges(edited)).toBe(true);
    const undone = undo(edited);
    expect(canRedo(undone)).toBe(true);
    expect(applyEdit(undone, layoutNo(2)).future).toEqual([]);
  });

  it('does not record an edit that changed nothing', () => {
    const history = resetHistory(layoutNo(0));
    expect(applyEdit(history, history.present)).toBe(history);
  });

  it('undoes to the previous layout and clears the unsaved state at an empty history', () => {
    const history = applyEdit(applyEdit(resetHistory(layoutNo(0)), layoutNo(1)), layoutNo(2));
    const once = undo(history);
    expect(once.present).toEqual(layoutNo(1));
    expect(once.future).toEqual([layoutNo(2)]);
    expect(hasLayoutChanges(once)).toBe(true);
    const twice = undo(once);
    expect(twice.present).toEqual(layoutNo(0));
    expect(hasLayoutChanges(twice)).toBe(false);
    expect(undo(twice)).toBe(twice);
  });

  it('redoes what was undone, in order', () => {
    const history = undo(undo(applyEdit(applyEdit(resetHistory(layoutNo(0)), layoutNo(1)), layoutNo(2))));
    const once = redo(history);
    expect(once.present).toEqual(layoutNo(1));
    const twice = redo(once);
    expect(twice.present).toEqual(layoutNo(2));
    expect(twice.past).toEqual([layoutNo(0), layoutNo(1)]);
    expect(redo(twice)).toBe(twice);
  });

  it('keeps UNDO_LIMIT + 2 steps and flags the overflow once exceeded', () => {
    let history = resetHistory(layoutNo(0));
    for (let n = 1; n <= HISTORY_CAPACITY; n += 1) history = applyEdit(history, layoutNo(n));
    expect(history.past).toHaveLength(UNDO_LIMIT + 2);
    expect(history.undoOverflow).toBe(false);
    history = applyEdit(history, layoutNo(HISTORY_CAPACITY + 1));
    expect(history.past).toHaveLength(UNDO_LIMIT + 2);
    expect(history.past[0]).toEqual(layoutNo(1));
    expect(history.undoOverflow).toBe(true);
    // Undoing everything that is left cannot reach the loaded layout, so changes remain unsaved.
    while (canUndo(history)) history = undo(history);
    expect(history.present).toEqual(layoutNo(1));
    expect(hasLayoutChanges(history)).toBe(true);
  });

  it('resets on save', () => {
    const history = applyEdit(resetHistory(layoutNo(0)), layoutNo(1));
    expect(resetHistory(history.present)).toEqual({
      present: layoutNo(1),
      past: [],
      future: [],
      undoOverflow: false,
    });
  });

  it('words the overflow warning with the undo limit', () => {
    expect(undoOverflowWarning()).toBe(
      'You have used all 50 undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.',
    );
  });
});
