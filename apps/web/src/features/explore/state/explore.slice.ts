import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExploreDatasource } from '@tessera/contracts';
import {
  applyFormDataDefaults,
  mergeValidationErrors,
  switchDatasource,
  switchVizType,
  temporalColumnsLookup,
  validateFormData,
  withMetricsChanged,
  withTemporalRangeFilter,
  withTimeAxisDefaults,
  type ExploreFormData,
  type PanelShape,
  type ValidationErrors,
} from '@tessera/core';

export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  owners: number[];
  /** The saved chart's description (Markdown) and creator, shown in the header (spec 001 §3). */
  description_markdown?: string;
  created_by?: { id: number; first_name: string; last_name: string } | null;
}

export interface SaveModalDashboard {
  id: number;
  dashboard_title: string;
}

export interface SaveModalState {
  isVisible: boolean;
  dashboards: SaveModalDashboard[];
  saveModalAlert: string | null;
}

export type SaveAction = 'overwrite' | 'saveas';

/** Spec 001 §3 'Explore state'. */
export interface ExploreState {
  initialized: boolean;
  datasource: ExploreDatasource | null;
  form_data: ExploreFormData;
  /** Messages of the panel's validators for the current form data (visible controls only). */
  controlErrors: ValidationErrors;
  /** Messages a control reports itself (input it cannot turn into a value), merged with the above. */
  reportedErrors: ValidationErrors;
  slice: ExploreSlice | null;
  sliceName: string;
  saveAction: SaveAction | null;
  force: boolean;
  standalone: boolean;
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
  hiddenFormData: ExploreFormData;
  controlsTransferred: string[];
  isStarred: boolean;
  sqlMaxRow: number | null;
  saveModal: SaveModalState;
}

export const initialExploreState: ExploreState = {
  initialized: false,
  datasource: null,
  form_data: {},
  controlErrors: {},
  reportedErrors: {},
  slice: null,
  sliceName: '',
  saveAction: null,
  force: false,
  standalone: false,
  can_add: false,
  can_download: false,
  can_overwrite: false,
  hiddenFormData: {},
  controlsTransferred: [],
  isStarred: false,
  sqlMaxRow: null,
  saveModal: { isVisible: false, dashboards: [], saveModalAlert: null },
};

export interface ExploreInitPayload {
  datasource: ExploreDatasource;
  formData: ExploreFormData;
  slice: ExploreSlice | null;
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
  isStarred?: boolean;
  force?: boolean;
  standalone?: boolean;
  sqlMaxRow?: number | null;
  defaultTimeFilter?: string;
}

/** Control names whose value is a metric list: column_config follows their renamed labels. */
const METRIC_CONTROLS = new Set(['metrics', 'metric', 'percent_metrics']);

export interface ExploreSliceOptions {
  /** The control panel of a viz type (the plugin registry in the app, a fixture in tests). */
  panelFor: (vizType: string) => PanelShape | undefined;
}

const EMPTY_PANEL: PanelShape = { sections: [] };

/**
 * The explore slice. Its reducers are pure given `panelFor`, which only reads the static plugin
 * registry: validation runs on every form change so "render only without validation errors" holds.
 */
