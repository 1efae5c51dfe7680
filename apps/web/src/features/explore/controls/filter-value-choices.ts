import { useCallback } from 'react';
import type { ColumnValue, DatasourceColumn, ExploreDatasource } from '@tessera/contracts';
import {
  pageOfList,
  type AsyncSelectOption,
  type FetchSelectOptions,
} from '../../../shared/ui/async-select/async-select-rules';
import { useLazyGetColumnValuesQuery } from '../api/explore-api';
import { isTemporalColumn } from './adhoc';

type ColumnKind = Pick<DatasourceColumn, 'is_dttm' | 'type_generic'> | undefined;

/** Epoch ms as the `YYYY-MM-DD HH:MM:SS` text (UTC, as the server reads naive times) a filter compares with. */
function timestampText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A distinct value as a choice. NULL is left out: IS NULL says it. Times come as epoch ms and are
 * offered as their text; booleans as their text; numbers stay numbers, so the comparator does too.
 */
export function valueChoice(value: ColumnValue, column: ColumnKind): AsyncSelectOption | null {
  if (value === null) return null;
  if (typeof value === 'number' && isTemporalColumn(column)) {
    const text = Number.isFinite(value) ? timestampText(value) : String(value);
    return { value: text, label: text };
  }
  if (typeof value === 'boolean') return { value: String(value), label: String(value) };
  return { value, label: String(value) };
}

/**
 * The choices of a filter's value picker: the column's distinct values from
 * `GET /api/v1/datasource/<type>/<id>/column/<column>/values/`, sent whole and searched and paged here.
 * No column (or a failed read, which the picker shows) offers nothing; typed values stay possible.
 */
export function useFilterValueChoices(
  datasource: Pick<ExploreDatasource, 'id' | 'type'>,
  columnName: string | undefined,
  column: ColumnKind,
): FetchSelectOptions {
  const [getColumnValues] = useLazyGetColumnValuesQuery();
  return useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      if (columnName === undefined || columnName === '') return { options: [], totalCount: 0 };
      const values = await getColumnValues(
        { datasourceType: datasource.type, datasourceId: datasource.id, column: columnName },
        true,
      ).unwrap();
      const choices = values.result
        .map((value) => valueChoice(value, column))
        .filter((choice): choice is AsyncSelectOption => choice !== null);
      return pageOfList(choices, search, page, pageSize);
    },
    [getColumnValues, datasource.type, datasource.id, columnName, column],
  );
}
