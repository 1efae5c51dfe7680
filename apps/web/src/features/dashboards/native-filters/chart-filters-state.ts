import type {
  DashboardJsonMetadata,
  DataMaskMap,
  ExploreDatasource,
  FilterOrDivider,
} from '@tessera/contracts';
import type { ApplyDashboardFiltersOutput, ExploreFormData } from '@tessera/core';
import type { RootState } from '../../../app/store';
import type { DashboardChartEntity } from '../state/dashboard-chart';
import type { DatasetsStatus } from '../state/dashboard-state.slice';
import {
  selectCrossFiltersEnabled,
  selectDashboardCharts,
  selectDashboardDatasource,
  selectDashboardInfo,
  selectDashboardState,
  selectNativeFilters,
} from '../state/dashboard-store';
import { chartFilters, withDashboardFilters } from './chart-filters';

export const NO_FILTERS: ApplyDashboardFiltersOutput = {
  extraFilters: [],
  overrides: {},
  applied: [],
  incompatible: [],
  outOfScope: [],
};

export interface ChartFiltersState {
  /** False while the chart's dataset columns (needed to check the filters) are still loading. */
  ready: boolean;
  filters: ApplyDashboardFiltersOutput;
}

/** The parts of the dashboard state that decide what the filters do to one chart. */
export interface ChartFiltersInputs {
  masksReady: boolean;
  applied: DataMaskMap;
  configuration: readonly FilterOrDivider[];
  crossFiltersEnabled: boolean;
  metadata: DashboardJsonMetadata | undefined;
  charts: Record<number, DashboardChartEntity>;
  datasource: ExploreDatasource | null;
  datasetsStatus: DatasetsStatus;
}

/**
 * The applied native filters and cross-filters as they reach one chart (scope, dataset columns,
 * cross-dataset mappings). The chart holders and the dashboard's data export both go through here, so an
 * exported file holds what the chart shows.
 */
export function resolveChartFilters(
  entity: DashboardChartEntity | null,
  inputs: ChartFiltersInputs,
): ChartFiltersState {
  if (entity === null || !inputs.masksReady) return { ready: inputs.masksReady, filters: NO_FILTERS };
  if (Object.keys(inputs.applied).length === 0) return { ready: true, filters: NO_FILTERS };
  if (
    inputs.datasource === null &&
    inputs.datasetsStatus !== 'failed' &&
    inputs.datasetsStatus !== 'loaded'
  ) {
    return { ready: false, filters: NO_FILTERS };
  }
  const columns = (inputs.datasource?.columns ?? []).map((column) => column.column_name);
  return {
    ready: true,
    filters: chartFilters(entity, columns, {
      configuration: inputs.configuration,
      applied: inputs.applied,
      crossFiltersEnabled: inputs.crossFiltersEnabled,
      metadata: inputs.metadata ?? {},
      charts: inputs.charts,
    }),
  };
}

/** The inputs of `resolveChartFilters` read from the store at once (for thunks; the hook reads them one by one). */
export function selectChartFiltersInputs(state: RootState, entity: DashboardChartEntity): ChartFiltersInputs {
  const nativeFilters = selectNativeFilters(state);
  return {
    masksReady: nativeFilters.masksReady,
    applied: nativeFilters.applied,
    configuration: nativeFilters.configuration,
    crossFiltersEnabled: selectCrossFiltersEnabled(state),
    metadata: selectDashboardInfo(state)?.metadata,
    charts: selectDashboardCharts(state),
    datasource: selectDashboardDatasource(state, entity.datasourceKey),
    datasetsStatus: selectDashboardState(state).datasetsStatus,
  };
}

/** A chart's form data with the filters that reach it merged in, as its holder runs it. */
export function filteredFormData(
  formData: ExploreFormData,
  filters: ApplyDashboardFiltersOutput,
): ExploreFormData {
  return withDashboardFilters(formData, filters.extraFilters, filters.overrides);
}
