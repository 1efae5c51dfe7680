import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type DatasetsStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type FavoriteStatus = 'unknown' | 'loading' | 'loaded' | 'failed';

/** What the server copy looks like when a save would overwrite someone else's newer changes. */
export interface OverwriteConfirmation {
  serverChangedOn: string;
  message: string;
}

/** Spec 001 §3 'Dashboard state': everything but the layout tree and its history. */
export interface DashboardState {
  dashboardId: number | null;
  sliceIds: number[];
  css: string;
  isStarred: boolean;
  favoriteStatus: FavoriteStatus;
  isPublished: boolean;
  editMode: boolean;
  hasUnsavedChanges: boolean;
  dashboardIsSaving: boolean;
  maxUndoHistoryExceeded: boolean;
  colorScheme: string | null;
  updatedColorScheme: boolean;
  /** Chart ids whose description is shown. */
  expandedSlices: Record<string, boolean>;
  refreshFrequency: number;
  shouldPersistRefreshFrequency: boolean;
  isRefreshing: boolean;
  /** Applied filters changed and the charts they reach are still querying (spec 001 §4). */
  isFiltersRefreshing: boolean;
  /** Active tab id per TABS container id: switching a tab replaces only that container's entry. */
  activeTabs: Record<string, string>;
  overwriteConfirmMetadata: OverwriteConfirmation | null;
  fullSizeChartId: number | null;
  datasetsStatus: DatasetsStatus;
  lastModifiedTime: number | null;
  /** Printing or exporting: every chart loads at once instead of when scrolled near. */
  loadAllCharts: boolean;
  /** PDF export: every TABS container shows all its tabs one after the other, each under its title. */
  exportMode: boolean;
}

export const initialDashboardState: DashboardState = {
  dashboardId: null,
  sliceIds: [],
  css: '',
  isStarred: false,
  favoriteStatus: 'unknown',
  isPublished: false,
  editMode: false,
  hasUnsavedChanges: false,
  dashboardIsSaving: false,
  maxUndoHistoryExceeded: false,
  colorScheme: null,
  updatedColorScheme: false,
  expandedSlices: {},
  refreshFrequency: 0,
  shouldPersistRefreshFrequency: false,
  isRefreshing: false,
  isFiltersRefreshing: false,
  activeTabs: {},
  overwriteConfirmMetadata: null,
  fullSizeChartId: null,
  datasetsStatus: 'idle',
  lastModifiedTime: null,
  loadAllCharts: false,
  exportMode: false,
};

export interface DashboardOpened {
  dashboardId: number;
  sliceIds: number[];
  css: string;
  isPublished: boolean;
  colorScheme: string | null;
  expandedSlices: Record<string, boolean>;
  refreshFrequency: number;
  lastModifiedTime: number | null;
  /** `edit=true` in the URL, honoured only when the user may edit. */
  editMode: boolean;
  loadAllCharts: boolean;
}

/**
 * The dashboard transitions of spec 001 §4 'Dashboard' other than layout edits. Pure: times come in
 * with the actions.
 */
export const dashboardStateSlice = createSlice({
  name: 'dashboardState',
  initialState: initialDashboardState,
  reducers: {
    dashboardOpened(_state, action: PayloadAction<DashboardOpened>) {
      return { ...initialDashboardState, ...action.payload };
    },
    /** Charts placed on the dashboard changed (an edit added one). */
    sliceIdsSet(state, action: PayloadAction<number[]>) {
      state.sliceIds = action.payload;
    },
    editModeSet(state, action: PayloadAction<boolean>) {
      state.editMode = action.payload;
    },
    publishedSet(state, action: PayloadAction<boolean>) {
      state.isPublished = action.payload;
    },
    favoriteFetchStarted(state) {
      state.favoriteStatus = 'loading';
    },
    favoriteFetched(state, action: PayloadAction<boolean>) {
      state.favoriteStatus = 'loaded';
      state.isStarred = action.payload;
    },
    favoriteFetchFailed(state) {
      state.favoriteStatus = 'failed';
    },
    /** The star flips at once; a failed save flips it back with `favoriteSaved(previous)`. */
    favoriteToggled(state) {
      state.isStarred = !state.isStarred;
    },
    favoriteSaved(state, action: PayloadAction<boolean>) {
      state.isStarred = action.payload;
    },
    unsavedChangesSet(state, action: PayloadAction<boolean>) {
      state.hasUnsavedChanges = action.payload;
    },
    savingStarted(state) {
      state.dashboardIsSaving = true;
    },
    savingFinished(state) {
      state.dashboardIsSaving = false;
    },
    saveCompleted(state, action: PayloadAction<{ lastModifiedTime: number }>) {
      state.dashboardIsSaving = false;
      state.hasUnsavedChanges = false;
      state.editMode = false;
      state.maxUndoHistoryExceeded = false;
      state.updatedColorScheme = false;
      state.overwriteConfirmMetadata = null;
      state.lastModifiedTime = action.payload.lastModifiedTime;
    },
    undoOverflowSet(state, action: PayloadAction<boolean>) {
      state.maxUndoHistoryExceeded = action.payload;
    },
    colorSchemeChanged(state, action: PayloadAction<string | null>) {
      state.colorScheme = action.payload;
      state.updatedColorScheme = true;
      state.hasUnsavedChanges = true;
    },
    cssChanged(state, action: PayloadAction<string>) {
      state.css = action.payload;
      state.hasUnsavedChanges = true;
    },
    overwriteConfirmationPending(state, action: PayloadAction<OverwriteConfirmation | null>) {
      state.overwriteConfirmMetadata = action.payload;
    },
    sliceExpandedToggled(state, action: PayloadAction<number>) {
      const key = String(action.payload);
      const { [key]: wasOpen, ...others } = state.expandedSlices;
      state.expandedSlices = wasOpen === true ? others : { ...others, [key]: true };
    },
    activeTabChanged(state, action: PayloadAction<{ tabsId: string; tabId: string }>) {
      state.activeTabs[action.payload.tabsId] = action.payload.tabId;
    },
    refreshFrequencySet(state, action: PayloadAction<{ frequency: number; persistent: boolean }>) {
      state.refreshFrequency = action.payload.frequency;
      state.shouldPersistRefreshFrequency = action.payload.persistent;
      if (action.payload.persistent) state.hasUnsavedChanges = true;
    },
    refreshingSet(state, action: PayloadAction<boolean>) {
      state.isRefreshing = action.payload;
    },
    filtersRefreshingSet(state, action: PayloadAction<boolean>) {
      state.isFiltersRefreshing = action.payload;
    },
    datasetsStatusSet(state, action: PayloadAction<DatasetsStatus>) {
      state.datasetsStatus = action.payload;
    },
    fullSizeChartSet(state, action: PayloadAction<number | null>) {
      state.fullSizeChartId = action.payload;
    },
    loadAllChartsSet(state, action: PayloadAction<boolean>) {
      state.loadAllCharts = action.payload;
    },
    /** Entering export mode also loads every chart; leaving it keeps the loaded ones. */
    exportModeSet(state, action: PayloadAction<boolean>) {
      state.exportMode = action.payload;
      if (action.payload) state.loadAllCharts = true;
    },
  },
});

export const dashboardStateActions = dashboardStateSlice.actions;
