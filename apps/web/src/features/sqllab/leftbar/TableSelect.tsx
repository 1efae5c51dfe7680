import { useAppDispatch } from '../../../app/hooks';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import { useTableChoices } from '../../databases/database-choices';
import type { QueryEditor } from '../state';
import { addTablePanel } from './add-table';

/** Searches the schema's tables; picking one adds its schema panel to the left bar and previews its rows. */
export function TableSelect({ editor }: { editor: QueryEditor }) {
  const dispatch = useAppDispatch();
  const { dbId, schema } = editor;
  const fetchTables = useTableChoices(dbId, schema);
  return (
    <AsyncSelect
      data-test="sqllab-table-select"
      aria-label="Add a table"
      placeholder={schema === null ? 'Choose a schema first' : 'Add a table…'}
      disabled={dbId === null || schema === null}
      reloadKey={`${String(dbId)}|${schema ?? ''}`}
      fetchOptions={fetchTables}
      // The picker only adds: the table goes to the panels and the picker stays empty.
      value={null}
      onChange={(picked) => {
        if (picked === null || dbId === null || schema === null) return;
        void dispatch(
          addTablePanel({
            dbId,
            queryEditorId: editor.id,
            catalog: editor.catalog,
            schema,
            name: String(picked.value),
          }),
        );
      }}
    />
  );
}
