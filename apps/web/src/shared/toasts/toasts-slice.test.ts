import { TOAST_DURATIONS } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { toastAdded, toastRemoved, toastsSlice, type ToastsState } from './toasts-slice';

const reduce = toastsSlice.reducer;
const empty: ToastsState = { items: [] };

describe('toasts slice', () => {
  it('adds a toast with the duration of its type', () => {
    const state = reduce(empty, toastAdded('danger', 'Could not save'));
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({
      toastType: 'danger',
      text: 'Could not save',
      duration: TOAST_DURATIONS.danger,
      noDuplicate: false,
    });
  });

  it('refuses a noDuplicate toast whose text is already shown', () => {
    const once = reduce(empty, toastAdded('info', 'Saved', { noDuplicate: true }));
    const twice = reduce(once, toastAdded('info', 'Saved', { noDuplicate: true }));
    expect(twice).toBe(once);
    expect(reduce(once, toastAdded('info', 'Saved')).items).toHaveLength(2);
  });

  it('removes a toast by id', () => {
    const state = reduce(reduce(empty, toastAdded('success', 'a')), toastAdded('warning', 'b'));
    const first = state.items[0];
    expect(first).toBeDefined();
    const after = reduce(state, toastRemoved(first?.id ?? ''));
    expect(after.items.map((toast) => toast.text)).toEqual(['b']);
    expect(reduce(after, toastRemoved('unknown'))).toBe(after);
  });
});
