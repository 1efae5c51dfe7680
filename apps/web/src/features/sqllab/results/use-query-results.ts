import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useSqlLabConf } from '../conf/use-sqllab-conf';
import { fetchQueryResults } from '../run/run-query';
import type { Query } from '../state';

const NOT_FETCHABLE = new Set(['stopped', 'failed', 'timed_out', 'fetching']);

/** True when the rows of a query are on the server (results key) but not here yet (reference §2.7 step 3). */
export function needsResults(query: Query): boolean {
  if (query.resultsKey === null || query.results !== null || NOT_FETCHABLE.has(query.state)) return false;
  // A sync run brings its rows with the execute response; only a finished or async query is fetched.
  return query.runAsync || query.state === 'success';
}

/** Fetches the rows of a shown query once its results key is known (`rows` = DISPLAY_MAX_ROW). */
export function useQueryResults(query: Query | null): void {
  const dispatch = useAppDispatch();
  const { displayMaxRow } = useSqlLabConf();
  const requested = useRef(new Set<string>());
  const id = query?.id ?? null;
  const resultsKey = query?.resultsKey ?? null;
  const wanted = query !== null && needsResults(query);

  useEffect(() => {
    if (!wanted || id === null || resultsKey === null) return;
    const key = `${id}:${resultsKey}`;
    if (requested.current.has(key)) return;
    requested.current.add(key);
    void dispatch(fetchQueryResults(id, resultsKey, displayMaxRow));
  }, [dispatch, wanted, id, resultsKey, displayMaxRow]);
}
