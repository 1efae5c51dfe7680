import { EyeOutlined, TableOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { pageOfList, type FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { useLazyGetSchemasQuery, useLazyGetTablesQuery, useLazyListDatabasesQuery } from './databases-api';

/**
 * The databases for a picker, read a page at a time from `GET /api/v1/database/` with the search as
 * `database_name ct`; `sqlLabOnly` keeps those exposed in SQL Lab.
 */
export function useDatabaseChoices({ sqlLabOnly }: { sqlLabOnly: boolean }): FetchSelectOptions {
  const [listDatabases] = useLazyListDatabasesQuery();
  return useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listDatabases(
        {
          filters: [
            ...(sqlLabOnly ? [{ col: 'expose_in_sqllab', opr: 'eq', value: true }] : []),
            ...(search === '' ? [] : [{ col: 'database_name', opr: 'ct', value: search }]),
          ],
          order_column: 'database_name',
          order_direction: 'asc',
          page,
          page_size: pageSize,
        },
        true,
      ).unwrap();
      return {
        options: response.result.map((database) => ({ value: database.id, label: database.database_name })),
        totalCount: response.count,
      };
    },
    [listDatabases, sqlLabOnly],
  );
}

/** A database's schemas: the server sends them whole, so they are searched and paged here. */
export function useSchemaChoices(databaseId: number | null): FetchSelectOptions {
  const [getSchemas] = useLazyGetSchemasQuery();
  return useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      if (databaseId === null) return { options: [], totalCount: 0 };
      const schemas = await getSchemas(databaseId, true).unwrap();
      return pageOfList(
        schemas.map((schema) => ({ value: schema, label: schema })),
        search,
        page,
        pageSize,
      );
    },
    [getSchemas, databaseId],
  );
}

/** A schema's tables and views (each with its icon), sent whole by the server and paged here. */
export function useTableChoices(databaseId: number | null, schema: string | null): FetchSelectOptions {
  const [getTables] = useLazyGetTablesQuery();
  return useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      if (databaseId === null || schema === null) return { options: [], totalCount: 0 };
      const tables = await getTables({ databaseId, schema }, true).unwrap();
      return pageOfList(
        tables.result.map((table) => ({
          value: table.value,
          label: table.value,
          icon: table.type === 'table' ? <TableOutlined /> : <EyeOutlined />,
        })),
        search,
        page,
        pageSize,
      );
    },
    [getTables, databaseId, schema],
  );
}
