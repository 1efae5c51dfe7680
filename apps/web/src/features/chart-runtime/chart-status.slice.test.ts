import { describe, expect, it } from 'vitest';
import {
  annotationLayerDropped,
  annotationQueryFailed,
  annotationQueryStarted,
  annotationQuerySucceeded,
  chartRenderingFailed,
  chartRenderingSucceeded,
  chartsSlice,
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateStopped,
  chartUpdateSucceeded,
  chartIdUpdated,
  datasourcesSet,
  type ChartsState,
} from './chart-status.slice';

const { reducer } = chartsSlice;
const started = reducer({}, chartUpdateStarted({ chartId: 0, at: 100, formData: { viz_type: 'pie' } }));

describe('charts slice', () => {
  it('starts loading with alert, stack trace and end time cleared', () => {
    const failed = reducer(
      started,
      chartUpdateFailed({ chartId: 0, at: 150, message: 'boom', stackTrace: 'trace' }),
    );
    const again = reducer(failed, chartUpdateStarted({ chartId: 0, at: 200, formData: { viz_type: 'pie' } }));
    expect(again[0]).toMatchObject({
      chartStatus: 'loading',
      chartAlert: null,
      chartStackTrace: null,
      chartUpdateEndTime: null,
      chartUpdateStartTime: 200,
      latestQueryFormData: { viz_type: 'pie' },
    });
  });

  it('succeeds, then renders', () => {
    let state: ChartsState = reducer(
      started,
      chartUpdateSucceeded({ chartId: 0, at: 300, queriesResponse: [{ rowcount: 2 }] }),
    );
    expect(state[0]).toMatchObject({ chartStatus: 'success', chartAlert: null, chartUpdateEndTime: 300 });
    state = reducer(state, chartRenderingSucceeded({ chartId: 0, at: 310 }));
    expect(state[0]).toMatchObject({
      chartStatus: 'rendered',
      lastRendered: 310,
      renderedFormData: { viz_type: 'pie' },
    });
  });

  it('fails with the first response error, else "Network error."', () => {
    const withError = reducer(
      started,
      chartUpdateFailed({ chartId: 0, at: 1, queriesResponse: [{ error: 'column "x" does not exist' }] }),
    );
    expect(withError[0]).toMatchObject({ chartStatus: 'failed', chartAlert: 'column "x" does not exist' });
    expect(reducer(started, chartUpdateFailed({ chartId: 0, at: 1 }))[0]?.chartAlert).toBe('Network error.');
  });

  it('stops with its message and reports render failures', () => {
    expect(reducer(started, chartUpdateStopped({ chartId: 0, at: 1 }))[0]).toMatchObject({
      chartStatus: 'stopped',
      chartAlert: 'Updating chart was stopped',
    });
    expect(
      reducer(started, chartRenderingFailed({ chartId: 0, error: 'bad data', stackTrace: 'at x' }))[0],
    ).toMatchObject({
      chartStatus: 'failed',
      chartAlert: 'An error occurred while rendering the visualization: bad data',
      chartStackTrace: 'at x',
    });
  });

  it('ignores a render report while a newer query loads and re-keys a saved chart', () => {
    expect(reducer(started, chartRenderingSucceeded({ chartId: 0, at: 5 }))[0]?.chartStatus).toBe('loading');
    const moved = reducer(started, chartIdUpdated({ from: 0, to: 42 }));
    expect(moved[0]).toBeUndefined();
    expect(moved[42]?.id).toBe(42);
  });

  it('clears charts failed with a stack trace when the datasources are set, and only those', () => {
    const drawn = reducer(
      started,
      chartUpdateSucceeded({ chartId: 0, at: 2, queriesResponse: [{ data: [] }] }),
    );
    let state = reducer(drawn, chartRenderingFailed({ chartId: 0, error: 'no dataset', stackTrace: 'at x' }));
    state = reducer(state, chartUpdateStarted({ chartId: 1, at: 1, formData: { viz_type: 'pie' } }));
    state = reducer(state, chartUpdateFailed({ chartId: 1, at: 2, message: 'Server error' }));
    state = reducer(state, chartUpdateStarted({ chartId: 2, at: 1, formData: { viz_type: 'pie' } }));
    state = reducer(state, chartUpdateFailed({ chartId: 2, at: 2, stackTrace: 'Traceback' }));
    const after = reducer(state, datasourcesSet());
    expect(after[0]).toMatchObject({ chartStatus: 'success', chartAlert: null, chartStackTrace: null });
    expect(after[1]).toMatchObject({ chartStatus: 'failed', chartAlert: 'Server error' });
    expect(after[2]).toMatchObject({ chartStatus: null, chartAlert: null, chartStackTrace: null });
  });
});

describe('annotation queries (spec 001 §3, §4)', () => {
  const layer = 'Releases';
  const begin = (state: ChartsState, requestId: string) =>
    reducer(state, annotationQueryStarted({ chartId: 0, layer, requestId }));

  it('stores the data of a success and clears the error', () => {
    let state = begin(started, 'r1');
    expect(state[0]?.annotationQuery).toEqual({ [layer]: 'r1' });
    state = reducer(state, annotationQueryFailed({ chartId: 0, layer, requestId: 'r1', error: 'boom' }));
    expect(state[0]?.annotationError).toEqual({ [layer]: 'boom' });
    expect(state[0]?.annotationQuery).toEqual({});
    state = begin(state, 'r2');
    state = reducer(
      state,
      annotationQuerySucceeded({ chartId: 0, layer, requestId: 'r2', data: { records: [] } }),
    );
    expect(state[0]).toMatchObject({
      annotationData: { [layer]: { records: [] } },
      annotationError: {},
      annotationQuery: {},
    });
  });

  it("fails with the error, or 'Network error.' without one", () => {
    const state = reducer(
      begin(started, 'r1'),
      annotationQueryFailed({ chartId: 0, layer, requestId: 'r1', error: null }),
    );
    expect(state[0]?.annotationError).toEqual({ [layer]: 'Network error.' });
  });

  it('ignores the answer of a query a newer one of the same layer replaced', () => {
    let state = begin(begin(started, 'r1'), 'r2');
    state = reducer(state, annotationQuerySucceeded({ chartId: 0, layer, requestId: 'r1', data: 'old' }));
    state = reducer(state, annotationQueryFailed({ chartId: 0, layer, requestId: 'r1', error: 'old' }));
    expect(state[0]).toMatchObject({
      annotationData: {},
      annotationError: {},
      annotationQuery: { [layer]: 'r2' },
    });
    // Another layer's query runs beside it.
    state = reducer(state, annotationQueryStarted({ chartId: 0, layer: 'Other', requestId: 'r3' }));
    expect(state[0]?.annotationQuery).toEqual({ [layer]: 'r2', Other: 'r3' });
  });

  it('drops a removed layer with its data and error', () => {
    let state = begin(started, 'r1');
    state = reducer(state, annotationQuerySucceeded({ chartId: 0, layer, requestId: 'r1', data: 1 }));
    state = reducer(state, annotationLayerDropped({ chartId: 0, layer }));
    expect(state[0]?.annotationData).toEqual({});
  });
});
