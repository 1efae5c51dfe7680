import type { ExploreDatasource } from '@tessera/contracts';
import type { PanelShape } from '@tessera/core';

const column = (name: string, isDttm = false) => ({
  id: name.length,
  column_name: name,
  verbose_name: null,
  type: isDttm ? 'TIMESTAMP' : 'VARCHAR',
  type_generic: isDttm ? 2 : 1,
  expression: null,
  is_dttm: isDttm,
  groupby: true,
  filterable: true,
  description: null,
  python_date_format: null,
});

/** A birth_names-like dataset for reducer and component tests. */
export const birthNames: ExploreDatasource = {
  id: 3,
  uid: '3__table',
  type: 'table',
  name: 'birth_names',
  datasource_name: 'birth_names',
  table_name: 'birth_names',
  catalog: null,
  schema: 'main',
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  sql: null,
  template_params: null,
  is_sqllab_view: false,
  columns: [
    column('ds', true),
    column('gender'),
    column('name'),
    column('state'),
    { ...column('num'), type: 'BIGINT', type_generic: 0 },
  ],
  metrics: [
    {
      id: 1,
      metric_name: 'sum__num',
      verbose_name: null,
      expression: 'SUM(num)',
      d3format: null,
      description: null,
      certified_by: null,
      certification_details: null,
      warning_text: null,
    },
  ],
  main_dttm_col: 'ds',
  granularity_sqla: [['ds', 'ds']],
  time_grain_sqla: [
    ['P1D', 'Day'],
    ['P1Y', 'Year'],
  ],
  verbose_map: {},
  column_formats: {},
  cache_timeout: null,
  offset: 0,
  default_endpoint: null,
  filter_select: false,
  fetch_values_predicate: null,
  select_star: 'SELECT * FROM birth_names',
  owners: [],
  description: null,
  edit_url: '/dataset/3',
  extra: null,
  always_filter_main_dttm: false,
  normalize_columns: false,
};

const rowLimit = {
  name: 'row_limit',
  default: 10000,
  validators: [{ kind: 'nonEmpty' }, { kind: 'positiveInteger' }, { kind: 'max', max: null }],
} as const;

export const testPanels: Record<string, PanelShape> = {
  table: {
    sections: [
      {
        controlSetRows: [
          [{ name: 'groupby', multi: true, default: [] }],
          [{ name: 'metrics', multi: true, validators: [{ kind: 'nonEmpty' }] }],
          [rowLimit],
        ],
      },
    ],
  },
  pie: {
    sections: [
      {
        controlSetRows: [
          [{ name: 'groupby', multi: true, default: [] }],
          [{ name: 'metric', validators: [{ kind: 'nonEmpty' }] }],
          [{ name: 'donut', default: false }],
          [rowLimit],
        ],
      },
    ],
  },
};
