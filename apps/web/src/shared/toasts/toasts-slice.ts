import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ToastType } from '@tessera/contracts';
import { addToast, createToast, removeToast, type Toast, type ToastOptions } from '@tessera/core';

export interface ToastsState {
  items: readonly Toast[];
}

const initialState: ToastsState = { items: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastAdded: {
      // The id and duration are decided here, not in the reducer, so the reducer stays pure.
      prepare: (toastType: ToastType, text: string, options?: ToastOptions) => ({
        payload: createToast(toastType, text, options),
      }),
      reducer: (state, action: PayloadAction<Toast>) => {
        const items = addToast(state.items, action.payload);
        // A refused toast leaves the state untouched (same reference), so nothing re-renders.
        return items === state.items ? undefined : { items };
      },
    },
    toastRemoved(state, action: PayloadAction<string>) {
      const items = removeToast(state.items, action.payload);
      return items === state.items ? undefined : { items };
    },
  },
});

export const { toastAdded, toastRemoved } = toastsSlice.actions;

export function selectToasts(state: { toasts: ToastsState }): readonly Toast[] {
  return state.toasts.items;
}
