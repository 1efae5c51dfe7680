import { getChartPlugin } from '@tessera/charts';
import { rootReducer, type RootState } from '../../../app/store';
import { createExploreSlice, initialExploreState } from '../state';
import type { ExploreState } from '../state';
import { selectChart } from '../../chart-runtime/chart-store';
import { controlsChanged } from '../../chart-runtime/form-data-changes';
import { UNSAVED_CHART_ID } from '../chart-ids';

/** The app's explore slice: control panels come from the chart plugin registry. */
export const exploreSlice = createExploreSlice({
  panelFor: (vizType) => getChartPlugin(vizType)?.controlPanel,
});
export const exploreActions = exploreSlice.actions;

const exploreReducer = rootReducer.inject({ reducerPath: 'explore', reducer: exploreSlice.reducer });

/** Until the first action after injection the key is undefined; the initial state fills that gap. */
const selectExploreRoot = exploreReducer.selector((state) => state);

export function selectExplore(state: RootState): ExploreState {
  return selectExploreRoot(state).explore;
}

/** The chart Explore shows: its slice id once saved, the placeholder id before. */
export function selectExploreChartId(state: RootState): number {
  return selectExplore(state).slice?.slice_id ?? UNSAVED_CHART_ID;
}

/** 'Controls changed — update the chart': the form differs from what the chart shows. */
export function selectControlsChanged(state: RootState): boolean {
  return controlsChanged(selectChart(state, selectExploreChartId(state)), selectExplore(state).form_data);
}

export { selectChart };
export { initialExploreState };
