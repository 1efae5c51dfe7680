import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { loadFailureText } from '../api/load-failure';
import { addNewTab } from '../run/editor-actions';
import type { AppThunk } from '../store/sqllab-store';
import { sharingApi } from './sharing-api';
import { SHARED_QUERY_LOAD_FAILED, type SharedQuery, type SharedQuerySource } from './shared-query';

function readShared(source: SharedQuerySource): AppThunk<Promise<{ data?: SharedQuery; error?: unknown }>> {
  return async (dispatch) => {
    const outcome =
      source.kind === 'permalink'
        ? await dispatch(sharingApi.endpoints.readSqlLabPermalink.initiate(source.key, { track: false }))
        : source.kind === 'kv'
          ? await dispatch(sharingApi.endpoints.readKvQuery.initiate(source.key, { track: false }))
          : await dispatch(sharingApi.endpoints.readPastQuery.initiate(source.id, { track: false }));
    return { data: outcome.data, error: outcome.error };
  };
}

/** Opens the shared query in a new tab; true when it loaded, else the failure toast (spec 000 §8). */
export function openSharedQuery(source: SharedQuerySource): AppThunk<Promise<boolean>> {
  return async (dispatch) => {
    const { data: shared, error } = await dispatch(readShared(source));
    if (shared === undefined) {
      dispatch(toastAdded('danger', loadFailureText(SHARED_QUERY_LOAD_FAILED, error)));
      return false;
    }
    dispatch(
      addNewTab({
        ...(shared.name === null ? {} : { name: shared.name }),
        dbId: shared.dbId,
        sql: shared.sql,
        schema: shared.schema,
        catalog: shared.catalog,
        templateParams: shared.templateParams,
        autorun: shared.autorun,
      }),
    );
    return true;
  };
}
