import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { AppStore } from '../../../app/store';
import { SYNC_INTERVAL_MS, SYNC_MAX_RETRY_DELAY_MS } from '../state';
import { sqlLabState } from '../store/sqllab-store';
import { hydrateSqlLab } from './hydrate';
import { createLocalSaver } from './local-saver';
import { sqlLabStorageKey, type SqlLabStorage } from './local-storage';
import { startSyncLoop } from './sync-loop';
import { deleteClosedTabs, syncTick } from './sync';

/** window.localStorage under the user's key, or null where the browser refuses it (some private modes). */
function browserStorage(userId: number | null): SqlLabStorage | null {
  try {
    return { storage: window.localStorage, key: sqlLabStorageKey(userId) };
  } catch {
    return null;
  }
}

const useAppStore = useStore.withTypes<AppStore>();

/**
 * SQL Lab's persistence while the screen is open: loads the tabs once (local storage merged with the
 * server's), then writes local storage after changes (and on page hide), runs the sync loop every
 * SYNC_INTERVAL_MS (backing off up to SYNC_MAX_RETRY_DELAY_MS while passes fail). A server tab not
 * read yet is read when first shown (`page/TabLoading`). Returns whether the tabs have been loaded.
 */
export function useSqlLabPersistence(): boolean {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const hydrated = useAppSelector((state) => sqlLabState(state).sqlLabSync.hydrated);
  const userId = useAppSelector((state) => state.session.user?.id ?? null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || sqlLabState(store.getState()).sqlLabSync.hydrated) return;
    started.current = true;
    void dispatch(hydrateSqlLab(browserStorage(userId)));
  }, [dispatch, store, userId]);

  useEffect(() => {
    if (!hydrated) return undefined;
    const storage = browserStorage(userId);
    const saver =
      storage === null
        ? null
        : createLocalSaver({
            getState: () => store.getState(),
            dispatch: (action) => store.dispatch(action),
            storage,
          });
    const unsubscribe = saver === null ? undefined : store.subscribe(saver.changed);
    // Write once now: the loaded state (and its size) is known at once.
    saver?.flush();
    // Page hide (reload, closed window): local storage now, and closed tabs deleted on the server with
    // keepalive requests, so neither waits for a timer the page will not live to see.
    const flush = () => {
      saver?.flush();
      void dispatch(deleteClosedTabs());
    };
    window.addEventListener('pagehide', flush);
    const stopLoop = startSyncLoop(() => dispatch(syncTick()), {
      intervalMs: SYNC_INTERVAL_MS,
      maxDelayMs: SYNC_MAX_RETRY_DELAY_MS,
    });
    return () => {
      stopLoop();
      unsubscribe?.();
      window.removeEventListener('pagehide', flush);
      saver?.flush();
    };
  }, [hydrated, dispatch, store, userId]);

  return hydrated;
}
