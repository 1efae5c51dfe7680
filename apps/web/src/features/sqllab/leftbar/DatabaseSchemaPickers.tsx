import type { SqlLabDatabase } from '@tessera/contracts';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../../shared/ui/async-select/async-select-rules';
import { useDatabaseChoices, useSchemaChoices } from '../../databases/database-choices';
import { setSchema, updateQueryEditor, type QueryEditor } from '../state';

/**
 * The tab's database among those exposed in SQL Lab, read from the server a page at a time; a new
 * database clears the schema. `databases` (the SQL Lab bootstrap's) names the chosen one.
 */
export function DatabaseSelect({
  editor,
  databases,
}: {
  editor: QueryEditor;
  databases: readonly SqlLabDatabase[];
}) {
  const dispatch = useAppDispatch();
  const fetchDatabases = useDatabaseChoices({ sqlLabOnly: true });
  // A database connected after SQL Lab loaded is not in `databases`: the picked choice names it.
  const [picked, setPicked] = useState<AsyncSelectOption | null>(null);
  const known = databases.find((database) => database.id === editor.dbId);
  const value =
    known !== undefined
      ? { value: known.id, label: known.database_name }
      : picked !== null && picked.value === editor.dbId
        ? picked
        : null;
  return (
    <AsyncSelect
      data-test="sqllab-database-select"
      aria-label="Database"
      placeholder="Choose a database"
      fetchOptions={fetchDatabases}
      value={value}
      onChange={(choice) => {
        if (choice === null || typeof choice.value !== 'number') return;
        setPicked(choice);
        dispatch(
          updateQueryEditor({
            id: editor.id,
            changes: { dbId: choice.value, schema: null, catalog: null },
          }),
        );
      }}
    />
  );
}

/** The tab's schema among the database's schemas. */
export function SchemaSelect({ editor }: { editor: QueryEditor }) {
  const dispatch = useAppDispatch();
  const fetchSchemas = useSchemaChoices(editor.dbId);
  return (
    <AsyncSelect
      data-test="sqllab-schema-select"
      aria-label="Schema"
      placeholder="Choose a schema"
      allowClear
      disabled={editor.dbId === null}
      reloadKey={String(editor.dbId)}
      fetchOptions={fetchSchemas}
      value={editor.schema === null ? null : { value: editor.schema, label: editor.schema }}
      onChange={(picked) =>
        dispatch(setSchema({ id: editor.id, schema: picked === null ? null : String(picked.value) }))
      }
    />
  );
}
