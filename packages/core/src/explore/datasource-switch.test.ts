import { describe, expect, it } from 'vitest';
import type { ExploreDatasource } from '@tessera/contracts';
import { switchDatasource } from './datasource-switch';

const column = (name: string) => ({
  id: 1,
  column_name: name,
  verbose_name: null,
  type: 'VARCHAR',
  type_generic: 1,
  expression: null,
  is_dttm: false,
  groupby: true,
  filterable: true,
  description: null,
  python_date_format: null,
});
const metric = (name: string) => ({
  id: 1,
  metric_name: name,
  verbose_name: null,
  expression: 'COUNT(*)',
  d3format: null,
  description: null,
  certified_by: null,
  certification_details: null,
  warning_text: null,
});

const target: Pick<ExploreDatasource, 'id' | 'type' | 'columns' | 'metrics'> = {
  id: 7,
  type: 'table',
  columns: [column('ds'), column('gender')],
  metrics: [metric('count')],
};

describe('switchDatasource', () => {
  it('keeps the controls whose columns and metrics exist and lists them', () => {
    const { formData, controlsTransferred } = switchDatasource(
      {
        viz_type: 'table',
        datasource: '3__table',
        groupby: ['gender'],
        metrics: ['count', { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'ds' } }],
        row_limit: 10,
      },
      target,
      { sections: [] },
    );
    expect(formData).toEqual({
      viz_type: 'table',
      datasource: '7__table',
      groupby: ['gender'],
      metrics: ['count', { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'ds' } }],
      row_limit: 10,
    });
    expect(controlsTransferred).toEqual(['groupby', 'metrics']);
  });

  it('resets controls that name missing columns or metrics to their defaults', () => {
    const { formData, controlsTransferred } = switchDatasource(
      {
        viz_type: 'table',
        datasource: '3__table',
        groupby: ['state'],
        metrics: ['sum__num'],
        adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'gender', operator: '==', comparator: 'boy' }],
      },
      target,
      { sections: [{ controlSetRows: [[{ name: 'groupby', default: [] }]] }] },
    );
    expect(formData.groupby).toEqual([]);
    expect(formData).not.toHaveProperty('metrics');
    expect(controlsTransferred).toEqual(['adhoc_filters']);
  });
});
