import type { DashboardJsonMetadata, DataMaskMap, FilterOrDivider, QueryFilter } from '@tessera/contracts';
import { queryFilterSchema } from '@tessera/contracts';
import {
  applyDashboardFilters,
  isRecord,
  type ApplyDashboardFiltersOutput,
  type DashboardFilterOverrides,
  type ExploreFormData,
} from '@tessera/core';
import type { DashboardChartEntity } from '../state/dashboard-chart';

/** A chart's dataset id from its datasource key ('12__table'); null when it has none. */
export function datasetIdOf(datasourceKey: string): number | null {
  const match = /^(\d+)__/.exec(datasourceKey);
  return match === null ? null : Number(match[1]);
}

export interface DashboardFiltersContext {
  configuration: readonly FilterOrDivider[];
  applied: DataMaskMap;
  crossFiltersEnabled: boolean;
  metadata: DashboardJsonMetadata;
  charts: Record<number, DashboardChartEntity>;
}

/** What the dashboard's filters do to one chart, through the pure merge of @tessera/core. */
export function chartFilters(
  chart: DashboardChartEntity,
  datasetColumns: readonly string[],
  context: DashboardFiltersContext,
): ApplyDashboardFiltersOutput {
  return applyDashboardFilters({
    chartId: chart.id,
    datasetId: datasetIdOf(chart.datasourceKey),
    datasetColumns,
    nativeFilters: context.configuration,
    dataMask: context.applied,
    chartConfiguration: context.metadata.chart_configuration,
    globalChartConfiguration: context.metadata.global_chart_configuration,
    crossFiltersEnabled: context.crossFiltersEnabled,
    mappings: context.metadata.cross_dataset_mappings ?? [],
    filterDatasetOf: (id) => {
      if (!/^\d+$/.test(id)) return undefined;
      const emitter = context.charts[Number(id)];
      return emitter === undefined ? null : datasetIdOf(emitter.datasourceKey);
    },
    chartNameOf: (id) => context.charts[id]?.sliceName,
  });
}

/**
 * The chart's form data with the dashboard's filters merged in: the extra filters under
 * `extra_form_data.filters` (handed to the plugin's buildQuery as `extraFilters`), and the time range,
 * time column and time grain overrides. A dashboard time range also replaces the range of the chart's own
 * TEMPORAL_RANGE adhoc filters, so charts on the generic x-axis narrow too.
 */
export function withDashboardFilters(
  formData: ExploreFormData,
  extraFilters: readonly QueryFilter[],
  overrides: DashboardFilterOverrides,
): ExploreFormData {
  if (extraFilters.length === 0 && Object.keys(overrides).length === 0) return formData;
  const merged: ExploreFormData = {
    ...formData,
    ...overrides,
    extra_form_data: { filters: extraFilters, ...overrides },
  };
  const range = overrides.time_range;
  if (range !== undefined && Array.isArray(formData.adhoc_filters)) {
    merged.adhoc_filters = formData.adhoc_filters.map((filter: unknown) =>
      isRecord(filter) && filter.operator === 'TEMPORAL_RANGE' && filter.expressionType === 'SIMPLE'
        ? { ...filter, comparator: range }
        : filter,
    );
  }
  return merged;
}

/** The extra filters a dashboard put into a chart's form data (empty when none). */
export function extraFiltersOf(formData: ExploreFormData): QueryFilter[] {
  const extra = formData.extra_form_data;
  if (!isRecord(extra) || !Array.isArray(extra.filters)) return [];
  const filters: QueryFilter[] = [];
  for (const item of extra.filters) {
    const parsed = queryFilterSchema.safeParse(item);
    if (parsed.success) filters.push(parsed.data);
  }
  return filters;
}
