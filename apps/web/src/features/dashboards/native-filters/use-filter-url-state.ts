import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectNativeFilters } from '../state/dashboard-store';
import { nativeFiltersApi } from './native-filters-api';
import { nativeFiltersActions } from './native-filters.slice';
import {
  NATIVE_FILTERS_KEY_PARAM,
  NATIVE_FILTERS_PARAM,
  parseDataMaskText,
  persistedMasks,
} from './url-state';

/**
 * Keeps the applied masks in the URL (issue #13 scope 3): `native_filters_key` names a filter state
 * (POST /dashboard/{id}/filter_state, then PUT on each change), so a reload reads the same masks back.
 */
export function useFilterUrlState(dashboardId: number): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const applied = useAppSelector((state) => selectNativeFilters(state).applied);
  const masksReady = useAppSelector((state) => selectNativeFilters(state).masksReady);
  const [createState] = nativeFiltersApi.useCreateFilterStateMutation();
  const [updateState] = nativeFiltersApi.useUpdateFilterStateMutation();
  const key = new URLSearchParams(location.search).get(NATIVE_FILTERS_KEY_PARAM);
  const written = useRef<string | null>(null);
  const searchRef = useRef(location.search);
  searchRef.current = location.search;

  // Reading the key's masks once when the dashboard opens with one.
  useEffect(() => {
    if (masksReady || key === null || dashboardId === 0) return;
    let cancelled = false;
    void dispatch(nativeFiltersApi.endpoints.getFilterState.initiate({ dashboardId, key })).then((result) => {
      if (cancelled) return;
      const masks = result.data === undefined ? null : parseDataMaskText(result.data.value);
      written.current = result.data?.value ?? null;
      dispatch(nativeFiltersActions.masksRestored(masks ?? {}));
    });
    return () => {
      cancelled = true;
    };
    // Only the first read: later key changes come from this hook's own writes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dashboardId, masksReady]);

  useEffect(() => {
    if (!masksReady || dashboardId === 0) return;
    const value = JSON.stringify(persistedMasks(applied));
    if (value === written.current) return;
    if (written.current === null && key === null && value === '{}') {
      written.current = value;
      return;
    }
    written.current = value;
    const write = async () => {
      let kept: string | null = null;
      if (key !== null) {
        const result = await updateState({ dashboardId, key, value });
        if (!('error' in result)) kept = key;
      }
      if (kept === null) {
        const created = await createState({ dashboardId, value });
        if ('error' in created) return;
        kept = created.data.key;
      }
      const params = new URLSearchParams(searchRef.current);
      // The key now holds the preselected masks and what changed since; a preselect left in the URL
      // would override them on reload.
      if (kept === key && !params.has(NATIVE_FILTERS_PARAM)) return;
      params.set(NATIVE_FILTERS_KEY_PARAM, kept);
      params.delete(NATIVE_FILTERS_PARAM);
      void navigate(
        { search: `?${params.toString()}`, hash: window.location.hash },
        { replace: true, state: null },
      );
    };
    void write();
  }, [applied, masksReady, key, dashboardId, createState, updateState, navigate]);
}
