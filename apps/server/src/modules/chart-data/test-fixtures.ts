import type { DatasourceColumn, ExploreDatasource } from '@tessera/contracts';

/** A hand-built birth_names datasource for compiler tests. */
export function column(name: string, overrides: Partial<DatasourceColumn> = {}): DatasourceColumn {
  return {
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
    ...overrides,
  };
}

export function birthNames(overrides: Partial<ExploreDatasource> = {}): ExploreDatasource {
  return {
    id: 7,
    uid: '7__table',
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
      column('ds', { type: 'TIMESTAMP', type_generic: 2, is_dttm: true }),
      column('gender'),
      column('name'),
      column('state'),
      column('num', { type: 'BIGINT', type_generic: 0 }),
      column('num_boys', { type: 'BIGINT', type_generic: 0 }),
      column('is_boy', { type: 'BOOLEAN', type_generic: 3, expression: "gender = 'boy'" }),
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
    time_grain_sqla: [],
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
    edit_url: '',
    extra: null,
    always_filter_main_dttm: false,
    normalize_columns: false,
    ...overrides,
  };
}
