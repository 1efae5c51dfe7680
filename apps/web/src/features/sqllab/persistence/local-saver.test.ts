import { describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../../app/store';
import { setupDomTest, TEST_BOOTSTRAP } from '../../../test/dom-test';
import {
  addQueryEditor,
  hydrationFinished,
  querySuccess,
  startQuery,
  STALE_RESULTS_MS,
  type Query,
} from '../state';
import { makeQuery, makeResultsPayload } from '../state/test-fixtures';
import { sqlLabState } from '../store/sqllab-store';
import { createLocalSaver, LOCAL_SAVE_DEBOUNCE_MS } from './local-saver';
import { readStoredSqlLab, sqlLabStorageKey } from './local-storage';

setupDomTest();

const LOCAL = { storage: window.localStorage, key: sqlLabStorageKey(1) };

const T = 1_700_000_000_000;

function storeWithPersistence(on: boolean): AppStore {
  const store = createAppStore({
    bootstrap: {
      ...TEST_BOOTSTRAP,
      common: { ...TEST_BOOTSTRAP.common, feature_flags: { SQLLAB_BACKEND_PERSISTENCE: on } },
    },
    theme: { mode: 'light', source: 'user' },
  });
  store.dispatch(hydrationFinished());
  return store;
}

function run(store: AppStore, query: Query, rows: number, cellText: string) {
  store.dispatch(startQuery({ query, previousQueryId: null }));
  const data = Array.from({ length: rows }, (_, n) => ({ n, text: cellText }));
  store.dispatch(
    querySuccess({
      id: query.id,
      results: makeResultsPayload({ data }),
      now: query.startDttm + 10,
    }),
  );
}

describe('createLocalSaver', () => {
  it('writes the tabs after 5000 quiet ms (spec 000 §9), and reports the usage in KB', () => {
    vi.useFakeTimers();
    try {
      const store = storeWithPersistence(false);
      const saver = createLocalSaver({ ...store, storage: LOCAL, now: () => T });
      const unsubscribe = store.subscribe(saver.changed);
      store.dispatch(
        addQueryEditor({ defaults: { dbId: 1, queryLimit: 10 }, backendPersistence: false, name: 'Kept' }),
      );
      expect(window.localStorage.getItem(LOCAL.key)).toBeNull();
      expect(LOCAL_SAVE_DEBOUNCE_MS).toBe(5000);
      vi.advanceTimersByTime(4999);
      expect(window.localStorage.getItem(LOCAL.key)).toBeNull();
      vi.advanceTimersByTime(1);
      const stored = readStoredSqlLab(LOCAL);
      expect(stored?.sqlLabEditors.queryEditors.map((qe) => [qe.name, qe.inLocalStorage])).toEqual([
        ['Kept', true],
      ]);
      const kb = sqlLabState(store.getState()).sqlLabSync.localStorageKb;
      const text = window.localStorage.getItem(LOCAL.key) ?? '';
      expect(kb).toBe(Math.round(((text.length * 2) / 1024) * 100) / 100);
      expect(kb).toBeGreaterThan(0);
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops stored results older than a day or over 1024 KB, keeps the rest', () => {
    const store = storeWithPersistence(false);
    const now = T + STALE_RESULTS_MS + 1000;
    run(store, makeQuery({ id: 'oldQuery001', startDttm: T }), 2, 'x');
    run(store, makeQuery({ id: 'bigQuery001', startDttm: now - 10 }), 2000, 'y'.repeat(300));
    run(store, makeQuery({ id: 'newQuery001', startDttm: now - 10 }), 2, 'z');
    const saver = createLocalSaver({ ...store, storage: LOCAL, now: () => now });

    saver.flush();

    const queries = readStoredSqlLab(LOCAL)?.sqlLabQueries.queries ?? {};
    expect(queries.oldQuery001?.results).toBeNull();
    expect(queries.bigQuery001?.results).toBeNull();
    expect(queries.newQuery001?.results?.data).toHaveLength(2);
  });

  it('ignores a write the browser refuses', () => {
    const store = storeWithPersistence(true);
    const storage = {
      key: sqlLabStorageKey(1),
      storage: {
        getItem: () => null,
        removeItem: () => undefined,
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
      },
    };
    const saver = createLocalSaver({ ...store, storage });
    expect(() => {
      saver.flush();
    }).not.toThrow();
    expect(sqlLabState(store.getState()).sqlLabSync.localStorageKb).toBe(0);
  });
});
