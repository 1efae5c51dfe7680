import { describe, expect, it } from 'vitest';
import type { PanelShape } from './form-data';
import { defaultTimeAxisColumn, withTimeAxisDefaults } from './time-axis-defaults';

const stateColumn = { column_name: 'state', is_dttm: false };
const datasource = {
  columns: [stateColumn, { column_name: 'created', is_dttm: true }, { column_name: 'ds', is_dttm: true }],
  main_dttm_col: 'ds',
};

const panelWith = (type: string): PanelShape => ({
  sections: [{ controlSetRows: [[{ name: 'x_axis', type }], [{ name: 'metrics' }]] }],
});
const anyColumnAxis = panelWith('ColumnControl');
const temporalAxis = panelWith('TemporalColumnControl');

describe('defaultTimeAxisColumn', () => {
  it('prefers a temporal granularity_sqla, then the main datetime column, then the first temporal one', () => {
    expect(defaultTimeAxisColumn({ granularity_sqla: 'created' }, datasource)).toBe('created');
    expect(defaultTimeAxisColumn({ granularity_sqla: 'state' }, datasource)).toBe('ds');
    expect(defaultTimeAxisColumn({}, { ...datasource, main_dttm_col: null })).toBe('created');
    expect(defaultTimeAxisColumn({}, { ...datasource, main_dttm_col: 'state' })).toBe('created');
    expect(defaultTimeAxisColumn({}, { columns: [stateColumn], main_dttm_col: null })).toBeNull();
  });
});

describe('withTimeAxisDefaults', () => {
  it('fills an empty x-axis with the main datetime column', () => {
    expect(withTimeAxisDefaults({ metrics: ['count'] }, datasource, anyColumnAxis)).toEqual({
      metrics: ['count'],
      x_axis: 'ds',
    });
    expect(withTimeAxisDefaults({ x_axis: null }, datasource, temporalAxis).x_axis).toBe('ds');
  });

  it('keeps a value the control accepts', () => {
    expect(withTimeAxisDefaults({ x_axis: 'state' }, datasource, anyColumnAxis).x_axis).toBe('state');
    expect(withTimeAxisDefaults({ x_axis: 'created' }, datasource, temporalAxis).x_axis).toBe('created');
    const adhoc = { label: 'day', sqlExpression: "date_trunc('day', ds)", expressionType: 'SQL' };
    expect(withTimeAxisDefaults({ x_axis: adhoc }, datasource, temporalAxis).x_axis).toBe(adhoc);
  });

  it('replaces a non-temporal column on a temporal x-axis', () => {
    expect(withTimeAxisDefaults({ x_axis: 'state' }, datasource, temporalAxis).x_axis).toBe('ds');
  });

  it('leaves panels without an x-axis and datasets without time columns alone', () => {
    expect(withTimeAxisDefaults({ groupby: [] }, datasource, { sections: [] })).toEqual({ groupby: [] });
    const noTime = { columns: [stateColumn], main_dttm_col: null };
    expect(withTimeAxisDefaults({}, noTime, anyColumnAxis)).toEqual({});
    expect(withTimeAxisDefaults({ x_axis: 'gone' }, noTime, temporalAxis).x_axis).toBeNull();
  });
});