export function createExploreSlice({ panelFor }: ExploreSliceOptions) {
  const revalidate = (state: ExploreState) => {
    const vizType = typeof state.form_data.viz_type === 'string' ? state.form_data.viz_type : '';
    state.controlErrors = validateFormData(panelFor(vizType) ?? EMPTY_PANEL, state.form_data, {
      sqlMaxRow: state.sqlMaxRow,
    });
  };

  return createSlice({
    name: 'explore',
    initialState: initialExploreState,
    reducers: {
      exploreInitialized(state, { payload }: PayloadAction<ExploreInitPayload>) {
        const formData = applyFormDataDefaults(payload.formData, {
          defaultTimeFilter: payload.defaultTimeFilter,
        });
        const vizType = typeof formData.viz_type === 'string' ? formData.viz_type : '';
        const panel = panelFor(vizType) ?? EMPTY_PANEL;
        // Controls the panel declares but the saved form lacks take the panel's defaults.
        const withControlDefaults = withDatasourceFacts(
          withTimeAxisDefaults(fillControlDefaults(formData, panel), payload.datasource, panel),
          payload.datasource,
          payload.slice === null,
        );
        Object.assign(state, {
          ...initialExploreState,
          initialized: true,
          datasource: payload.datasource,
          form_data: withControlDefaults,
          slice: payload.slice,
          sliceName: payload.slice?.slice_name ?? '',
          can_add: payload.can_add,
          can_download: payload.can_download,
          can_overwrite: payload.can_overwrite,
          isStarred: payload.isStarred ?? false,
          force: payload.force ?? false,
          standalone: payload.standalone ?? false,
          sqlMaxRow: payload.sqlMaxRow ?? null,
        });
        revalidate(state);
      },
      controlValueChanged(state, { payload }: PayloadAction<{ name: string; value: unknown }>) {
        state.form_data = METRIC_CONTROLS.has(payload.name)
          ? withMetricsChanged(state.form_data, payload.name, payload.value)
          : { ...state.form_data, [payload.name]: payload.value };
        revalidate(state);
      },
      controlErrorsReported(state, { payload }: PayloadAction<{ name: string; errors: string[] }>) {
        state.reportedErrors = Object.fromEntries(
          Object.entries({ ...state.reportedErrors, [payload.name]: payload.errors }).filter(
            ([, errors]) => errors.length > 0,
          ),
        );
      },
      vizTypeChanged(state, { payload: vizType }: PayloadAction<string>) {
        const panel = panelFor(vizType) ?? EMPTY_PANEL;
        const result = switchVizType(state.form_data, state.hiddenFormData, vizType, panel);
        // The x-axis a chart opened by URL would get, unless the switch carried a fitting one over.
        state.form_data =
          state.datasource === null
            ? result.formData
            : withTimeAxisDefaults(result.formData, state.datasource, panel);
        state.hiddenFormData = result.hiddenFormData;
        state.reportedErrors = {};
        revalidate(state);
      },
      datasourceChanged(state, { payload: datasource }: PayloadAction<ExploreDatasource>) {
        const vizType = typeof state.form_data.viz_type === 'string' ? state.form_data.viz_type : '';
        const panel = panelFor(vizType) ?? EMPTY_PANEL;
        const result = switchDatasource(state.form_data, datasource, panel);
        state.datasource = datasource;
        state.form_data = withDatasourceFacts(
          withTimeAxisDefaults(result.formData, datasource, panel),
          datasource,
          true,
        );
        state.controlsTransferred = result.controlsTransferred;
        revalidate(state);
      },
      forceChanged(state, { payload }: PayloadAction<boolean>) {
        state.force = payload;
      },
      sliceNameChanged(state, { payload }: PayloadAction<string>) {
        state.sliceName = payload;
      },
      starChanged(state, { payload }: PayloadAction<boolean>) {
        state.isStarred = payload;
      },
      saveModalShown(state) {
        state.saveModal = { ...state.saveModal, isVisible: true, saveModalAlert: null };
      },
      saveModalHidden(state) {
        state.saveModal = { ...state.saveModal, isVisible: false, saveModalAlert: null };
      },
      saveModalDashboardsLoaded(state, { payload }: PayloadAction<SaveModalDashboard[]>) {
        state.saveModal.dashboards = payload;
      },
      saveModalAlertSet(state, { payload }: PayloadAction<string | null>) {
        state.saveModal.saveModalAlert = payload;
      },
      /** Save succeeded: the chart now exists (or was overwritten) and the user owns it. */
      chartSaved(state, { payload }: PayloadAction<{ slice: ExploreSlice; saveAction: SaveAction }>) {
        state.slice = payload.slice;
        state.sliceName = payload.slice.slice_name;
        state.saveAction = payload.saveAction;
        state.can_overwrite = true;
        state.form_data = { ...state.form_data, slice_id: payload.slice.slice_id };
        state.saveModal = { ...state.saveModal, isVisible: false, saveModalAlert: null };
      },
      /** Save failed: the dialog stays open with the spec's message. */
      chartSaveFailed(state, { payload }: PayloadAction<string>) {
        state.saveModal.saveModalAlert = payload;
      },
    },
  });
}

/**
 * What the form needs to know about its dataset: which columns are temporal (plugins tell a category
 * x-axis from a time one by it) and, for a chart being built, Superset's default time-range filter on the
 * time column. Saved charts keep the filters they were saved with.
 */
function withDatasourceFacts(
  formData: ExploreFormData,
  datasource: ExploreDatasource,
  addTimeRangeFilter: boolean,
): ExploreFormData {
  const withLookup = { ...formData, temporal_columns_lookup: temporalColumnsLookup(datasource) };
  return addTimeRangeFilter ? withTemporalRangeFilter(withLookup, datasource) : withLookup;
}

function fillControlDefaults(formData: ExploreFormData, panel: PanelShape): ExploreFormData {
  const result: ExploreFormData = { ...formData };
  for (const section of panel.sections) {
    for (const control of section.controlSetRows.flat()) {
      if (!(control.name in result) && control.default !== undefined) result[control.name] = control.default;
    }
  }
  return result;
}

export type ExploreSliceInstance = ReturnType<typeof createExploreSlice>;

/** Errors that block rendering: the panel's and the controls' own (spec 001 §5). */
export function selectValidationErrors(state: ExploreState): ValidationErrors {
  return mergeValidationErrors(state.controlErrors, state.reportedErrors);
}
