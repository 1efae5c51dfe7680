import { describe, expect, it } from 'vitest';
import { migrateQueryEditor, removeAllOtherEditors, removeQueryEditor } from './actions';
import { costEstimateFailed, costEstimateReturned, costEstimateStarted, costsSlice } from './costs.slice';

const reduce = costsSlice.reducer;

describe('cost estimates', () => {
  it('starts incomplete, completes with the cost, or keeps the error', () => {
    const started = reduce(undefined, costEstimateStarted({ editorId: 'a' }));
    expect(started.estimates.a).toEqual({ completed: false, cost: null, error: null });
    const cost = [{ 'Total cost': 12.5 }];
    expect(reduce(started, costEstimateReturned({ editorId: 'a', cost })).estimates.a).toEqual({
      completed: true,
      cost,
      error: null,
    });
    expect(reduce(started, costEstimateFailed({ editorId: 'a', error: 'timeout' })).estimates.a).toEqual({
      completed: false,
      cost: null,
      error: 'timeout',
    });
  });

  it('restarting clears an earlier result', () => {
    const done = reduce(undefined, costEstimateReturned({ editorId: 'a', cost: [{ rows: 1 }] }));
    expect(reduce(done, costEstimateStarted({ editorId: 'a' })).estimates.a?.completed).toBe(false);
  });

  it('follows the tab: removed with it, renamed when it migrates', () => {
    let state = reduce(undefined, costEstimateStarted({ editorId: 'a' }));
    state = reduce(state, costEstimateStarted({ editorId: 'b' }));
    expect(Object.keys(reduce(state, removeQueryEditor({ id: 'a' })).estimates)).toEqual(['b']);
    expect(reduce(state, removeQueryEditor({ id: 'zz' }))).toBe(state);
    expect(Object.keys(reduce(state, removeAllOtherEditors({ keepId: 'b' })).estimates)).toEqual(['b']);
    const migrated = reduce(state, migrateQueryEditor({ oldId: 'a', tabViewId: '9' }));
    expect(Object.keys(migrated.estimates).sort()).toEqual(['9', 'b']);
    expect(migrated.estimates['9']).toEqual(state.estimates.a);
  });
});
