import { useCallback } from 'react';
import type { FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { useLazyListDatasetsQuery } from './datasets-api';

/** Keeps the datasets of one database, and of one of its schemas when given. */
export interface DatasetScope {
  databaseId: number;
  schema: string | null;
}

/**
 * The datasets the user can read for a picker, a page at a time from `GET /api/v1/dataset/` with the
 * search as `table_name ct`, by name; `scope` narrows them to a database (and schema).
 */
export function useDatasetChoices(scope?: DatasetScope): FetchSelectOptions {
  const [listDatasets] = useLazyListDatasetsQuery();
  const databaseId = scope?.databaseId;
  const schema = scope?.schema ?? null;
  return useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listDatasets(
        {
          filters: [
            ...(databaseId === undefined ? [] : [{ col: 'database', opr: 'rel_o_m', value: databaseId }]),
            ...(schema === null ? [] : [{ col: 'schema', opr: 'eq', value: schema }]),
            ...(search === '' ? [] : [{ col: 'table_name', opr: 'ct', value: search }]),
          ],
          order_column: 'table_name',
          order_direction: 'asc',
          page,
          page_size: pageSize,
        },
        true,
      ).unwrap();
      return {
        options: response.result.map((dataset) => ({ value: dataset.id, label: dataset.table_name })),
        totalCount: response.count,
      };
    },
    [listDatasets, databaseId, schema],
  );
}
