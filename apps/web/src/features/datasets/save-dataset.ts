import type { DatasetCreate } from '@tessera/contracts';

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
  const params = source.templateParams?.trim() ?? '';
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
