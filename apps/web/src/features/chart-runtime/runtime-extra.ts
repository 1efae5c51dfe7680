import type { AsyncEventsHolder } from '../async-events/async-events-holder';
import type { ChartRequests } from './chart-requests';

/**
 * The store's thunk extra argument: the runtime state that cannot live in Redux. Its own file so the
 * store can name it without importing the thunks, which import the store's RootState.
 */
export interface ChartRuntimeExtra {
  chartRequests: ChartRequests;
  /** Annotation queries in flight, by `annotationRequestKey(chartId, layer)`. */
  annotationRequests: ChartRequests<string>;
  /** The page's async-event client (global async queries), made at first use. */
  asyncEvents: AsyncEventsHolder;
}
