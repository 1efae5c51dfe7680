import type { DatasetCreate, DatasetUpdate, ListQuery } from '@tessera/contracts';

/** What of a SQL Lab query a dataset is made from (a subset of the SQL Lab query state). */
export interface DatasetSource {
  dbId: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  templateParams: string | null;
  columns: { column_name: string; type: string | null; type_generic: number | null; is_dttm: boolean }[];
}

export const CREATE_FAILED_MESSAGE = 'An error occurred while creating the data source';
export const NAME_REQUIRED = 'Dataset name is required';
export const OVERWRITE_REQUIRED = 'Choose the dataset to overwrite';
export const OVERWRITE_CONFIRM = 'Are you sure you want to overwrite this dataset?';
export const OVERWRITE_FAILED_MESSAGE = 'An error occurred while overwriting the dataset';

/** Field names of the create body as the person saving reads them. */
export const FIELD_LABELS: Record<string, string> = {
  database: 'Database',
  schema: 'Schema',
  catalog: 'Catalog',
  sql: 'SQL',
  template_params: 'Template parameters',
  columns: 'Columns',
};

/** The POST /api/v1/dataset/ body for a virtual dataset from a SQL Lab result. */
export function datasetCreateBody(source: DatasetSource, tableName: string): DatasetCreate {
  const params = templateParamsOf(source);
  return {
    database: source.dbId,
    catalog: source.catalog,
    schema: source.schema,
    sql: source.sql,
    table_name: tableName.trim(),
    ...(params === '' ? {} : { template_params: params }),
    columns: source.columns.map((column) => ({
      column_name: column.column_name,
      type: column.type,
      type_generic: column.type_generic,
      is_dttm: column.is_dttm,
    })),
  };
}

function templateParamsOf(source: DatasetSource): string {
  return source.templateParams?.trim() ?? '';
}

/**
 * The PUT /api/v1/dataset/{id}?override_columns=true body that replaces a virtual dataset's SQL,
 * template parameters and columns with the query's; name, owners and metrics stay.
 */
export function datasetOverwriteBody(source: DatasetSource): DatasetUpdate {
  const params = templateParamsOf(source);
  return {
    sql: source.sql,
    template_params: params === '' ? null : params,
    columns: source.columns.map((column) => ({
      column_name: column.column_name,
      type: column.type,
      is_dttm: column.is_dttm,
    })),
  };
}

/**
 * The datasets a query may overwrite: virtual ones the user owns on the query's database, by name,
 * searched on the server.
 */
export function overwriteCandidatesQuery(
  dbId: number,
  userId: number,
  search: string,
  page: number,
  pageSize: number,
): ListQuery {
  const needle = search.trim();
  return {
    filters: [
      { col: 'owners', opr: 'rel_m_m', value: userId },
      { col: 'database', opr: 'rel_o_m', value: dbId },
      { col: 'sql', opr: 'dataset_is_null_or_empty', value: false },
      ...(needle === '' ? [] : [{ col: 'table_name', opr: 'ct', value: needle }]),
    ],
    order_column: 'table_name',
    order_direction: 'asc',
    page,
    page_size: pageSize,
  };
}
