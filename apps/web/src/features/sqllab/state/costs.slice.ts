import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { migrateQueryEditor, removeAllOtherEditors, removeQueryEditor } from './actions';
import type { CostEstimate } from './types';

/** Cost estimates by the id of the tab whose SQL was estimated. */
export interface CostsState {
  estimates: Record<string, CostEstimate>;
}

export const initialCostsState: CostsState = { estimates: {} };

export const costsSlice = createSlice({
  name: 'sqlLabCosts',
  initialState: initialCostsState,
  reducers: {
    costEstimateStarted(state, action: PayloadAction<{ editorId: string }>) {
      state.estimates[action.payload.editorId] = { completed: false, cost: null, error: null };
    },
    costEstimateReturned(
      state,
      action: PayloadAction<{ editorId: string; cost: Record<string, unknown>[] }>,
    ) {
      state.estimates[action.payload.editorId] = { completed: true, cost: action.payload.cost, error: null };
    },
    costEstimateFailed(state, action: PayloadAction<{ editorId: string; error: string }>) {
      state.estimates[action.payload.editorId] = {
        completed: false,
        cost: null,
        error: action.payload.error,
      };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(removeQueryEditor, (state, action) => {
        if (!(action.payload.id in state.estimates)) return;
        const { [action.payload.id]: _removed, ...rest } = state.estimates;
        state.estimates = rest;
      })
      .addCase(removeAllOtherEditors, (state, action) => {
        const kept = state.estimates[action.payload.keepId];
        state.estimates = kept ? { [action.payload.keepId]: kept } : {};
      })
      .addCase(migrateQueryEditor, (state, action) => {
        const { [action.payload.oldId]: estimate, ...rest } = state.estimates;
        if (estimate) state.estimates = { ...rest, [action.payload.tabViewId]: estimate };
      });
  },
});

export const { costEstimateStarted, costEstimateReturned, costEstimateFailed } = costsSlice.actions;
