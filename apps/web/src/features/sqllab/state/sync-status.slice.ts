import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** How SQL Lab's persistence is doing (spec 000 §3 "SQL Lab global state": the offline flag). */
export interface SyncStatusState {
  /** False until local storage and the server's tabs have been read; no tab should open before. */
  hydrated: boolean;
  /** True while the server cannot be reached; edits stay local and are pushed on a later tick. */
  offline: boolean;
  /** What the last local-storage write took, in KB (two decimals). */
  localStorageKb: number;
}

export const initialSyncStatusState: SyncStatusState = { hydrated: false, offline: false, localStorageKb: 0 };

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
    localStorageMeasured(state, action: PayloadAction<number>) {
      state.localStorageKb = action.payload;
    },
  },
});

export const { hydrationFinished, setOffline, localStorageMeasured } = syncStatusSlice.actions;
