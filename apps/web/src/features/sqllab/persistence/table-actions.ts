import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { collapseTable, expandTable, removeDataPreview, removeTables, type Table } from '../state';
import type { AppThunk } from '../store/sqllab-store';
import { backendPersistenceOn, failureStatus } from './outcome';
import { tabStateApi } from './tab-state-api';

const ADMIN_HINT = 'Please contact your administrator.';
export const TABLE_EXPAND_FAILED = `An error occurred while expanding the table schema. ${ADMIN_HINT}`;
export const TABLE_COLLAPSE_FAILED = `An error occurred while collapsing the table schema. ${ADMIN_HINT}`;
export const TABLE_REMOVE_FAILED = `An error occurred while removing the table schema. ${ADMIN_HINT}`;

/** A panel the server has (its id is the server's); local panels reach the server with the sync loop. */
function onServer(table: Table): boolean {
  return !table.inLocalStorage;
}

/** Expands or collapses a panel, and tells the server (POST /tableschemaview/{id}/expanded). */
export function toggleTablePanel(table: Table): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const expanded = !table.expanded;
    dispatch(expanded ? expandTable({ id: table.id }) : collapseTable({ id: table.id }));
    if (!backendPersistenceOn(getState()) || !onServer(table)) return;
    const outcome = await dispatch(
      tabStateApi.endpoints.setTableSchemaExpanded.initiate({ id: table.id, expanded }, { track: false }),
    );
    if (outcome.error !== undefined) {
      dispatch(toastAdded('danger', expanded ? TABLE_EXPAND_FAILED : TABLE_COLLAPSE_FAILED));
    }
  };
}

/** Removes a panel (and its data preview), and deletes it on the server (DELETE /tableschemaview/{id}). */
export function removeTablePanel(table: Table): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (table.dataPreviewQueryId !== null) dispatch(removeDataPreview({ table }));
    dispatch(removeTables({ ids: [table.id] }));
    if (!backendPersistenceOn(getState()) || !onServer(table)) return;
    const outcome = await dispatch(
      tabStateApi.endpoints.deleteTableSchema.initiate(table.id, { track: false }),
    );
    if (outcome.error !== undefined && failureStatus(outcome.error) !== 404) {
      dispatch(toastAdded('danger', TABLE_REMOVE_FAILED));
    }
  };
}
