import { useMemo, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { DashboardChartEntity } from '../state/dashboard-chart';
import {
  selectCrossFiltersEnabled,
  selectDashboardCharts,
  selectDashboardDatasource,
  selectDashboardInfo,
  selectDashboardState,
  selectNativeFilters,
} from '../state/dashboard-store';
import { resolveChartFilters, type ChartFiltersState } from './chart-filters-state';

export type { ChartFiltersState } from './chart-filters-state';

/** The same value object as last time when equal in content, so memoised form data stays put. */
function useStable<T>(value: T): T {
  const ref = useRef<{ key: string; value: T } | null>(null);
  const key = JSON.stringify(value);
  if (ref.current?.key !== key) ref.current = { key, value };
  return ref.current.value;
}

/**
 * The dashboard's applied native filters and cross-filters as they reach one chart. Each input is
 * selected on its own and only a change in what reaches this chart gives a new object, so a filter on
 * other charts does not re-query it.
 */
export function useChartFilters(entity: DashboardChartEntity | null): ChartFiltersState {
  const configuration = useAppSelector((state) => selectNativeFilters(state).configuration);
  const applied = useAppSelector((state) => selectNativeFilters(state).applied);
  const crossFiltersEnabled = useAppSelector(selectCrossFiltersEnabled);
  const masksReady = useAppSelector((state) => selectNativeFilters(state).masksReady);
  const metadata = useAppSelector((state) => selectDashboardInfo(state)?.metadata);
  const charts = useAppSelector(selectDashboardCharts);
  const datasetsStatus = useAppSelector((state) => selectDashboardState(state).datasetsStatus);
  const datasource = useAppSelector((state) =>
    entity === null ? null : selectDashboardDatasource(state, entity.datasourceKey),
  );
  const result = useMemo(
    () =>
      resolveChartFilters(entity, {
        masksReady,
        applied,
        configuration,
        crossFiltersEnabled,
        metadata,
        charts,
        datasource,
        datasetsStatus,
      }),
    [
      entity,
      masksReady,
      applied,
      datasource,
      datasetsStatus,
      configuration,
      crossFiltersEnabled,
      metadata,
      charts,
    ],
  );
  return useStable(result);
}
