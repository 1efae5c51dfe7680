import { storageUsageKb, type PersistedSqlLab } from '../state';
import { persistedSqlLabSchema } from './stored-state';

/** The local-storage key SQL Lab writes (spec 000 §4: the persisted part is the editor state). */
export const SQLLAB_STORAGE_KEY = 'tessera.sqllab';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Local storage of the browser and the key of the signed-in user: users taking turns in one browser
 * never see (or push to the server) each other's tabs.
 */
export interface SqlLabStorage {
  storage: StorageLike;
  key: string;
}

export function sqlLabStorageKey(userId: number | null): string {
  return userId === null ? SQLLAB_STORAGE_KEY : `${SQLLAB_STORAGE_KEY}.${userId}`;
}

/** The stored SQL Lab state, or null when there is none or it does not have the expected shape. */
export function readStoredSqlLab({ storage, key }: SqlLabStorage): PersistedSqlLab | null {
  let text: string | null;
  try {
    text = storage.getItem(key);
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
export function writeStoredSqlLab({ storage, key }: SqlLabStorage, state: PersistedSqlLab): number | null {
  const text = JSON.stringify(state);
  try {
    storage.setItem(key, text);
  } catch {
    return null;
  }
  return storageUsageKb(text);
}

export function clearStoredSqlLab({ storage, key }: SqlLabStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
