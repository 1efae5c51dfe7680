import type { Action, ThunkAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../../app/store';
import {
  costsSlice,
  editorsSlice,
  queriesSlice,
  syncStatusSlice,
  tablesSlice,
  type SqlLabRootState,
} from '../state';

/**
 * SQL Lab's slices join the root reducer when this chunk loads (see app/store.ts), so the login page
 * and the shell never download them. Until the next action the injected keys are still undefined;
 * selectors wrapped by `sqlLabSelector` read the slices' initial state in that gap.
 */
const sqlLabReducer = rootReducer
  .inject({ reducerPath: 'sqlLabEditors', reducer: editorsSlice.reducer })
  .inject({ reducerPath: 'sqlLabQueries', reducer: queriesSlice.reducer })
  .inject({ reducerPath: 'sqlLabTables', reducer: tablesSlice.reducer })
  .inject({ reducerPath: 'sqlLabCosts', reducer: costsSlice.reducer })
  .inject({ reducerPath: 'sqlLabSync', reducer: syncStatusSlice.reducer });

/**
 * The SQL Lab part of the root state, initial state filled in where nothing has run yet. It returns a
 * new object on every call: use it inside selectors, never as a `useSelector` result.
 */
const selectSqlLabState = sqlLabReducer.selector((state): SqlLabRootState => ({
  sqlLabEditors: state.sqlLabEditors,
  sqlLabQueries: state.sqlLabQueries,
  sqlLabTables: state.sqlLabTables,
  sqlLabCosts: state.sqlLabCosts,
  sqlLabSync: state.sqlLabSync,
}));

export function sqlLabState(state: RootState): SqlLabRootState {
  return selectSqlLabState(state);
}

/** Makes a selector over the SQL Lab state usable on the app's root state (memoisation is kept). */
export function sqlLabSelector<Args extends unknown[], Result>(
  selector: (state: SqlLabRootState, ...args: Args) => Result,
): (state: RootState, ...args: Args) => Result {
  return (state, ...args) => selector(selectSqlLabState(state), ...args);
}

/** A thunk of the app store (dispatch, getState). */
export type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, Action>;
