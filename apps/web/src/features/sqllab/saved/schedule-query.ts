import { scheduledQueriesConfSchema, type ScheduledQueriesConf, type ScheduleInfo } from '@tessera/contracts';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { savedQueriesApi } from '../../savedqueries/saved-queries-api';
import { selectQueryEditor } from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';
import { editorToSavedQuery } from './saved-query-mapping';

/** The toasts of spec 000 §8, word for word. */
export const QUERY_SCHEDULED =
  'Your query has been scheduled. To see details of your query, navigate to Saved queries';
export const QUERY_SCHEDULE_FAILED = 'Your query could not be scheduled';

/** The schedule form SCHEDULED_QUERIES describes, or null (not configured or not readable: no action). */
export function scheduleConf(conf: Readonly<Record<string, unknown>> | undefined): ScheduledQueriesConf {
  const parsed = scheduledQueriesConfSchema.safeParse(conf?.SCHEDULED_QUERIES ?? null);
  return parsed.success ? parsed.data : null;
}

/**
 * 'Schedule query': saves the tab as a new saved query whose extra_json holds what the schedule form
 * collected (`{"schedule_info": {…}}`, read by whatever runs the schedules), then toasts
 * QUERY_SCHEDULED, or QUERY_SCHEDULE_FAILED when it could not be saved. True when it worked.
 */
export function scheduleEditorQuery(
  editorId: string,
  values: { label: string; description: string; schedule: ScheduleInfo },
): AppThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), editorId);
    const body = editor === null ? null : editorToSavedQuery(editor, values);
    if (body === null) {
      dispatch(toastAdded('danger', QUERY_SCHEDULE_FAILED));
      return false;
    }
    const outcome = await dispatch(
      savedQueriesApi.endpoints.createSavedQuery.initiate(
        { ...body, extra_json: JSON.stringify({ schedule_info: values.schedule }) },
        { track: false },
      ),
    );
    if (outcome.data === undefined) {
      dispatch(toastAdded('danger', QUERY_SCHEDULE_FAILED));
      return false;
    }
    dispatch(toastAdded('success', QUERY_SCHEDULED));
    return true;
  };
}
