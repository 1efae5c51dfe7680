/** Local-storage and sync constants of spec 000 §4 "Persistence" and §9. */

/** How often unsaved tabs are pushed to the server. */
export const SYNC_INTERVAL_MS = 5000;
/**
 * Longest wait between two pushes while they keep failing: the wait doubles from SYNC_INTERVAL_MS
 * after each failure up to this, so a broken server is not hammered and a recovered one is heard soon.
 */
export const SYNC_MAX_RETRY_DELAY_MS = 30_000;
/** Quiet time after the last edit before editor state is saved. */
export const SAVE_DEBOUNCE_MS = 5000;
/** Stored results of queries older than this are dropped (1 day). */
export const STALE_RESULTS_MS = 86_400_000;
/** Stored results larger than this (estimated) are dropped. */
export const RESULTS_SIZE_CAP_KB = 1024;
export const EDITOR_STATE_VERSION = 1;
/** Name of a stored tab that has none. */
export const DEFAULT_EDITOR_NAME = 'Untitled query';
