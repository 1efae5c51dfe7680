import type { ChartsState } from './chart-status.slice';

/** The chart runtime's part of the store, injected when a screen that draws charts loads. */
export interface ChartRuntimeRootState {
  charts: ChartsState;
}
