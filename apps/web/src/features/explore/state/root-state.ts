import type { ChartsState } from './chart.slice';
import type { ExploreState } from './explore.slice';

/** The Explore part of the store, injected when the Explore chunk loads. */
export interface ExploreRootState {
  explore: ExploreState;
  charts: ChartsState;
}
