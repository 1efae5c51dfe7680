import { rootReducer, type RootState } from '../../app/store';
import { chartsSlice, initialChartState, type ChartState } from './chart-status.slice';

const chartsReducer = rootReducer.inject({ reducerPath: 'charts', reducer: chartsSlice.reducer });

/** Until the first action after injection the key is undefined; the slice's initial state fills that gap. */
const selectChartsRoot = chartsReducer.selector((state) => state.charts);

export function selectChart(state: RootState, chartId: number): ChartState {
  return selectChartsRoot(state)[chartId] ?? fallbackChart(chartId);
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
