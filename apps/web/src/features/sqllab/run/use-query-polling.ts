import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { sqlLabApi } from '../api/sqllab-api';
import { clearInactiveQueries, refreshQueries } from '../state';
import { sqlLabSelector, sqlLabState } from '../store/sqllab-store';
import { MAX_QUERY_AGE_TO_POLL_MS, pollSince, QUERY_UPDATE_FREQ_MS, queriesToPoll } from './poll-plan';

const selectHasQueriesToPoll = sqlLabSelector(
  (state) => queriesToPoll(state.sqlLabQueries.queries, Date.now()).length > 0,
);

export interface PollingOptions {
  intervalMs?: number;
}

/**
 * While any query is active, asks the server every two seconds what changed
 * (`GET /api/v1/query/updated_since`) and merges it with `refreshQueries` (reference §2.7).
 * `offline` is true while the poll fails.
 */
export function useQueryPolling({ intervalMs = QUERY_UPDATE_FREQ_MS }: PollingOptions = {}): {
  offline: boolean;
} {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const shouldPoll = useAppSelector(selectHasQueriesToPoll);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    if (!shouldPoll) return undefined;
    let cancelled = false;
    let inFlight = false;
    const poll = async () => {
      if (inFlight) return;
      inFlight = true;
      const { sqlLabQueries } = sqlLabState(store.getState());
      const since = pollSince(
        sqlLabQueries.queriesLastUpdate,
        queriesToPoll(sqlLabQueries.queries, Date.now()),
      );
      const outcome = await dispatch(
        sqlLabApi.endpoints.pollQueries.initiate(since, { subscribe: false, forceRefetch: true }),
      );
      inFlight = false;
      if (cancelled) return;
      if (outcome.data === undefined) {
        setOffline(true);
        return;
      }
      setOffline(false);
      if (outcome.data.length > 0) dispatch(refreshQueries({ queries: outcome.data }));
    };
    const timer = setInterval(() => void poll(), intervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [dispatch, store, shouldPoll, intervalMs]);

  return { offline: offline && shouldPoll };
}

/** How often queries that never finished are swept out (spec 000 §4 "Clearing inactive queries"). */
export const CLEAR_INACTIVE_EVERY_MS = 60_000;

/**
 * Drops queries left running or pending without progress for longer than the async time limit (the
 * server can no longer be working on them), now and then every minute.
 */
export function useClearInactiveQueries(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const sweep = () => dispatch(clearInactiveQueries({ interval: MAX_QUERY_AGE_TO_POLL_MS }));
    sweep();
    const timer = setInterval(sweep, CLEAR_INACTIVE_EVERY_MS);
    return () => {
      clearInterval(timer);
    };
  }, [dispatch]);
}
