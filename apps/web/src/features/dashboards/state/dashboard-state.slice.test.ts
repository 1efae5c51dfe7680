import { describe, expect, it } from 'vitest';
import {
  dashboardStateActions as a,
  dashboardStateSlice,
  initialDashboardState,
  type DashboardState,
} from './dashboard-state.slice';

const reduce = dashboardStateSlice.reducer;
const state = (patch: Partial<DashboardState> = {}): DashboardState => ({
  ...initialDashboardState,
  ...patch,
});

describe('dashboardState transitions (spec 001 §4 Dashboard)', () => {
  it('opening a dashboard resets everything and takes the loaded values', () => {
    const next = reduce(
      state({ hasUnsavedChanges: true, activeTabs: { T: 'x' } }),
      a.dashboardOpened({
        dashboardId: 7,
        sliceIds: [1, 2],
        css: '.a{}',
        isPublished: true,
        colorScheme: 'bnbColors',
        expandedSlices: { '1': true },
        refreshFrequency: 30,
        lastModifiedTime: 5,
        editMode: true,
        loadAllCharts: false,
      }),
    );
    expect(next).toMatchObject({ dashboardId: 7, editMode: true, hasUnsavedChanges: false, activeTabs: {} });
    expect(next.colorScheme).toBe('bnbColors');
  });

  it('turns edit mode on and off', () => {
    const on = reduce(state(), a.editModeSet(true));
    expect(on.editMode).toBe(true);
    expect(reduce(on, a.editModeSet(false)).editMode).toBe(false);
  });

  it('toggles published and hidden', () => {
    expect(reduce(state(), a.publishedSet(true)).isPublished).toBe(true);
    expect(reduce(state({ isPublished: true }), a.publishedSet(false)).isPublished).toBe(false);
  });

  it('fetches, toggles and saves the favourite flag', () => {
    const loading = reduce(state(), a.favoriteFetchStarted());
    expect(loading.favoriteStatus).toBe('loading');
    const fetched = reduce(loading, a.favoriteFetched(true));
    expect(fetched).toMatchObject({ favoriteStatus: 'loaded', isStarred: true });
    const toggled = reduce(fetched, a.favoriteToggled());
    expect(toggled.isStarred).toBe(false);
    expect(reduce(toggled, a.favoriteSaved(true)).isStarred).toBe(true);
    expect(reduce(loading, a.favoriteFetchFailed()).favoriteStatus).toBe('failed');
  });

  it('sets and clears the unsaved-changes flag', () => {
    const dirty = reduce(state(), a.unsavedChangesSet(true));
    expect(dirty.hasUnsavedChanges).toBe(true);
    expect(reduce(dirty, a.unsavedChangesSet(false)).hasUnsavedChanges).toBe(false);
  });

  it('marks saving started and finished', () => {
    const saving = reduce(state(), a.savingStarted());
    expect(saving.dashboardIsSaving).toBe(true);
    expect(reduce(saving, a.savingFinished()).dashboardIsSaving).toBe(false);
  });

  it('save complete clears unsaved flag, edit mode, undo overflow and colour change, and records the time', () => {
    const next = reduce(
      state({
        dashboardIsSaving: true,
        hasUnsavedChanges: true,
        editMode: true,
        maxUndoHistoryExceeded: true,
        updatedColorScheme: true,
        overwriteConfirmMetadata: { serverChangedOn: 'x', message: 'y' },
      }),
      a.saveCompleted({ lastModifiedTime: 1234 }),
    );
    expect(next).toMatchObject({
      dashboardIsSaving: false,
      hasUnsavedChanges: false,
      editMode: false,
      maxUndoHistoryExceeded: false,
      updatedColorScheme: false,
      overwriteConfirmMetadata: null,
      lastModifiedTime: 1234,
    });
  });

  it('records a pending overwrite confirmation and clears it', () => {
    const pending = reduce(
      state(),
      a.overwriteConfirmationPending({ serverChangedOn: '2026-01-01', message: 'changed' }),
    );
    expect(pending.overwriteConfirmMetadata?.serverChangedOn).toBe('2026-01-01');
    expect(reduce(pending, a.overwriteConfirmationPending(null)).overwriteConfirmMetadata).toBeNull();
  });

  it('toggles a slice between expanded and collapsed', () => {
    const open = reduce(state(), a.sliceExpandedToggled(3));
    expect(open.expandedSlices).toEqual({ '3': true });
    expect(reduce(open, a.sliceExpandedToggled(3)).expandedSlices).toEqual({});
  });

  it('changing a tab replaces only that container’s active tab', () => {
    const next = reduce(
      state({ activeTabs: { 'TABS-a': 'TAB-1', 'TABS-b': 'TAB-9' } }),
      a.activeTabChanged({ tabsId: 'TABS-a', tabId: 'TAB-2' }),
    );
    expect(next.activeTabs).toEqual({ 'TABS-a': 'TAB-2', 'TABS-b': 'TAB-9' });
  });

  it('refresh frequency marks unsaved only when persistent', () => {
    const session = reduce(state(), a.refreshFrequencySet({ frequency: 10, persistent: false }));
    expect(session).toMatchObject({ refreshFrequency: 10, hasUnsavedChanges: false });
    const persistent = reduce(state(), a.refreshFrequencySet({ frequency: 60, persistent: true }));
    expect(persistent).toMatchObject({
      refreshFrequency: 60,
      hasUnsavedChanges: true,
      shouldPersistRefreshFrequency: true,
    });
  });

  it('sets the refreshing flag', () => {
    expect(reduce(state(), a.refreshingSet(true)).isRefreshing).toBe(true);
    expect(reduce(state({ isRefreshing: true }), a.refreshingSet(false)).isRefreshing).toBe(false);
  });

  it('tracks the datasets status', () => {
    expect(reduce(state(), a.datasetsStatusSet('loading')).datasetsStatus).toBe('loading');
    expect(reduce(state(), a.datasetsStatusSet('loaded')).datasetsStatus).toBe('loaded');
  });

  it('sets and clears the full-size chart', () => {
    const full = reduce(state(), a.fullSizeChartSet(4));
    expect(full.fullSizeChartId).toBe(4);
    expect(reduce(full, a.fullSizeChartSet(null)).fullSizeChartId).toBeNull();
  });

  it('changing the colour scheme or CSS marks unsaved', () => {
    const scheme = reduce(state(), a.colorSchemeChanged('d3Category10'));
    expect(scheme).toMatchObject({
      colorScheme: 'd3Category10',
      updatedColorScheme: true,
      hasUnsavedChanges: true,
    });
    expect(reduce(state(), a.cssChanged('.x{}'))).toMatchObject({ css: '.x{}', hasUnsavedChanges: true });
  });

  it('switches loading every chart at once (print, export)', () => {
    expect(reduce(state(), a.loadAllChartsSet(true)).loadAllCharts).toBe(true);
  });

  it('records undo overflow', () => {
    expect(reduce(state(), a.undoOverflowSet(true)).maxUndoHistoryExceeded).toBe(true);
  });
});
