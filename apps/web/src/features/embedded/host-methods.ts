import { NATIVE_FILTER_ID_PREFIX } from '@tessera/contracts';
import type { RootState } from '../../app/store';
import { selectChart } from '../chart-runtime';
import {
  selectDashboardCharts,
  selectDashboardState,
  selectNativeFilters,
} from '../dashboards/state/dashboard-store';
import type { HostMethods } from './embedded-comms';

type DataMasks = ReturnType<typeof selectNativeFilters>['applied'];

/**
 * The SDK's `get` calls, answered from the page's store at the moment they are asked:
 * scroll size, the open tabs, the applied data masks, chart states, and each chart's last query results.
 */
export function hostMethods(getState: () => RootState): HostMethods {
  return {
    getScrollSize: () => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }),
    getActiveTabs: () => Object.values(selectDashboardState(getState()).activeTabs),
    getDataMask: () => selectNativeFilters(getState()).applied,
    // Superset keeps view state (column order, sorting…) of its AG Grid tables here; no chart of ours
    // has state of that kind, so the answer is always the empty map the SDK gets when none is kept.
    getChartStates: () => ({}),
    getChartDataPayloads: (args: unknown) => {
      const state = getState();
      const asked =
        typeof args === 'object' && args !== null && 'chartId' in args && typeof args.chartId === 'number'
          ? [args.chartId]
          : Object.keys(selectDashboardCharts(state)).map(Number);
      return Object.fromEntries(asked.map((id) => [String(id), selectChart(state, id).queriesResponse]));
    },
  };
}

/**
 * What the SDK's observeDataMask callback receives when the applied masks change: the masks, and
 * whether native filters, cross-filters or both changed. Null when neither did.
 */
export function dataMaskChange(previous: DataMasks, next: DataMasks): Record<string, unknown> | null {
  if (previous === next) return null;
  let nativeFiltersChanged = false;
  let crossFiltersChanged = false;
  for (const id of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (previous[id] === next[id]) continue;
    // Masks that are not native filters are charts' cross-filters.
    if (id.startsWith(NATIVE_FILTER_ID_PREFIX)) nativeFiltersChanged = true;
    else crossFiltersChanged = true;
  }
  if (!nativeFiltersChanged && !crossFiltersChanged) return null;
  return { ...next, nativeFiltersChanged, crossFiltersChanged };
}
