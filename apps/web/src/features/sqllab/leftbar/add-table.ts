import { databasesApi } from '../../databases/databases-api';
import { runDataPreview } from '../run/run-editor';
import { mergeTable, sameTable, selectEditorTables, type TableIdentity } from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';

/**
 * Adds a table's schema panel (first in the left bar) and runs its data preview once its metadata,
 * and so its SELECT *, is known (spec 000 §2). A panel that already has a preview keeps it; a
 * database that disables data preview gets none (runDataPreview).
 */
export function addTablePanel(panel: TableIdentity): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(mergeTable({ table: { ...panel, expanded: true }, prepend: true }));
    const { dbId, schema, name } = panel;
    const outcome = await dispatch(
      databasesApi.endpoints.getTableMetadata.initiate(
        { databaseId: dbId, schema: schema ?? '', table: name },
        { subscribe: false },
      ),
    );
    // A failure is shown by the panel itself, which asks for the same metadata.
    const data = outcome.data;
    if (data === undefined) return;
    dispatch(
      mergeTable({
        table: {
          ...panel,
          columns: data.columns,
          selectStar: data.selectStar,
          primaryKey: data.primaryKey,
          foreignKeys: data.foreignKeys,
          indexes: data.indexes,
          initialized: true,
        },
      }),
    );
    const table = selectEditorTables(sqlLabState(getState()), panel.queryEditorId).find((candidate) =>
      sameTable(candidate, panel),
    );
    if (table?.dataPreviewQueryId === null) await dispatch(runDataPreview(table));
  };
}
