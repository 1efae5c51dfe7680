import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { databasesApi, useGetSchemasQuery, useGetTablesQuery } from '../../databases/databases-api';
import { useGetFunctionNamesQuery } from '../api/sqllab-api';
import { selectEditorTables, type QueryEditor } from '../state';
import { sqlLabSelector } from '../store/sqllab-store';
import type { ColumnInfo, CompletionData } from './completion';
import { referencedTables } from './referenced-tables';

const selectTables = sqlLabSelector(selectEditorTables);
const NO_STRINGS: readonly string[] = [];

/** Subscribes to the metadata of the named tables and returns their columns (cached by RTK Query). */
function useTableColumns(
  databaseId: number | null,
  schema: string | null,
  tables: readonly string[],
): Record<string, ColumnInfo[]> {
  const dispatch = useAppDispatch();
  const key = tables.join('\u0000');
  const args = useMemo(
    () =>
      databaseId === null || schema === null
        ? []
        : key
            .split('\u0000')
            .filter((table) => table !== '')
            .map((table) => ({ databaseId, schema, table })),
    [databaseId, schema, key],
  );

  useEffect(() => {
    const subscriptions = args.map((arg) => dispatch(databasesApi.endpoints.getTableMetadata.initiate(arg)));
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [dispatch, args]);

  const selectColumns = useMemo(
    () =>
      createSelector(
        args.map(
          (arg) => (state: RootState) => databasesApi.endpoints.getTableMetadata.select(arg)(state).data,
        ),
        (...metadata) => {
          const columns: Record<string, ColumnInfo[]> = {};
          metadata.forEach((table, index) => {
            const name = args[index]?.table;
            if (table !== undefined && name !== undefined) {
              columns[name] = table.columns.map((column) => ({ name: column.name, type: column.type }));
            }
          });
          return columns;
        },
      ),
    [args],
  );
  return useAppSelector(selectColumns);
}

/**
 * Everything the editor completes for a tab: the database's schemas and functions, the tables of the
 * tab's schema, and the columns of the tables in the left bar and of those the SQL names.
 */
export function useCompletionData(editor: QueryEditor): CompletionData {
  const { dbId, schema } = editor;
  const schemas = useGetSchemasQuery(dbId ?? skipToken).currentData ?? NO_STRINGS;
  const tablesResponse = useGetTablesQuery(
    dbId === null || schema === null ? skipToken : { databaseId: dbId, schema },
  ).currentData;
  const functions = useGetFunctionNamesQuery(dbId ?? skipToken).currentData ?? NO_STRINGS;
  const tableNames = useMemo(
    () => tablesResponse?.result.map((table) => table.value) ?? [],
    [tablesResponse],
  );

  const deferredSql = useDeferredValue(editor.sql);
  const named = useMemo(() => referencedTables(deferredSql, tableNames), [deferredSql, tableNames]);
  const namedColumns = useTableColumns(dbId, schema, named);

  const panels = useAppSelector((state) => selectTables(state, editor.id));
  const panelColumns = useMemo(() => {
    const columns: Record<string, ColumnInfo[]> = {};
    for (const table of panels) {
      if (table.dbId === dbId && table.columns.length > 0) {
        columns[table.name] = table.columns.map((column) => ({ name: column.name, type: column.type }));
      }
    }
    return columns;
  }, [panels, dbId]);

  return useMemo(
    () => ({
      schemas,
      schema,
      tables: tableNames,
      columns: { ...namedColumns, ...panelColumns },
      functions,
    }),
    [schemas, schema, tableNames, namedColumns, panelColumns, functions],
  );
}
