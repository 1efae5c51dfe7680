import { getChartPlugin } from '@tessera/charts';
import { rootReducer, type RootState } from '../../../app/store';
import {
  chartsSlice,
  createExploreSlice,
  initialChartState,
  initialExploreState,
  type ChartState,
} from '../state';
import type { ExploreState } from '../state';

/** The app's explore slice: control panels come from the chart plugin registry. */
export const exploreSlice = createExploreSlice({
  panelFor: (vizType) => getChartPlugin(vizType)?.controlPanel,
});
export const exploreActions = exploreSlice.actions;

const exploreReducer = rootReducer
  .inject({ reducerPath: 'explore', reducer: exploreSlice.reducer })
  .inject({ reducerPath: 'charts', reducer: chartsSlice.reducer });

/** Until the first action after injection the keys are undefined; the initial state fills that gap. */
const selectExploreRoot = exploreReducer.selector((state) => state);

export function selectExplore(state: RootState): ExploreState {
  return selectExploreRoot(state).explore;
}

export function selectChart(state: RootState, chartId: number): ChartState {
  const charts = selectExploreRoot(state).charts;
  return charts[chartId] ?? fallbackChart(chartId);
}

const fallbacks = new Map<number, ChartState>();
/** A stable object per id, so selectors do not return a new value on every call. */
function fallbackChart(chartId: number): ChartState {
  let chart = fallbacks.get(chartId);
  if (chart === undefined) {
    chart = initialChartState(chartId);
    fallbacks.set(chartId, chart);
  }
  return chart;
}

export { initialExploreState };
