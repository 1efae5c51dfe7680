import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EDITOR_NAME,
  EDITOR_STATE_VERSION,
  mergeLocalAndServer,
  pruneForStorage,
  RESULTS_SIZE_CAP_KB,
  SAVE_DEBOUNCE_MS,
  STALE_RESULTS_MS,
  storageUsageKb,
  SYNC_INTERVAL_MS,
  unsyncedEditors,
} from './persistence';
import { editorsWith, makeEditor, makeQuery, makeResults, makeTable, rootWith, T0 } from './test-fixtures';

describe('constants', () => {
  it('match spec 000 §9', () => {
    expect([SYNC_INTERVAL_MS, SAVE_DEBOUNCE_MS, STALE_RESULTS_MS, RESULTS_SIZE_CAP_KB]).toEqual([
      5000, 5000, 86_400_000, 1024,
    ]);
    expect(EDITOR_STATE_VERSION).toBe(1);
    expect(DEFAULT_EDITOR_NAME).toBe('Untitled query');
  });
});

describe('storageUsageKb', () => {
  it('counts two bytes per character, in KB rounded to two decimals', () => {
    expect(storageUsageKb('')).toBe(0);
    expect(storageUsageKb('x'.repeat(512))).toBe(1);
    expect(storageUsageKb('abc')).toBe(0.01);
    expect(storageUsageKb('x'.repeat(1000))).toBe(1.95);
  });
});

describe('pruneForStorage', () => {
  const now = T0 + STALE_RESULTS_MS + 10;

  it('drops results of queries older than a day or larger than 1024 KB', () => {
    const big = makeResults({ data: [{ blob: 'x'.repeat(600 * 1024) }] });
    const root = rootWith({
      queries: [
        makeQuery({ id: 'old', startDttm: T0, results: makeResults() }),
        makeQuery({ id: 'big', startDttm: now - 1, results: big }),
        makeQuery({ id: 'fresh', startDttm: now - 1, results: makeResults() }),
      ],
    });
    const { queries } = pruneForStorage(root, now, { backendPersistence: false }).sqlLabQueries;
    expect(queries.old?.results).toBeNull();
    expect(queries.big?.results).toBeNull();
    expect(queries.fresh).toBe(root.sqlLabQueries.queries.fresh);
  });

  it('keeps every tab and panel without backend persistence, pending edits folded in', () => {
    const editors = {
      ...editorsWith([
        makeEditor({ id: 'a', inLocalStorage: true }),
        makeEditor({ id: 'b', inLocalStorage: true }),
      ]),
      unsavedQueryEditor: { id: 'a', sql: 'SELECT 2', updatedAt: T0 + 1 },
      destroyedQueryEditors: { c: T0 },
    };
    const tables = [makeTable({ id: 't', queryEditorId: 'a', inLocalStorage: true })];
    const stored = pruneForStorage(rootWith({ editors, tables }), now, { backendPersistence: false });
    expect(stored.sqlLabEditors.queryEditors.map((qe) => [qe.id, qe.sql])).toEqual([
      ['a', 'SELECT 2'],
      ['b', 'SELECT 1'],
    ]);
    expect(stored.sqlLabEditors.unsavedQueryEditor).toEqual({});
    expect(stored.sqlLabEditors.destroyedQueryEditors).toEqual({});
    expect(stored.sqlLabTables.tables).toHaveLength(1);
  });

  it('keeps only the tabs and panels the server lacks with backend persistence', () => {
    const editors = {
      ...editorsWith([
        makeEditor({ id: 'local', inLocalStorage: true, updatedAt: T0 }),
        makeEditor({ id: '1', inLocalStorage: false, updatedAt: T0 }),
        makeEditor({ id: '2', inLocalStorage: false, updatedAt: T0 }),
        makeEditor({ id: '3', inLocalStorage: false, updatedAt: T0 + 9 }),
      ]),
      tabHistory: ['2'],
      editorTabLastUpdatedAt: T0 + 5,
      unsavedQueryEditor: { id: '2', sql: 'edited', updatedAt: T0 + 6 },
      destroyedQueryEditors: { old: T0 },
    };
    const tables = [
      makeTable({ id: 'lt', queryEditorId: 'local', inLocalStorage: true }),
      makeTable({ id: 'st', queryEditorId: '1', inLocalStorage: false }),
    ];
    const stored = pruneForStorage(rootWith({ editors, tables }), now, { backendPersistence: true });
    expect(stored.sqlLabEditors.queryEditors.map((qe) => qe.id)).toEqual(['local', '2', '3']);
    expect(stored.sqlLabEditors.queryEditors[1]?.sql).toBe('edited');
    expect(stored.sqlLabEditors.destroyedQueryEditors).toEqual({ old: T0 });
    expect(stored.sqlLabTables.tables.map((t) => t.id)).toEqual(['lt']);
    expect(unsyncedEditors(editors).map((qe) => qe.id)).toEqual(['local', '2', '3']);
    expect(pruneForStorage(rootWith({ editors, tables }), now)).toEqual(stored);
  });
});

describe('mergeLocalAndServer', () => {
  it('prefers the newer copy and keeps local tabs the server lacks', () => {
    const server = [
      makeEditor({ id: '1', sql: 'server 1', updatedAt: T0 + 10 }),
      makeEditor({ id: '2', sql: 'server 2', updatedAt: T0 + 10 }),
    ];
    const local = [
      makeEditor({ id: '1', sql: 'local 1', updatedAt: T0 + 20 }),
      makeEditor({ id: '2', sql: 'local 2', updatedAt: T0 + 5 }),
      makeEditor({ id: 'tmp', sql: 'local only', updatedAt: T0 }),
    ];
    const { editors, clearLocalStorage } = mergeLocalAndServer(local, server);
    expect(editors.map((qe) => qe.sql)).toEqual(['local 1', 'server 2', 'local only']);
    expect(clearLocalStorage).toBe(false);
  });

  it('matches a local tab by its server id', () => {
    const server = [makeEditor({ id: '7', sql: 'server', updatedAt: T0 })];
    const local = [makeEditor({ id: 'abc', tabViewId: '7', sql: 'local', updatedAt: T0 + 1 })];
    expect(mergeLocalAndServer(local, server).editors.map((qe) => qe.sql)).toEqual(['local']);
  });

  it('asks to clear local storage when it holds no tabs', () => {
    const server = [makeEditor({ id: '1' })];
    expect(mergeLocalAndServer([], server)).toEqual({ editors: server, clearLocalStorage: true });
  });
});
