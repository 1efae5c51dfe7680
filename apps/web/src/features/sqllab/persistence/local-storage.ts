import { storageUsageKb, type PersistedSqlLab } from '../state';
import { persistedSqlLabSchema } from './stored-state';

/** The one local-storage key SQL Lab writes (spec 000 §4: the persisted part is the editor state). */
export const SQLLAB_STORAGE_KEY = 'tessera.sqllab';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored SQL Lab state, or null when there is none or it does not have the expected shape. */
export function readStoredSqlLab(storage: StorageLike): PersistedSqlLab | null {
  let text: string | null;
  try {
    text = storage.getItem(SQLLAB_STORAGE_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const parsed = persistedSqlLabSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Writes the state; returns the KB it takes, or null when the browser refused the write (quota,
 * private mode). A refused write is ignored: the server, or the next write, still has the state.
 */
export function writeStoredSqlLab(storage: StorageLike, state: PersistedSqlLab): number | null {
  const text = JSON.stringify(state);
  try {
    storage.setItem(SQLLAB_STORAGE_KEY, text);
  } catch {
    return null;
  }
  return storageUsageKb(text);
}

export function clearStoredSqlLab(storage: StorageLike): void {
  try {
    storage.removeItem(SQLLAB_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
