import { describe, expect, it } from 'vitest';
import {
  createExploreSlice,
  initialExploreState,
  selectValidationErrors,
  type ExploreState,
} from './explore.slice';
import { birthNames, testPanels } from './test-fixtures';

const slice = createExploreSlice({ panelFor: (vizType) => testPanels[vizType] });
const { actions, reducer } = slice;

function init(
  formData: Record<string, unknown>,
  extra: Partial<Parameters<typeof actions.exploreInitialized>[0]> = {},
) {
  return reducer(
    initialExploreState,
    actions.exploreInitialized({
      datasource: birthNames,
      formData,
      slice: null,
      can_add: true,
      can_download: true,
      can_overwrite: false,
      ...extra,
    }),
  );
}

describe('explore slice', () => {
  it('applies form-data defaults and the panel defaults on load, then validates', () => {
    const state = init({ datasource: '3__table' });
    expect(state.form_data).toMatchObject({
      viz_type: 'table',
      time_range: 'No filter',
      groupby: [],
      row_limit: 10000,
    });
    expect(selectValidationErrors(state)).toEqual({ metrics: ['cannot be empty'] });
  });

  it('revalidates when a control changes, with the server max row from bootstrap', () => {
    let state = init({ datasource: '3__table', metrics: ['sum__num'] }, { sqlMaxRow: 50000 });
    expect(selectValidationErrors(state)).toEqual({});
    state = reducer(state, actions.controlValueChanged({ name: 'row_limit', value: 60000 }));
    expect(state.controlErrors).toEqual({ row_limit: ['Value cannot exceed 50000'] });
    state = reducer(state, actions.controlValueChanged({ name: 'row_limit', value: '12a' }));
    expect(state.controlErrors).toEqual({ row_limit: ['is expected to be an integer'] });
  });

  it('merges errors a control reports with the validators', () => {
    let state = init({ datasource: '3__table', metrics: ['sum__num'] });
    state = reducer(state, actions.controlErrorsReported({ name: 'groupby', errors: ['bad input'] }));
    expect(selectValidationErrors(state)).toEqual({ groupby: ['bad input'] });
    state = reducer(state, actions.controlErrorsReported({ name: 'groupby', errors: [] }));
    expect(selectValidationErrors(state)).toEqual({});
  });

  it('switches viz type with stash and unstash', () => {
    let state = init({ datasource: '3__table', metrics: ['sum__num', 'count'], groupby: ['gender'] });
    state = reducer(state, actions.vizTypeChanged('pie'));
    expect(state.form_data).toMatchObject({
      viz_type: 'pie',
      metric: 'sum__num',
      groupby: ['gender'],
      donut: false,
    });
    expect(state.hiddenFormData).toMatchObject({ metrics: ['sum__num', 'count'] });
    state = reducer(state, actions.vizTypeChanged('table'));
    expect(state.form_data.metrics).toEqual(['sum__num', 'count']);
    expect(state.hiddenFormData).toMatchObject({ metric: 'sum__num', donut: false });
  });

  it('lists transferred controls on a datasource change', () => {
    let state = init({ datasource: '9__table', metrics: ['sum__num'], groupby: ['gender', 'nope'] });
    state = reducer(state, actions.datasourceChanged(birthNames));
    expect(state.form_data.datasource).toBe('3__table');
    expect(state.form_data.groupby).toEqual([]);
    expect(state.controlsTransferred).toEqual(['metrics']);
  });

  it('records a save and keeps the dialog open with the alert on failure', () => {
    let state: ExploreState = reducer(init({ metrics: ['sum__num'] }), actions.saveModalShown());
    state = reducer(state, actions.chartSaveFailed('Failed to save slice'));
    expect(state.saveModal).toMatchObject({ isVisible: true, saveModalAlert: 'Failed to save slice' });
    state = reducer(
      state,
      actions.chartSaved({
        slice: { slice_id: 12, slice_name: 'Births', owners: [1] },
        saveAction: 'saveas',
      }),
    );
    expect(state).toMatchObject({ sliceName: 'Births', can_overwrite: true, saveAction: 'saveas' });
    expect(state.form_data.slice_id).toBe(12);
    expect(state.saveModal.isVisible).toBe(false);
  });

  it('gives a new chart a No filter time range on the time column and says which columns are temporal', () => {
    const state = init({ datasource: '3__table', metrics: ['sum__num'], adhoc_filters: [] });
    expect(state.form_data.temporal_columns_lookup).toMatchObject({ ds: true, state: false });
    expect(state.form_data.adhoc_filters).toEqual([
      expect.objectContaining({
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'ds',
        operator: 'TEMPORAL_RANGE',
        comparator: 'No filter',
      }),
    ]);
    const saved = init(
      { datasource: '3__table', metrics: ['sum__num'], adhoc_filters: [] },
      { slice: { slice_id: 4, slice_name: 'Births', owners: [1] } },
    );
    expect(saved.form_data.adhoc_filters).toEqual([]);
  });
});
