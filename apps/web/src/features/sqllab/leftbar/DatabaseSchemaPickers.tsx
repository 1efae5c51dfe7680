import { skipToken } from '@reduxjs/toolkit/query';
import type { SqlLabDatabase } from '@tessera/contracts';
import { Select } from 'antd';
import { useAppDispatch } from '../../../app/hooks';
import { useGetSchemasQuery } from '../../databases/databases-api';
import { setSchema, updateQueryEditor, type QueryEditor } from '../state';

/** The tab's database (those exposed in SQL Lab); a new database clears the schema. */
export function DatabaseSelect({
  editor,
  databases,
}: {
  editor: QueryEditor;
  databases: readonly SqlLabDatabase[];
}) {
  const dispatch = useAppDispatch();
  return (
    <Select<number>
      data-test="sqllab-database-select"
      aria-label="Database"
      placeholder="Choose a database"
      showSearch={{ optionFilterProp: 'label' }}
      value={
        databases.some((database) => database.id === editor.dbId) ? (editor.dbId ?? undefined) : undefined
      }
      options={databases.map((database) => ({
        value: database.id,
        label: database.database_name,
        title: database.database_name,
      }))}
      onChange={(dbId) =>
        dispatch(updateQueryEditor({ id: editor.id, changes: { dbId, schema: null, catalog: null } }))
      }
      style={{ width: '100%' }}
    />
  );
}

/** The tab's schema among the database's schemas. */
export function SchemaSelect({ editor }: { editor: QueryEditor }) {
  const dispatch = useAppDispatch();
  const { currentData: schemas, isFetching } = useGetSchemasQuery(editor.dbId ?? skipToken);
  return (
    <Select<string>
      data-test="sqllab-schema-select"
      aria-label="Schema"
      placeholder="Choose a schema"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={isFetching}
      disabled={editor.dbId === null}
      value={editor.schema ?? undefined}
      options={(schemas ?? []).map((schema) => ({ value: schema, label: schema, title: schema }))}
      onChange={(schema: string | undefined) =>
        dispatch(setSchema({ id: editor.id, schema: schema ?? null }))
      }
      style={{ width: '100%' }}
    />
  );
}
