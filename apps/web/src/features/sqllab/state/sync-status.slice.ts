import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** How SQL Lab's persistence is doing (spec 000 §3 "SQL Lab global state": the offline flag). */
export interface SyncStatusState {
  /** False until local storage and the server's tabs have been read; no tab should open before. */
  hydrated: boolean;
  /**
   * True while the server does not have this window's latest state: it could not be reached on load, or
   * the last sync pass failed. Edits stay local (and in local storage) and are pushed on a later pass.
   */
  offline: boolean;
  /**
   * True from a sync pass that could not store a tab until one that could. The user is told once when it
   * turns true, not on every failed retry.
   */
  saveFailing: boolean;
  /** What the last local-storage write took, in KB (two decimals). */
  localStorageKb: number;
}

export const initialSyncStatusState: SyncStatusState = {
  hydrated: false,
  offline: false,
  saveFailing: false,
  localStorageKb: 0,
};

export const syncStatusSlice = createSlice({
  name: 'sqlLabSync',
  initialState: initialSyncStatusState,
  reducers: {
    hydrationFinished(state) {
      state.hydrated = true;
    },
    setOffline(state, action: PayloadAction<boolean>) {
      state.offline = action.payload;
    },
    setSaveFailing(state, action: PayloadAction<boolean>) {
      state.saveFailing = action.payload;
    },
    localStorageMeasured(state, action: PayloadAction<number>) {
      state.localStorageKb = action.payload;
    },
  },
});

export const { hydrationFinished, setOffline, setSaveFailing, localStorageMeasured } =
  syncStatusSlice.actions;
