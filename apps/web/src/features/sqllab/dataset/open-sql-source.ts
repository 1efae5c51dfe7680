import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { loadFailureText } from '../api/load-failure';
import { addNewTab } from '../run/editor-actions';
import type { AppThunk } from '../store/sqllab-store';
import { sqlLabDatasetApi } from './dataset-api';
import { DATASOURCE_LOAD_FAILED, type SqlSource } from './dataset-param';

/**
 * Opens a new tab for the source: a dataset's database, catalog and schema with the given SQL, else
 * the dataset's own SQL (virtual), else its SELECT *; or the given database and SQL. True when a tab
 * opened; a dataset that cannot be read shows 'The datasource couldn't be loaded' (or the request
 * failure text of loadFailureText).
 */
export function openSqlSource(source: SqlSource): AppThunk<Promise<boolean>> {
  return async (dispatch) => {
    if (source.kind === 'sql') {
      dispatch(
        addNewTab({
          dbId: source.dbId,
          sql: source.sql,
          schema: source.schema,
          catalog: source.catalog,
          ...(source.name === null ? {} : { name: source.name }),
        }),
      );
      return true;
    }
    const outcome = await dispatch(
      sqlLabDatasetApi.endpoints.readDatasetForSqlLab.initiate(source.datasetId, { track: false }),
    );
    if (outcome.data === undefined) {
      dispatch(toastAdded('danger', loadFailureText(DATASOURCE_LOAD_FAILED, outcome.error)));
      return false;
    }
    const dataset = outcome.data;
    dispatch(
      addNewTab({
        name: dataset.table_name,
        dbId: dataset.database.id,
        catalog: dataset.catalog,
        schema: dataset.schema,
        sql: source.sql ?? dataset.sql ?? dataset.select_star,
      }),
    );
    return true;
  };
}
