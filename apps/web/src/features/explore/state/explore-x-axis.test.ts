import { getChartPlugin } from '@tessera/charts';
import { describe, expect, it } from 'vitest';
import { createExploreSlice, initialExploreState, selectValidationErrors } from './explore.slice';
import { birthNames } from './test-fixtures';

// The real plugin panels: the defect was in how their x-axis control met the viz switch.
const { actions, reducer } = createExploreSlice({
  panelFor: (vizType) => getChartPlugin(vizType)?.controlPanel,
});

const LINE = 'echarts_timeseries_line';

function open(formData: Record<string, unknown>, slice: { slice_id: number } | null = null) {
  return reducer(
    initialExploreState,
    actions.exploreInitialized({
      datasource: birthNames,
      formData: { datasource: '3__table', ...formData },
      slice: slice === null ? null : { ...slice, slice_name: 'Births', owners: [1] },
      can_add: true,
      can_download: true,
      can_overwrite: true,
    }),
  );
}

describe('x-axis default', () => {
  it('is the main datetime column whether a line chart is opened by URL or switched to from a table', () => {
    const byUrl = open({ viz_type: LINE, metrics: ['sum__num'] });
    const bySwitch = reducer(
      open({ viz_type: 'table', metrics: ['sum__num'] }),
      actions.vizTypeChanged(LINE),
    );
    expect(byUrl.form_data.x_axis).toBe('ds');
    expect(bySwitch.form_data.x_axis).toBe('ds');
    expect(selectValidationErrors(bySwitch)).toEqual({});
  });

  it('keeps a column x-axis across line and bar, and a temporal one for the big number trendline', () => {
    let state = open({ viz_type: LINE, metrics: ['sum__num'], x_axis: 'state' });
    state = reducer(state, actions.vizTypeChanged('echarts_timeseries_bar'));
    expect(state.form_data.x_axis).toBe('state');
    // The trendline needs time on its axis: a category column gives way to the time column.
    state = reducer(state, actions.vizTypeChanged('big_number'));
    expect(state.form_data.x_axis).toBe('ds');
  });

  it('is filled for a saved chart stored without one and after a dataset change', () => {
    expect(open({ viz_type: LINE, metrics: ['sum__num'] }, { slice_id: 7 }).form_data.x_axis).toBe('ds');
    let state = open({ viz_type: LINE, metrics: ['sum__num'], x_axis: 'ds' });
    const otherTime = {
      ...birthNames,
      id: 4,
      uid: '4__table',
      columns: birthNames.columns.map((column) =>
        column.column_name === 'ds' ? { ...column, column_name: 'day' } : column,
      ),
      main_dttm_col: 'day',
    };
    state = reducer(state, actions.datasourceChanged(otherTime));
    expect(state.form_data.x_axis).toBe('day');
  });
});
