import type { ExploreState } from './explore.slice';

/** The Explore part of the store, injected when the Explore chunk loads (its chart lives in `charts`). */
export interface ExploreRootState {
  explore: ExploreState;
}
