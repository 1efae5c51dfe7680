import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { Bootstrap } from '@tessera/contracts';
import { ChartRequests } from '../features/chart-runtime/chart-requests';
import type { ChartRuntimeRootState } from '../features/chart-runtime/root-state';
import type { ChartRuntimeExtra } from '../features/chart-runtime/runtime-extra';
import { AsyncEventsHolder } from '../features/async-events/async-events-holder';
import type { DashboardsRootState } from '../features/dashboards/state/root-state';
import type { ExploreRootState } from '../features/explore/state/root-state';
import type { SqlLabRootState } from '../features/sqllab/state/root-state';
import { api } from '../shared/api/api';
import { initialSessionState, sessionSlice } from '../shared/session/session-slice';
import { toastsSlice } from '../shared/toasts/toasts-slice';
import { themeSlice, themeToggled, type ThemeState } from './theme/theme-slice';
import { saveTheme } from './theme/theme-storage';

/**
 * The root reducer. Screens with large state code (SQL Lab) inject their slices when their chunk
 * loads, so the login page and the shell do not carry it; until then those keys are undefined.
 */
export const rootReducer = combineSlices({
  session: sessionSlice.reducer,
  theme: themeSlice.reducer,
  toasts: toastsSlice.reducer,
  [api.reducerPath]: api.reducer,
}).withLazyLoadedSlices<SqlLabRootState & ExploreRootState & ChartRuntimeRootState & DashboardsRootState>();

const LARGE_STATE_PATHS = ['sqlLabQueries.queries', 'charts', 'explore.datasource'];

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  bootstrap: Bootstrap | null;
  theme: ThemeState;
  /** Where an explicit theme choice is kept; undefined in tests. */
  storage?: Pick<Storage, 'setItem'>;
}

export function createAppStore({ bootstrap, theme, storage }: StoreOptions) {
  // Persisting the theme is a side effect of the toggle, kept out of the reducer.
  const listener = createListenerMiddleware();
  listener.startListening.withTypes<RootState>()({
    actionCreator: themeToggled,
    effect: (_action, listenerApi) => {
      saveTheme(storage, listenerApi.getState().theme.mode);
    },
  });
  // Running chart requests are per store (abort handles stay out of Redux); thunks reach them as `extra`.
  const extraArgument: ChartRuntimeExtra = {
    chartRequests: new ChartRequests(),
    annotationRequests: new ChartRequests<string>(),
    asyncEvents: new AsyncEventsHolder(),
  };
  return configureStore({
    reducer: rootReducer,
    preloadedState: { session: initialSessionState(bootstrap), theme },
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument },
        // Query results can hold 100,000 rows; walking them after every action would stall dev builds.
        immutableCheck: { ignoredPaths: LARGE_STATE_PATHS },
        serializableCheck: { ignoredPaths: LARGE_STATE_PATHS },
      })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
