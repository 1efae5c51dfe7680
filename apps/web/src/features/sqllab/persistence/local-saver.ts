import type { RootState } from '../../../app/store';
import { localStorageMeasured, pruneForStorage, SAVE_DEBOUNCE_MS, type SqlLabRootState } from '../state';
import { sqlLabState } from '../store/sqllab-store';
import { writeStoredSqlLab, type SqlLabStorage } from './local-storage';
import { backendPersistenceOn } from './outcome';

/**
 * Quiet time after the last change before local storage is written: the spec's 5000 ms save interval
 * (000 §9). A reload or a closed window flushes at once, so no edit waits on it.
 */
export const LOCAL_SAVE_DEBOUNCE_MS = SAVE_DEBOUNCE_MS;

export interface LocalSaverDeps {
  getState: () => RootState;
  dispatch: (action: ReturnType<typeof localStorageMeasured>) => unknown;
  storage: SqlLabStorage;
  now?: () => number;
}

function persistedParts(state: SqlLabRootState) {
  return [state.sqlLabEditors, state.sqlLabQueries, state.sqlLabTables] as const;
}

/**
 * Keeps local storage in step with the state: `changed()` after any store change schedules a write
 * (debounced) when the persisted slices changed; `flush()` writes now (page hide, unmount). What is
 * written is `pruneForStorage`'s output: old or large results dropped, and with backend persistence only
 * what the server does not have yet. The usage in KB goes to the state.
 */
export function createLocalSaver({ getState, dispatch, storage, now = Date.now }: LocalSaverDeps) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let written: readonly unknown[] | null = null;

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const root = getState();
    const state = sqlLabState(root);
    if (!state.sqlLabSync.hydrated) return;
    written = persistedParts(state);
    const kb = writeStoredSqlLab(
      storage,
      pruneForStorage(state, now(), { backendPersistence: backendPersistenceOn(root) }),
    );
    if (kb !== null && kb !== state.sqlLabSync.localStorageKb) dispatch(localStorageMeasured(kb));
  };

  const changed = () => {
    const state = sqlLabState(getState());
    if (!state.sqlLabSync.hydrated) return;
    const parts = persistedParts(state);
    if (written !== null && parts.every((part, index) => part === written?.[index])) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(flush, LOCAL_SAVE_DEBOUNCE_MS);
  };

  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  return { changed, flush, stop };
}
