import { removeQueryEditor } from '../state';
import type { AppThunk } from '../store/sqllab-store';
import { deleteClosedTabs } from './sync';

/** Closes a tab and deletes it on the server at once (spec 000 §4 "Persistence": a closed tab stays closed). */
export function closeTab(id: string): AppThunk<Promise<void>> {
  return async (dispatch) => {
    dispatch(removeQueryEditor({ id }));
    await dispatch(deleteClosedTabs());
  };
}
